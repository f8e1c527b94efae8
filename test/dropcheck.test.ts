// dropcheck end to end in throwaway git repositories: sentences moved, dropped, reworded, reflowed, tools removed; git left untouched.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compareRevisions, sentencesOf } from "../census/dropcheck/compare.js";
import { main } from "../census/main.js";
import type { ServedDescription } from "../src/model.js";
import { captureIo } from "./census/io.js";

const POINTER = "Reading guide: get_tool_guide.";

/** The descriptions of the small monitor each test commits: head and tail of get_wait_stats, get_latch_stats's text. */
interface Descriptions {
  waits: string;
  tail: string;
  latch: string | null;
}

const ORIGINAL: Descriptions = {
  waits: `Top waits on a server over the last hours. Benign waits are removed. ${POINTER}`,
  tail:
    "Top waits on a server over the last hours. Read wait_ms against signal_ms: a large signal share means CPU pressure. " +
    "PAGEIOLATCH waits point at reads from disk.",
  latch: "Non-buffer latch waits over the window, largest first. Spins are not counted.",
};

const CONFIG = `// the monitor of dropcheck's tests
{
  "skus": [
    {
      "name": "full",
      "root": ".",
      "helpers": "src/helpers.ts",
      "producers": [{ "module": "src/helpers.ts", "category": "validator", "names": ["validate*"] }],
      "tools": ["src/tools/*.ts"],
      "guide": "src/toolGuide.ts"
    }
  ]
}
`;

const HELPERS = `// the payload builders and the one validator of dropcheck's test monitor
export function status(word: string, message: string, hints?: Record<string, unknown>): string {
  return JSON.stringify({ status: word, message, hints: hints ?? {} });
}
export function formatError(operation: string, ex: unknown): string {
  return status("error", \`\${operation} failed: \${String(ex)}\`, { operation });
}
export function refusal(parameter: string, sentence: string): string {
  return status("invalid", sentence, { parameter });
}
export function validateTop(top: number | undefined): string | null {
  if (top !== undefined && top < 1) return refusal("top", "top is at least 1.");
  return null;
}
`;

/** Descriptions are template literals, so that a test can reflow them across lines. */
function toolFile(d: Descriptions): string {
  const tool = (name: string, description: string) => `
  server.registerTool("${name}", { description: \`${description}\` }, async ({ top }: { top?: number }) => {
    const topError = validateTop(top);
    if (topError != null) return topError;
    try {
      return JSON.stringify([]);
    } catch (ex) {
      return formatError("${name}", ex);
    }
  });`;
  return `// the wait tools of dropcheck's test monitor
import { formatError, validateTop } from "../helpers.js";

type Server = { registerTool(name: string, config: { description: string }, handler: (args: { top?: number }) => Promise<string>): void };

export function registerWaitTools(server: Server): void {${tool("get_wait_stats", d.waits)}${d.latch === null ? "" : tool("get_latch_stats", d.latch)}
}
`;
}

function guideFile(d: Descriptions): string {
  return `// reading guides of dropcheck's test monitor
export const TOOL_GUIDE: Record<string, string> = {
  get_wait_stats: \`${d.tail}\`,
};
`;
}

let repo: string;
let scratch: string;
let savedTmpdir: string | undefined;
const monitor = () => join(repo, "monitor");

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: repo, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function write(d: Descriptions): void {
  writeFileSync(join(monitor(), "src", "tools", "waits.ts"), toolFile(d));
  writeFileSync(join(monitor(), "src", "toolGuide.ts"), guideFile(d));
}

/** Writes the descriptions, commits them, returns the commit. */
function commit(d: Descriptions, message: string): string {
  write(d);
  git("add", "-A");
  git("commit", "-q", "-m", message);
  return git("rev-parse", "HEAD").trim();
}

