// Colour in each command's text output: on a terminal's stdout, never in a file written with --output, never when
// stdout is not a terminal.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempDir } from "../properties/trees.js";
import { captureIo } from "./io.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const ESC = "\x1b[";

const COMMANDS: [string, string[]][] = [
  ["trace", ["trace", "fixtures/monitor/full/src/mcp/tools/waits.ts:71", "fixtures/monitor"]],
  ["routes", ["routes", "get_wait_stats", "fixtures/near-miss/status-route/word-it-returns"]],
  ["descriptions --serve", ["descriptions", "--serve", "fixtures/serve/server.mjs", "fixtures/serve"]],
];

async function run(argv: string[], isTTY: boolean): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(root, { isTTY, env: {} });
  const code = await main(argv, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

describe.each(COMMANDS)("%s", (_name, argv) => {
  it("is coloured on a terminal", async () => {
    const r = await run(argv, true);
    expect(r.err).toBe("");
    expect(r.out).toContain(ESC);
  });

  it("is plain when stdout is not a terminal", async () => {
    const r = await run(argv, false);
    expect(r.out).not.toContain(ESC);
    expect(r.out.length).toBeGreaterThan(0);
  });

  it("is plain in a file written with --output, on a terminal too", async () => {
    const file = path.join(tempDir("color-output"), "out.txt");
    const r = await run([...argv, "--output", file], true);
    expect(r.out).toBe("");
    const written = readFileSync(file, "utf8");
    expect(written.length).toBeGreaterThan(0);
    expect(written).not.toContain(ESC);
    expect(written).toBe((await run(argv, false)).out);
  });
});
