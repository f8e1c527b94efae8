// merge censuses with the shards' facts: a file whose text is what its shard read is not read again, so a merge of
// partials that cover an unchanged tree has nothing to show progress for, even on a terminal; files changed since
// the shards ran are read again, and that run shows progress as check does (text format, stderr a terminal).
import { appendFileSync, cpSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { filesOf, tempDir } from "../properties/trees.js";
import { captureIo } from "./io.js";

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures", "monitor");

/** A clock that moves a second at every reading: every progress call after the first is past the threshold. */
function fastClock(): () => number {
  let t = 0;
  return () => (t += 1000);
}

async function run(argv: string[], cwd: string): Promise<{ code: number; err: string; out: string }> {
  const io = { ...captureIo(cwd), stderrIsTTY: true, now: fastClock() };
  const code = await main(argv, io);
  return { code, err: io.err.join(""), out: io.out.join("") };
}

/** A copy of the reference monitor and the partial report of its one shard, written in `dir`. */
async function sharded(dir: string): Promise<string> {
  const monitor = path.join(dir, "monitor");
  cpSync(fixture, monitor, { recursive: true });
  const shard = await main(["check", monitor, "--shard", "1/1", "--no-cache", "--output", "p1.json"], captureIo(dir));
  expect(shard).toBe(0);
  return monitor;
}

describe("merge on a terminal", () => {
  it("reads no file the shard read: no progress, and the report check gives", async () => {
    const dir = tempDir("merge-progress");
    const monitor = await sharded(dir);
    const merged = await run(["merge", "p1.json"], dir);
    expect(merged.err).toBe("");
    const io = captureIo(dir);
    const checked = await main(["check", monitor, "--no-cache"], io);
    expect([merged.code, merged.out]).toEqual([checked, io.out.join("")]);
  });

  it("reads again the files changed since: progress on stderr, cleared at the end", async () => {
    const dir = tempDir("merge-progress");
    const monitor = await sharded(dir);
    const tools = filesOf(path.join(monitor, "full", "src", "mcp", "tools")).filter((f) => f.endsWith(".ts"));
    expect(tools.length).toBeGreaterThan(2);
    for (const file of tools) appendFileSync(path.join(monitor, "full", "src", "mcp", "tools", file), "\n// edited after the shard ran\n");
    const merged = await run(["merge", "p1.json"], dir);
    expect(merged.err).toMatch(/^\rpayload-census: \d+\/\d+ files/);
    expect(merged.err.endsWith("\r\x1b[K")).toBe(true);
    // Not in a machine format, nor with --quiet.
    expect((await run(["merge", "p1.json", "--format", "json"], dir)).err).toBe("");
    expect((await run(["merge", "p1.json", "--quiet"], dir)).err).toBe("");
  });
});
