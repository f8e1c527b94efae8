// main's words where no suggestion fits, witness --quiet, and a DIR that is not there when none was given.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "jsonc-parser";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempDir } from "../properties/trees.js";
import { captureIo } from "./io.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

async function run(argv: string[], cwd = root): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(cwd);
  const code = await main(argv, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

describe("no suggestion when nothing is near", () => {
  it("routes of a tool the census does not know, nothing like it", async () => {
    const r = await run(["routes", "zzzz_qqqq_xxxx", "fixtures/monitor"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe('payload-census: no tool named "zzzz_qqqq_xxxx" in the census\n');
  });

  it("a word that is neither a command nor a folder, nothing like a command", async () => {
    const r = await run(["qqqqzzzz"], tempDir("main-words"));
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'payload-census: "qqqqzzzz" is neither a command nor a folder: commands are check, roster, floors, trace, dropcheck, descriptions, witness, routes and merge\n',
    );
  });

  it("the current folder itself gone: `.` is named", async () => {
    const r = await run(["check"], path.join(tempDir("main-words"), "gone"));
    expect(r.code).toBe(2);
    expect(r.err).toBe("payload-census: no such folder: . (DIR is the folder holding payload-census.config.json)\n");
  });
});

describe("witness --quiet", () => {
  it("prints nothing when every check is witnessed, and the report when one is not", async () => {
    const quiet = await run(["witness", "fixtures/monitor", "--quiet"]);
    expect(quiet).toEqual({ code: 0, out: "", err: "" });

    const dir = tempDir("main-words");
    cpSync(path.join(root, "fixtures", "monitor"), dir, { recursive: true });
    const file = path.join(dir, "payload-census.config.json");
    const config = parse(readFileSync(file, "utf8")) as { contract: { words: { failure: string } } };
    config.contract.words.failure = "boom";
    writeFileSync(file, JSON.stringify(config, null, 2));
    const dark = await run(["witness", dir, "--quiet"]);
    expect(dark.code).toBe(1);
    expect(dark.out).toContain("one-failure-producer");
  });
});
