// Progress of a whole run: on a terminal's stderr, for the text report, once the run has taken a while (a clock that
// runs fast stands in for a long run); never with --quiet, a machine format, or stderr that is not a terminal.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempDir } from "../properties/trees.js";
import { captureIo } from "./io.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A clock that moves a second at every reading: every progress call after the first is past the threshold. */
function fastClock(): () => number {
  let t = 0;
  return () => (t += 1000);
}

async function run(argv: string[], terminal: boolean): Promise<{ code: number; err: string; out: string }> {
  const io = { ...captureIo(root), stderrIsTTY: terminal, now: fastClock() };
  const code = await main(argv, io);
  return { code, err: io.err.join(""), out: io.out.join("") };
}

const CHECK = ["check", "fixtures/monitor", "--no-cache", "--jobs", "1"];

describe("progress on a long run", () => {
  it("a text report on a terminal: files done of all, the line cleared at the end", async () => {
    const { code, err } = await run(CHECK, true);
    expect(code).toBe(0);
    expect(err).toMatch(/^\rpayload-census: \d+\/\d+ files/);
    expect(err.endsWith("\r\x1b[K")).toBe(true);
  });

  it("a shard's run on a terminal shows it too", async () => {
    const out = path.join(tempDir("progress-runs"), "p.json");
    const { code, err } = await run(["check", "fixtures/monitor", "--no-cache", "--jobs", "1", "--shard", "1/1", "--output", out], true);
    expect(code).toBe(0);
    expect(err).toMatch(/^\rpayload-census: \d+\/\d+ files/);
  });

  it.each([
    ["--format json", [...CHECK, "--format", "json"], true],
    ["--quiet", [...CHECK, "--quiet"], true],
    ["stderr that is not a terminal", CHECK, false],
  ] as const)("none with %s", async (_what, argv, terminal) => {
    const { err } = await run([...argv], terminal);
    expect(err).toBe("");
  });
});
