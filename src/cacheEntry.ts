// One file of a cache folder: a header line (with the sum of the body) and the body, written beside its place and
// renamed over it. What every cache of the census (facts, remembered results, token counts, glob listings) is made of.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";

let temps = 0;

/**
 * Writes an entry of the cache: a header line (with the sum of the body) and the body. Written beside its place and
 * renamed over it: a reader sees the old entry or the new one, never half of one, and two runs writing the same entry
 * at once each rename a whole file of their own. A cache that cannot be written is skipped: a read-only or full disk
 * costs the next run its head start, not this run its result.
 */
export function writeEntry(file: string, header: Record<string, unknown>, body: string): void {
  const temp = `${file}.${process.pid}-${threadId}-${temps++}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temp, `${JSON.stringify({ ...header, sum: sum(body) })}\n${body}`);
    renameSync(temp, file);
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was written where nothing can be.
    }
  }
}

/** An entry's header and body, when its header parses and its sum covers every byte of the body; else undefined. */
export function readEntry(file: string): { header: Record<string, unknown>; body: string } | undefined {
  try {
    return decodeEntry(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

export function decodeEntry(data: string): { header: Record<string, unknown>; body: string } | undefined {
  const newline = data.indexOf("\n");
  if (newline < 0) return undefined;
  try {
    const header = JSON.parse(data.slice(0, newline)) as Record<string, unknown>;
    const body = data.slice(newline + 1);
    // The sum covers every byte: a truncated, edited or interleaved entry is not trusted.
    return typeof header === "object" && header !== null && header.sum === sum(body) ? { header, body } : undefined;
  } catch {
    return undefined;
  }
}

function sum(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}
