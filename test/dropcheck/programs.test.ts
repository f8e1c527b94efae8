// dropcheck and the programs it runs: each revision unpacked by tar into a folder of its own under TMPDIR, the
// revision's config named `REV:path` in its errors (whatever they quote), and git vanishing from PATH half-way through
// a run told as git missing, by name, not as a revision that does not exist.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { captureIo } from "../census/io.js";
import { committedRepo } from "./gitRepo.js";

// A config the schema refuses, with a key that could be mistaken for a number's text.
const CONFIG = `{ "skus": [ { "name": "full", "root": ".", "helpers": "src/h.ts", "producers": [], "tools": ["src/*.ts"], "NaN": 1 } ] }\n`;

let repo: string;
let bins: string;
let scratch: string;
let saved: { PATH: string | undefined; TMPDIR: string | undefined };

/** Where a program is found on the PATH as the tests started. */
function which(program: string): string {
  return execFileSync("sh", ["-c", `command -v ${program}`], { encoding: "utf8" }).trim();
}

/** An executable sh script named `program` in the folder PATH is set to. */
function script(program: string, body: string): void {
  writeFileSync(join(bins, program), `#!/bin/sh\n${body}\n`);
  chmodSync(join(bins, program), 0o755);
}

async function dropcheck(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(repo);
  const code = await main(["dropcheck", ...argv], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

beforeEach(() => {
  saved = { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR };
  repo = committedRepo("payload-census-dropcheck-programs-", { "payload-census.config.json": CONFIG, "src/h.ts": "export const h = 1;\n" });
  bins = mkdtempSync(join(tmpdir(), "payload-census-dropcheck-programs-bin-"));
  scratch = mkdtempSync(join(tmpdir(), "payload-census-dropcheck-programs-tmp-"));
});

afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const left = readdirSync(scratch);
  for (const folder of [repo, bins, scratch]) rmSync(folder, { recursive: true, force: true });
  expect(left).toEqual([]);
});

describe.skipIf(process.platform === "win32")("dropcheck's programs", () => {
  it("unpacks the revision into a folder of its own under TMPDIR, and removes it", async () => {
    const log = join(bins, "tar.log");
    script("git", `exec "${which("git")}" "$@"`);
    // tar -x -f - -C DEST: the fifth argument is where the revision goes.
    script("tar", `printf '%s\\n' "$5" >> "${log}"\nexec "${which("tar")}" "$@"`);
    process.env.PATH = bins;
    process.env.TMPDIR = scratch;
    const { code } = await dropcheck("--base", "HEAD");
    expect(code).toBe(2);
    const dests = readFileSync(log, "utf8").trim().split("\n");
    expect(dests).toHaveLength(1);
    expect(dests[0]).toMatch(new RegExp(`^${scratch.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/payload-census-dropcheck-[^/]+/base$`));
  });

  it("names the revision's config REV:path in its errors, the words it quotes left as they are", async () => {
    process.env.TMPDIR = scratch;
    const { code, out, err } = await dropcheck("--base", "HEAD");
    expect([code, out]).toEqual([2, ""]);
    expect(err).toContain("Invalid config HEAD:payload-census.config.json (1 problem):\n");
    expect(err).toContain('\n  HEAD:payload-census.config.json:1:107  skus[0].NaN: unknown key "NaN"; allowed keys: name, root, helpers, producers, tools, guide, instructions\n');
  });

  it("says git is missing when it vanishes before the revision is resolved", async () => {
    // The first git (where the working folder sits) runs, then removes itself from PATH.
    script("git", `"${which("rm")}" -f "$0"\nexec "${which("git")}" "$@"`);
    process.env.PATH = bins;
    process.env.TMPDIR = scratch;
    expect(await dropcheck("--base", "HEAD")).toEqual({
      code: 2,
      out: "",
      err: "payload-census: git is not installed or not on PATH: dropcheck needs it to read revisions\n",
    });
  });

  it("says git is missing when it vanishes before the revision is unpacked", async () => {
    // git runs twice (the working folder, the revision), then is gone before `git archive`.
    script("git", `if [ "$2" = "--verify" ]; then "${which("rm")}" -f "$0"; fi\nexec "${which("git")}" "$@"`);
    script("tar", `exec "${which("tar")}" "$@"`);
    process.env.PATH = bins;
    process.env.TMPDIR = scratch;
    expect(await dropcheck("--base", "HEAD")).toEqual({
      code: 2,
      out: "",
      err: "payload-census: git is not installed or not on PATH: dropcheck needs it to read revisions\n",
    });
  });
});