async function run(argv: string[], cwd = monitor()) {
  const io = captureIo(cwd);
  const code = await main(["dropcheck", ...argv], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

const length = (...parts: string[]) => parts.reduce((n, p) => n + p.length, 0);
/** get_latch_stats's original size: a tool without a tail, so its head alone. */
const LATCH = ORIGINAL.latch!.length;

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), "payload-census-dropcheck-test-"));
  // dropcheck's own temporary folders go here, so that a test can see they are gone.
  scratch = mkdtempSync(join(tmpdir(), "payload-census-dropcheck-scratch-"));
  savedTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = scratch;
  git("init", "-q");
  git("config", "user.name", "Dropcheck Test");
  git("config", "user.email", "dropcheck@example.invalid");
  git("config", "commit.gpgsign", "false");
  git("config", "core.autocrlf", "false");
  mkdirSync(join(monitor(), "src", "tools"), { recursive: true });
  writeFileSync(join(monitor(), "payload-census.config.json"), CONFIG);
  writeFileSync(join(monitor(), "src", "helpers.ts"), HELPERS);
  commit(ORIGINAL, "the monitor");
});

afterEach(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  expect(readdirSync(scratch)).toEqual([]);
  rmSync(scratch, { recursive: true, force: true });
  rmSync(repo, { recursive: true, force: true });
});

