// What merge refuses before it merges anything: a partial that is not there, and partials written under extraction
// settings that are no longer the config's (exit 2, in words that say what to do).
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempDir } from "../properties/trees.js";
import { captureIo } from "./io.js";

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures", "near-miss", "status-route", "word-it-returns");

async function run(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(cwd);
  const code = await main(args, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

describe("merge refuses", () => {
  it("a partial that is not there, naming it as typed", async () => {
    const dir = tempDir("merge-absent");
    const r = await run(["merge", "absent.json"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain("no such partial report: absent.json (PARTIAL is a file written by check --shard I/N --output FILE)");
    expect(r.out).toBe("");
  });

  it("partials written before the config's discovery changed: every shard must run again", async () => {
    const dir = tempDir("merge-key");
    cpSync(fixture, dir, { recursive: true });
    const written = await run(["check", dir, "--shard", "1/1", "--no-cache", "--output", "p1.json"], dir);
    expect(written.err).toBe("");
    // The same merge before the change succeeds: only the changed settings make it refuse.
    expect((await run(["merge", "p1.json"], dir)).code).toBe(0);
    const configFile = path.join(dir, "payload-census.config.json");
    const config = JSON.parse(readFileSync(configFile, "utf8")) as Record<string, unknown>;
    writeFileSync(configFile, JSON.stringify({ ...config, discovery: { adapters: ["withErrorHandling"] } }));
    const r = await run(["merge", "p1.json"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "the config's discovery or contract settings (or payload-census itself) changed since the shards ran: run check --shard again for every shard",
    );
    expect(r.out).toBe("");
  });
});
