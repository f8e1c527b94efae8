// merge of one shard's partial prints the text report check prints for the same monitor: the description rows of
// the default report (not every row, which only check --descriptions asks for), the same counts, the same exit code.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempDir } from "../properties/trees.js";
import { captureIo } from "./io.js";

// The reference monitor: more tools than the default report's rows.
const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures", "monitor");

async function run(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(cwd);
  const code = await main(args, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

describe("merge, text format", () => {
  it("prints what check prints, and not the rows of check --descriptions", async () => {
    const dir = tempDir("merge-text");
    expect((await run(["check", fixture, "--shard", "1/1", "--no-cache", "--output", "p1.json"], dir)).err).toBe("");
    const merged = await run(["merge", "p1.json"], dir);
    const checked = await run(["check", fixture, "--no-cache"], dir);
    const everyRow = await run(["check", fixture, "--no-cache", "--descriptions"], dir);
    expect(merged).toEqual(checked);
    expect(everyRow.out).not.toBe(checked.out);
  });
});