describe("dropcheck between two commits", () => {
  it("passes a sentence moved from the head into the guide tail, pointer kept: missing=0, exit 0", async () => {
    const base = git("rev-parse", "HEAD").trim();
    const moved: Descriptions = {
      ...ORIGINAL,
      waits: `Top waits on a server over the last hours. ${POINTER}`,
      tail: `Top waits on a server over the last hours. Benign waits are removed. ${ORIGINAL.tail.slice(ORIGINAL.tail.indexOf("Read "))}`,
    };
    const head = commit(moved, "move a sentence to the guide");
    const { code, out, err } = await run(["--base", "HEAD~1", "--head", "HEAD"]);
    expect(err).toBe("");
    expect(out).toBe(
      [
        `base HEAD~1 (${base.slice(0, 7)}) → head HEAD (${head.slice(0, 7)}) · config monitor/payload-census.config.json`,
        "",
        `get_latch_stats [full] old=${length(ORIGINAL.latch!)} new=${length(ORIGINAL.latch!)} sentences=2 missing=0`,
        `get_wait_stats [full] old=${length(ORIGINAL.waits, ORIGINAL.tail)} new=${length(moved.waits, moved.tail)} sentences=4 missing=0`,
        "",
        "✓ no sentence lost: 2 tools, 6 sentences",
        "",
      ].join("\n"),
    );
    expect(code).toBe(0);
  });

  it("reports a dropped sentence by its text, exit 1", async () => {
    const dropped: Descriptions = { ...ORIGINAL, tail: ORIGINAL.tail.replace(" PAGEIOLATCH waits point at reads from disk.", "") };
    commit(dropped, "drop a sentence");
    const { code, out } = await run(["--base", "HEAD~1", "--head", "HEAD"]);
    expect(out.split("\n").slice(2, 6)).toEqual([
      `get_latch_stats [full] old=${length(ORIGINAL.latch!)} new=${length(ORIGINAL.latch!)} sentences=2 missing=0`,
      `get_wait_stats [full] old=${length(ORIGINAL.waits, ORIGINAL.tail)} new=${length(dropped.waits, dropped.tail)} sentences=4 missing=1`,
      '  "PAGEIOLATCH waits point at reads from disk."',
      "",
    ]);
    expect(out.endsWith("\n\n✗ 1 sentence missing in 1 of 2 tools\n")).toBe(true);
    expect(code).toBe(1);
  });

  it("reports a sentence with one word changed: the old sentence is missing", async () => {
    commit({ ...ORIGINAL, latch: "Non-buffer latch waits over the window, largest first. Spins are not included." }, "reword");
    const { code, out } = await run(["--base", "HEAD~1", "--head", "HEAD", "--quiet"]);
    expect(out).toBe(`get_latch_stats [full] old=${LATCH} new=${LATCH + 1} sentences=2 missing=1\n  "Spins are not counted."\n`);
    expect(code).toBe(1);
  });

  it("counts nothing lost when only whitespace changed: lines reflowed, spaces doubled, a sentence broken over lines", async () => {
    commit(
      {
        waits: `Top waits on a server\n  over the last hours.   Benign waits are removed.\n${POINTER}`,
        tail: ORIGINAL.tail.replace("Read wait_ms against", "Read wait_ms\n\tagainst").replace(". PAGEIOLATCH", ".\n\nPAGEIOLATCH") + "  ",
        latch: ` ${ORIGINAL.latch}`,
      },
      "reflow",
    );
    const { code, out } = await run(["--base", "HEAD~1", "--head", "HEAD", "--quiet"]);
    expect(out).toBe("");
    expect(code).toBe(0);
  });

  it("says a removed tool lost every sentence", async () => {
    commit({ ...ORIGINAL, latch: null }, "remove get_latch_stats");
    const { code, out } = await run(["--base", "HEAD~1", "--head", "HEAD"]);
    expect(out.split("\n").slice(2, 6)).toEqual([
      `get_latch_stats [full] old=${LATCH} new=0 sentences=2 missing=2 removed`,
      '  "Non-buffer latch waits over the window, largest first."',
      '  "Spins are not counted."',
      `get_wait_stats [full] old=${length(ORIGINAL.waits, ORIGINAL.tail)} new=${length(ORIGINAL.waits, ORIGINAL.tail)} sentences=4 missing=0`,
    ]);
    expect(out).toContain("\n✗ 2 sentences missing in 1 of 2 tools (1 removed)\n");
    expect(code).toBe(1);
  });

  it("compares only the TOOLs named", async () => {
    commit({ ...ORIGINAL, latch: "Latch waits." }, "shorten the latch description");
    const waitsOnly = await run(["--base", "HEAD~1", "--head", "HEAD", "get_wait_stats"]);
    expect(waitsOnly.out.split("\n").slice(2, 3)).toEqual([
      `get_wait_stats [full] old=${length(ORIGINAL.waits, ORIGINAL.tail)} new=${length(ORIGINAL.waits, ORIGINAL.tail)} sentences=4 missing=0`,
    ]);
    expect(waitsOnly.out).not.toContain("get_latch_stats");
    expect(waitsOnly.code).toBe(0);
    const latchOnly = await run(["--base", "HEAD~1", "--head", "HEAD", "--quiet", "get_latch_stats"]);
    expect(latchOnly.out).toBe(
      `get_latch_stats [full] old=${LATCH} new=12 sentences=2 missing=2\n  "Non-buffer latch waits over the window, largest first."\n  "Spins are not counted."\n`,
    );
    expect(latchOnly.code).toBe(1);
  });

  it("refuses a TOOL the base revision does not have, suggesting the near name", async () => {
    const { code, err } = await run(["--base", "HEAD", "get_wait_stat"]);
    expect(err).toBe('payload-census: no tool named "get_wait_stat" in HEAD: did you mean get_wait_stats?\n');
    expect(code).toBe(2);
  });

  it("gives the same data as stable JSON", async () => {
    const base = git("rev-parse", "HEAD").trim();
    const head = commit({ ...ORIGINAL, latch: "Non-buffer latch waits over the window, largest first." }, "drop");
    const first = await run(["--base", "HEAD~1", "--head", head, "--format", "json"]);
    expect(JSON.parse(first.out)).toEqual({
      schemaVersion: 1,
      ok: false,
      config: "monitor/payload-census.config.json",
      base: { rev: "HEAD~1", commit: base },
      head: { rev: head, commit: head },
      unparsed: { base: [], head: [] },
      tools: [
        { sku: "full", tool: "get_latch_stats", status: "present", old: LATCH, new: LATCH - 23, sentences: 2, missing: ["Spins are not counted."], unseen: null },
        {
          sku: "full",
          tool: "get_wait_stats",
          status: "present",
          old: length(ORIGINAL.waits, ORIGINAL.tail),
          new: length(ORIGINAL.waits, ORIGINAL.tail),
          sentences: 4,
          missing: [],
          unseen: null,
        },
      ],
    });
    expect(Object.keys(JSON.parse(first.out) as object)).toEqual(["schemaVersion", "ok", "config", "base", "head", "unparsed", "tools"]);
    expect((await run(["--base", "HEAD~1", "--head", head, "--format", "json"])).out).toBe(first.out);
    expect(first.code).toBe(1);
  });
});

