// roster --write and floors --raise with --quiet: the file is written as without it, and the summary is not printed.
import { cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempDir } from "../properties/trees.js";
import { captureIo } from "./io.js";

const monitor = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures", "monitor");

function copy(): string {
  const dir = path.join(tempDir("writers-quiet"), "monitor");
  cpSync(monitor, dir, { recursive: true });
  return dir;
}

async function run(argv: string[], dir: string): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(dir);
  const code = await main([...argv, "--no-cache"], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

describe.each([
  ["roster", ["roster", "--write"], "payload-census.roster.json"],
  ["floors", ["floors", "--raise"], "payload-census.config.json"],
])("%s with --quiet", (_name, argv, written) => {
  it("writes what it writes without --quiet, and prints nothing", async () => {
    const loud = copy();
    const quiet = copy();
    const said = await run(argv, loud);
    expect(said.code).toBe(0);
    expect(said.out).not.toBe("");
    const silent = await run([...argv, "--quiet"], quiet);
    expect(silent).toEqual({ code: 0, out: "", err: "" });
    expect(readFileSync(path.join(quiet, written), "utf8")).toBe(readFileSync(path.join(loud, written), "utf8"));
  });
});
