// One file of a cache folder: a header line (with the sum of the body) and the body, written beside its place and
// renamed over it. What every cache of the census (facts, remembered results, token counts, glob listings) is made of.
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";

let temps = 0;

/** Folders this process made or found for its entries: each is made once, not once per entry. */
const folders = new Set<string>();

/**
 * The bytes an entry is written from, reused from one entry to the next. Writing a string makes a buffer of its own
 * each time, and in a process holding thousands of files' facts each such allocation can set off a full collection
 * of the heap: a cold run that fills the cache spent more time there than writing.
 */
let scratch: Buffer | undefined;

/** The UTF-8 bytes of `text`, in the scratch buffer (valid until the next call). */
function encoded(text: string): Buffer {
  const most = text.length * 3;
  if (!scratch || scratch.length < most) scratch = Buffer.allocUnsafeSlow(Math.max(most, 1 << 16));
  return scratch.subarray(0, scratch.write(text, 0, "utf8"));
}

/**
 * Writes an entry of the cache: a header line (with the sum of the body) and the body. Written beside its place and
 * renamed over it: a reader sees the old entry or the new one, never half of one, and two runs writing the same entry
 * at once each rename a whole file of their own. A cache that cannot be written is skipped: a read-only or full disk
 * costs the next run its head start, not this run its result.
 */
export function writeEntry(file: string, header: Record<string, unknown>, body: string): void {
  const temp = `${file}.${process.pid}-${threadId}-${temps++}.tmp`;
  try {
    const bytes = encoded(body);
    const head = `${JSON.stringify({ ...header, sum: createHash("sha1").update(bytes).digest("hex") })}\n`;
    writeWhole(temp, head, bytes);
    renameSync(temp, file);
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was written where nothing can be.
    }
  }
}

/** Writes `head` then `bytes` to a new `file`, its folder made first when this process has not made or seen it. */
function writeWhole(file: string, head: string, bytes: Buffer): void {
  const folder = path.dirname(file);
  let fd: number;
  if (folders.has(folder)) {
    try {
      fd = openSync(file, "w");
    } catch {
      // Removed since (another run pruned the cache): made again below.
      folders.delete(folder);
      writeWhole(file, head, bytes);
      return;
    }
  } else {
    mkdirSync(folder, { recursive: true });
    folders.add(folder);
    fd = openSync(file, "w");
  }
  try {
    writeSync(fd, head);
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
  } finally {
    closeSync(fd);
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
    // Any JSON: a header that is not an object has no sum (and null's is read as none).
    const header = JSON.parse(data.slice(0, newline)) as Record<string, unknown> | null;
    const body = data.slice(newline + 1);
    // The sum covers every byte: a truncated, edited or interleaved entry is not trusted.
    return header?.sum === sum(body) ? { header, body } : undefined;
  } catch {
    return undefined;
  }
}

function sum(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

const digests = new Map<string, string>();

/** Whether a file is a module of the code a digest is of: `.js`, `.ts` or `.cjs`, no declaration. */
function isModule(name: string): boolean {
  return /\.(js|ts|cjs)$/.test(name) && !name.endsWith(".d.ts");
}

/**
 * A digest of `parts` and of the modules (`.js`, `.ts`, `.cjs`, no declarations) in `folder` as installed, then of
 * each of `files` that is there: what a cache entry computed by that code must be keyed by, so a build from other
 * sources never reads another's entries, even at one version number. Computed once per process: code does not change
 * under a running census, and a linter asks every second.
 */
export function codeDigest(parts: readonly string[], folder: string, files: readonly string[] = []): string {
  const memo = JSON.stringify([parts, folder, files]);
  const known = digests.get(memo);
  if (known !== undefined) return known;
  const modules = readdirSync(folder)
    .filter(isModule)
    .sort()
    .map((n) => path.join(folder, n));
  const digest = digestOf(parts, [...modules, ...files].map((file) => [path.basename(file), file] as const));
  digests.set(memo, digest);
  return digest;
}

/**
 * A digest of `parts` and of every module under `folder`, its subfolders' too, each named by its path there: the key
 * of what the whole of that code computes (a census result is the work of every stage, not of the facts alone).
 * Computed once per process, like codeDigest.
 */
export function treeDigest(parts: readonly string[], folder: string): string {
  const memo = JSON.stringify(["tree", parts, folder]);
  const known = digests.get(memo);
  if (known !== undefined) return known;
  const modules: (readonly [string, string])[] = [];
  // An explicit stack of folders: the code's own tree, but no recursion on the depth of a folder's nesting.
  const pending = [""];
  while (pending.length > 0) {
    const relative = pending.pop()!;
    for (const entry of readdirSync(path.join(folder, relative), { withFileTypes: true })) {
      const name = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) pending.push(name);
      else if (isModule(entry.name)) modules.push([name, path.join(folder, name)]);
    }
  }
  modules.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const digest = digestOf(parts, modules);
  digests.set(memo, digest);
  return digest;
}

/** The SHA-1 of `parts` and of each file's label and bytes (a file that is not there is skipped). */
function digestOf(parts: readonly string[], files: readonly (readonly [label: string, file: string])[]): string {
  const hash = createHash("sha1");
  for (const part of parts) hash.update(part).update("\0");
  for (const [label, file] of files) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      continue;
    }
    hash.update(label).update("\0").update(bytes).update("\0");
  }
  return hash.digest("hex");
}