describe("dropcheck against the working tree", () => {
  it("compares the working tree as it is when --head is absent, uncommitted edits included", async () => {
    const clean = await run(["--base", "HEAD", "--quiet"]);
    expect(clean).toEqual({ code: 0, out: "", err: "" });
    write({ ...ORIGINAL, tail: ORIGINAL.tail.replace("reads from disk", "reads from storage") });
    const { code, out } = await run(["--base", "HEAD"]);
    expect(out.split("\n")[0]).toMatch(/^base HEAD \([0-9a-f]{7}\) → head the working tree · config monitor\/payload-census\.config\.json$/);
    expect(out).toContain(`sentences=4 missing=1\n  "PAGEIOLATCH waits point at reads from disk."\n`);
    expect(code).toBe(1);
  });

  it("leaves the working tree, the index and HEAD as they were", async () => {
    // Something staged and something not, so that a checkout, a stash or an index rewrite would show.
    commit({ ...ORIGINAL, latch: "Latch waits." }, "shorten");
    writeFileSync(join(monitor(), "src", "helpers.ts"), HELPERS + "// staged\n");
    git("add", "monitor/src/helpers.ts");
    write({ ...ORIGINAL, waits: `Top waits. ${POINTER}` });
    writeFileSync(join(monitor(), "notes.txt"), "untracked\n");
    const before = { status: git("status", "--porcelain"), diff: git("diff"), staged: git("diff", "--cached"), head: git("rev-parse", "HEAD") };
    expect(before.status).not.toBe("");

    // Against HEAD~1: the working tree has the latch description back as it was, and the waits head shortened.
    const { code, out } = await run(["--base", "HEAD~1", "--quiet"]);
    expect(out).toBe(`get_wait_stats [full] old=${length(ORIGINAL.waits, ORIGINAL.tail)} new=${length(`Top waits. ${POINTER}`, ORIGINAL.tail)} sentences=4 missing=1\n  "Benign waits are removed."\n`);
    expect(code).toBe(1);

    expect({ status: git("status", "--porcelain"), diff: git("diff"), staged: git("diff", "--cached"), head: git("rev-parse", "HEAD") }).toEqual(before);
    expect(git("stash", "list")).toBe("");
    expect(readFileSync(join(monitor(), "notes.txt"), "utf8")).toBe("untracked\n");
  });

  it("finds the config from the repository's top level with DIR, and from a subfolder of the monitor", async () => {
    commit({ ...ORIGINAL, latch: "Latch waits." }, "shorten");
    const fromTop = await run(["--base", "HEAD~1", "--quiet", "./monitor"], repo);
    expect(fromTop.out.split("\n")[0]).toBe(`get_latch_stats [full] old=${LATCH} new=12 sentences=2 missing=2`);
    const fromSrc = await run(["--base", "HEAD~1", "--quiet", "--config", "../payload-census.config.json"], join(monitor(), "src"));
    expect(fromSrc.out).toBe(fromTop.out);
  });
});

describe("dropcheck where the census cannot read a side", () => {
  it("counts the tools of a file that does not parse as removed, and says why", async () => {
    writeFileSync(join(monitor(), "src", "tools", "waits.ts"), toolFile(ORIGINAL).replace("export function", "export function function"));
    const { code, out } = await run(["--base", "HEAD"]);
    expect(out).toContain(`\nget_latch_stats [full] old=${LATCH} new=0 sentences=2 missing=2 removed\n`);
    expect(out).toContain("\nnote: in the working tree, 1 file does not parse (src/tools/waits.ts): their tools count as removed\n");
    expect(code).toBe(1);
  });

  it("never passes a description the census cannot evaluate", async () => {
    write({ ...ORIGINAL, waits: `\${String(1)} ${POINTER}` });
    const { code, out } = await run(["--base", "HEAD", "--quiet"]);
    expect(out).toBe(
      `get_wait_stats [full] old=${length(ORIGINAL.waits, ORIGINAL.tail)} new=? sentences=4 missing=? unseen: the census cannot see its description in the working tree\n`,
    );
    expect(code).toBe(1);
  });
});

describe("dropcheck usage errors, exit 2", () => {
  it("names an unknown revision", async () => {
    const { code, out, err } = await run(["--base", "no-such-branch"]);
    expect(err).toBe(
      "payload-census: --base no-such-branch: unknown revision (git knows no commit by that name here: a branch, tag or commit, e.g. HEAD~1)\n",
    );
    expect(out).toBe("");
    expect(code).toBe(2);
    expect((await run(["--base", "HEAD", "--head", "nope"])).err).toMatch(/^payload-census: --head nope: unknown revision/);
  });

  it("says when the config does not exist in a revision", async () => {
    const first = git("rev-parse", "HEAD").trim();
    mkdirSync(join(repo, "other"));
    writeFileSync(join(repo, "other", "payload-census.config.json"), CONFIG.replace(/"\.\"/, '"../monitor"'));
    git("add", "-A");
    git("commit", "-q", "-m", "a second config");
    const { code, err } = await run(["--base", first], join(repo, "other"));
    expect(err).toBe(
      `payload-census: the config other/payload-census.config.json does not exist in ${first}: dropcheck reads the config at the same path in both revisions\n`,
    );
    expect(code).toBe(2);
  });

  it("names a broken config in a revision as REV:path, never by a temporary folder", async () => {
    writeFileSync(join(monitor(), "payload-census.config.json"), CONFIG.replace('"root": "."', '"root": ".", "colour": true'));
    git("commit", "-q", "-am", "break the config");
    write(ORIGINAL);
    const { code, err } = await run(["--base", "HEAD", "--head", "HEAD"]);
    expect(err).toContain('\n  HEAD:monitor/payload-census.config.json:6:20  skus[0].colour: unknown key "colour"');
    expect(err).not.toContain(tmpdir());
    expect(err).not.toContain("payload-census-dropcheck-");
    expect(code).toBe(2);
  });
});

describe("sentences and the comparison", () => {
  const served = (tool: string, head: string | null, tail: string | null = null): ServedDescription => ({ sku: "full", tool, file: "t.ts", head, tail });

  it("segments into sentences with whitespace normalised, line breaks inside a sentence included", () => {
    expect(sentencesOf("  One two.\n Three\n four?  Five!\t")).toEqual(["One two.", "Three four?", "Five!"]);
    expect(sentencesOf(" \n ")).toEqual([]);
  });

  it("leaves out the pointer sentence, which is convention and not content", () => {
    const before = { served: [served("t", `Short. ${POINTER}`, "Short. Long.")], pointer: POINTER };
    const after = { served: [served("t", "Short. Long.")], pointer: POINTER };
    expect(compareRevisions(before, after)).toEqual([
      { sku: "full", tool: "t", status: "present", old: length(`Short. ${POINTER}`, "Short. Long."), new: 12, sentences: 2, missing: [], unseen: null },
    ]);
  });

  it("never passes what the census cannot see, on either side", () => {
    const seen = { served: [served("t", "A.")], pointer: POINTER };
    const unseen = { served: [served("t", null)], pointer: POINTER };
    expect(compareRevisions(unseen, seen)[0]).toMatchObject({ status: "unseen", unseen: "base", sentences: null, old: null });
    expect(compareRevisions(seen, unseen)[0]).toMatchObject({ status: "unseen", unseen: "head", new: null, missing: [] });
  });

  it("compares a tool within its SKU: a tool that moved to another SKU is removed from the first", () => {
    const before = { served: [served("t", "A.")], pointer: POINTER };
    const after = { served: [{ ...served("t", "A."), sku: "lite" }], pointer: POINTER };
    expect(compareRevisions(before, after)[0]).toMatchObject({ status: "removed", missing: ["A."] });
  });
});
