// dropcheck's edges in throwaway git repositories: git or tar failing or missing, configs outside the repository or
// gone from the working tree, TOOLs that are new or are folders, revisions that do not parse or that the census cannot
// see, and the exact text, colour and JSON of each report.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { captureIo } from "../census/io.js";

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

/** A head the census cannot evaluate: a template literal with an expression in it. */
const UNSEEN_WAITS = `\${String(1)} ${POINTER}`;

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

function registration(name: string, description: string): string {
  return `
  server.registerTool("${name}", { description: \`${description}\` }, async ({ top }: { top?: number }) => {
    const topError = validateTop(top);
    if (topError != null) return topError;
    try {
      return JSON.stringify([]);
    } catch (ex) {
      return formatError("${name}", ex);
    }
  });`;
}

/** A file of tools: `tools` maps each tool's name to its description (a template literal's text). */
function toolsFile(exported: string, tools: Record<string, string>): string {
  return `// tools of dropcheck's test monitor
import { formatError, validateTop } from "../helpers.js";

type Server = { registerTool(name: string, config: { description: string }, handler: (args: { top?: number }) => Promise<string>): void };

export function ${exported}(server: Server): void {${Object.entries(tools)
    .map(([name, description]) => registration(name, description))
    .join("")}
}
`;
}

function toolFile(d: Descriptions): string {
  return toolsFile("registerWaitTools", { get_wait_stats: d.waits, ...(d.latch === null ? {} : { get_latch_stats: d.latch }) });
}

function guideFile(d: Descriptions): string {
  return `// reading guides of dropcheck's test monitor
export const TOOL_GUIDE: Record<string, string> = {
  get_wait_stats: \`${d.tail}\`,
};
`;
}

/** A file the census cannot parse. */
const BROKEN = (text: string) => text.replace("export function", "export function function");

let repo: string;
let scratch: string;
/** Folders of stand-in programs (a git or tar that fails), outside the repository and outside dropcheck's temporary folder. */
let bins: string;
let savedEnv: { TMPDIR: string | undefined; PATH: string | undefined; GIT_CEILING_DIRECTORIES: string | undefined };
const monitor = () => join(repo, "monitor");

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: repo, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function write(d: Descriptions): void {
  writeFileSync(join(monitor(), "src", "tools", "waits.ts"), toolFile(d));
  writeFileSync(join(monitor(), "src", "toolGuide.ts"), guideFile(d));
}

/** Writes the descriptions, commits everything, returns the commit. */
function commit(d: Descriptions, message: string): string {
  write(d);
  return commitAll(message);
}

function commitAll(message: string): string {
  git("add", "-A");
  git("commit", "-q", "-m", message);
  return git("rev-parse", "HEAD").trim();
}

async function run(argv: string[], cwd = monitor(), overrides: Parameters<typeof captureIo>[1] = {}) {
  const io = captureIo(cwd, overrides);
  const code = await main(["dropcheck", ...argv], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

const length = (...parts: string[]) => parts.reduce((n, p) => n + p.length, 0);
const short = (commit: string) => commit.slice(0, 7);
const LATCH = ORIGINAL.latch!.length;
const WAITS = length(ORIGINAL.waits, ORIGINAL.tail);
const CONFIG_PATH = "monitor/payload-census.config.json";

/** Where a program is found on the PATH as the tests started. */
function which(program: string): string {
  return execFileSync("sh", ["-c", `command -v ${program}`], { encoding: "utf8" }).trim();
}

/** A folder for PATH holding the real programs named and the scripts given (sh, made executable). */
function binFolder(name: string, real: string[], scripts: Record<string, string> = {}): string {
  const folder = join(bins, name);
  mkdirSync(folder);
  for (const program of real) symlinkSync(which(program), join(folder, program));
  for (const [program, body] of Object.entries(scripts)) {
    writeFileSync(join(folder, program), `#!/bin/sh\n${body}\n`);
    chmodSync(join(folder, program), 0o755);
  }
  return folder;
}

/** A git that does what `when` says for the subcommand `sub`, and is the real git otherwise. */
function gitExcept(sub: string, when: string): string {
  return `if [ "$1" = "${sub}" ]; then\n${when}\nfi\nexec "${which("git")}" "$@"`;
}

beforeEach(() => {
  savedEnv = { TMPDIR: process.env.TMPDIR, PATH: process.env.PATH, GIT_CEILING_DIRECTORIES: process.env.GIT_CEILING_DIRECTORIES };
  repo = mkdtempSync(join(tmpdir(), "payload-census-dropcheck-edges-"));
  bins = mkdtempSync(join(tmpdir(), "payload-census-dropcheck-bins-"));
  // dropcheck's own temporary folders go here, so that each test can see they are gone.
  scratch = mkdtempSync(join(tmpdir(), "payload-census-dropcheck-scratch-"));
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
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const left = readdirSync(scratch);
  for (const folder of [scratch, bins, repo]) rmSync(folder, { recursive: true, force: true });
  expect(left).toEqual([]);
});

const NOT_A_REPOSITORY = "dropcheck reads revisions with git, run it from a folder of the repository";

describe.skipIf(process.platform === "win32")("dropcheck when git cannot read the repository, exit 2", () => {
  it("says the folder is not in a git repository, with git's first line of why", async () => {
    const outside = join(bins, "not-a-repository");
    mkdirSync(outside);
    // git must not find a repository above the temporary folder either.
    process.env.GIT_CEILING_DIRECTORIES = dirname(outside);
    const { code, out, err } = await run(["--base", "HEAD"], outside);
    expect(err).toBe(`payload-census: not inside a git repository (fatal: not a git repository (or any of the parent directories): .git): ${NOT_A_REPOSITORY}\n`);
    expect(out).toBe("");
    expect(code).toBe(2);
  });

  it("says the folder is not in a working tree when run inside .git", async () => {
    const { code, err } = await run(["--base", "HEAD"], join(repo, ".git"));
    expect(err).toBe(`payload-census: not inside a git repository (fatal: this operation must be run in a work tree): ${NOT_A_REPOSITORY}\n`);
    expect(code).toBe(2);
  });

  it("says how git exited when it fails without a word", async () => {
    process.env.PATH = binFolder("silent-git", ["tar"], { git: gitExcept("rev-parse", "exit 128") });
    const { code, err } = await run(["--base", "HEAD"]);
    expect(err).toBe(`payload-census: not inside a git repository (git rev-parse exited 128): ${NOT_A_REPOSITORY}\n`);
    expect(code).toBe(2);
  });

  it("gives git's first line of why with the blank lines before it left out", async () => {
    process.env.PATH = binFolder("blank-first-git", ["tar"], { git: gitExcept("rev-parse", "printf '\\n\\nfatal: unable to read the config\\nfatal: giving up\\n' >&2\nexit 128") });
    const { code, err } = await run(["--base", "HEAD"]);
    expect(err).toBe(`payload-census: not inside a git repository (fatal: unable to read the config): ${NOT_A_REPOSITORY}\n`);
    expect(code).toBe(2);
  });

  it("says the folder is not in a working tree when git prints no top level, as git before 2.25 does in a bare repository", async () => {
    process.env.PATH = binFolder("old-git", ["tar"], { git: gitExcept("rev-parse", 'if [ "$2" = "--show-toplevel" ]; then\n  printf "\\n"\n  exit 0\nfi') });
    const { code, err } = await run(["--base", "HEAD"]);
    expect(err).toBe("payload-census: not inside a git repository's working tree: dropcheck compares a revision with the working tree or another revision\n");
    expect(code).toBe(2);
  });

  it("says git is not installed when it is not on PATH", async () => {
    process.env.PATH = binFolder("no-git", ["tar"]);
    const { code, out, err } = await run(["--base", "HEAD"]);
    expect(err).toBe("payload-census: git is not installed or not on PATH: dropcheck needs it to read revisions\n");
    expect(out).toBe("");
    expect(code).toBe(2);
  });

  it("says a git on PATH that cannot be executed cannot be run, not that it is missing", async () => {
    const folder = binFolder("git-not-executable", ["tar"]);
    writeFileSync(join(folder, "git"), "#!/bin/sh\n");
    chmodSync(join(folder, "git"), 0o644);
    process.env.PATH = folder;
    const { code, err } = await run(["--base", "HEAD"]);
    expect(err).toBe("payload-census: git on PATH cannot be run (permission denied): dropcheck needs it to read revisions\n");
    expect(code).toBe(2);
  });
});

describe.skipIf(process.platform === "win32")("dropcheck when a revision cannot be exported, exit 2", () => {
  it("says git archive failed, in git's words, when an object of the revision is missing", async () => {
    const head = git("rev-parse", "HEAD").trim();
    const blob = git("rev-parse", "HEAD:monitor/src/helpers.ts").trim();
    rmSync(join(repo, ".git", "objects", blob.slice(0, 2), blob.slice(2)));
    const { code, out, err } = await run(["--base", "HEAD"]);
    expect(err.startsWith(`payload-census: git archive ${head} failed: `)).toBe(true);
    // git's own message, trimmed: it names the object, and the line ends the message.
    const detail = err.slice(`payload-census: git archive ${head} failed: `.length);
    expect(detail).toContain(blob);
    expect(detail).toMatch(/^\S/);
    expect(detail).toMatch(/\S\n$/);
    expect(out).toBe("");
    expect(code).toBe(2);
  });

  it("says how git archive exited when it fails without a word", async () => {
    const head = git("rev-parse", "HEAD").trim();
    process.env.PATH = binFolder("silent-archive", ["tar"], { git: gitExcept("archive", "exit 5") });
    const { code, err } = await run(["--base", "HEAD"]);
    expect(err).toBe(`payload-census: git archive ${head} failed: exit 5\n`);
    expect(code).toBe(2);
  });

  it("says tar could not unpack the revision, in tar's words", async () => {
    const head = git("rev-parse", "HEAD").trim();
    process.env.PATH = binFolder("failing-tar", ["git", "cat"], { tar: 'cat >/dev/null\necho "tar: no space left on device" >&2\nexit 2' });
    const { code, out, err } = await run(["--base", "HEAD"]);
    expect(err).toBe(`payload-census: tar could not unpack revision ${head}: tar: no space left on device\n`);
    expect(out).toBe("");
    expect(code).toBe(2);
  });

  it("says how tar exited when it fails without a word", async () => {
    const head = git("rev-parse", "HEAD").trim();
    process.env.PATH = binFolder("silent-tar", ["git", "cat"], { tar: "cat >/dev/null\nexit 3" });
    const { code, err } = await run(["--base", "HEAD"]);
    expect(err).toBe(`payload-census: tar could not unpack revision ${head}: exit 3\n`);
    expect(code).toBe(2);
  });

  it("reports tar closing its input before the archive is written as tar's failure, not a broken pipe", async () => {
    const head = git("rev-parse", "HEAD").trim();
    // tar closes its input at once and exits later; the archive comes in between, into a pipe nobody reads.
    process.env.PATH = binFolder("closing-tar", ["sleep"], {
      git: gitExcept("archive", "sleep 0.2"),
      tar: 'exec 0<&-\nsleep 0.6\necho "tar: gave up" >&2\nexit 2',
    });
    // The write into the closed pipe fails with EPIPE: that must not escape as an uncaught error.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => void uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const { code, err } = await run(["--base", "HEAD"]);
      expect(err).toBe(`payload-census: tar could not unpack revision ${head}: tar: gave up\n`);
      expect(code).toBe(2);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
    expect(uncaught).toEqual([]);
  });

  it("says tar is not installed when git is on PATH and tar is not", async () => {
    process.env.PATH = binFolder("no-tar", ["git"]);
    const { code, err } = await run(["--base", "HEAD"]);
    expect(err).toBe("payload-census: tar is not installed or not on PATH: dropcheck needs it to read revisions\n");
    expect(code).toBe(2);
  });
});

describe("dropcheck usage errors about the folder, the config and TOOLs, exit 2", () => {
  it("says the working folder does not exist", async () => {
    const gone = join(repo, "gone");
    const { code, out, err } = await run(["--base", "HEAD"], gone);
    expect(err).toBe(`payload-census: the working folder does not exist: ${gone}\n`);
    expect(out).toBe("");
    expect(code).toBe(2);
  });

  it("refuses a config outside the git repository of the working folder", async () => {
    const { code, err } = await run(["--base", "HEAD", "--config", "../../elsewhere/payload-census.config.json"]);
    expect(err).toBe("payload-census: the config ../../elsewhere/payload-census.config.json is outside the git repository of the working folder\n");
    expect(code).toBe(2);
  });

  it("says when the config is in the base revision but gone from the working tree", async () => {
    unlinkSync(join(monitor(), "payload-census.config.json"));
    const { code, err } = await run(["--base", "HEAD"]);
    expect(err).toBe(`payload-census: the config ${CONFIG_PATH} does not exist in the working tree\n`);
    expect(code).toBe(2);
  });

  it("refuses a TOOL that only the head has: it is new, nothing of it can be lost", async () => {
    writeFileSync(join(monitor(), "src", "tools", "io.ts"), toolsFile("registerIoTools", { get_io_stats: "File reads and writes per database." }));
    const { code, err } = await run(["--base", "HEAD", "get_io_stats"]);
    expect(err).toBe('payload-census: no tool named "get_io_stats" in HEAD: it is new, there is nothing of it to lose\n');
    expect(code).toBe(2);
  });

  it("refuses a TOOL that is the name of a folder, saying how to give it as DIR", async () => {
    const { code, err } = await run(["--base", "HEAD", "src"]);
    expect(err).toBe('payload-census: no tool named "src" in HEAD (to give DIR, write ./src)\n');
    expect(code).toBe(2);
  });
});

describe("dropcheck reports where the census cannot read a side", () => {
  it("says there is no tool to compare when no file of the base parses, naming each file", async () => {
    const base = git("rev-parse", "HEAD").trim();
    writeFileSync(join(monitor(), "src", "tools", "waits.ts"), BROKEN(toolFile(ORIGINAL)));
    writeFileSync(join(monitor(), "src", "tools", "io.ts"), BROKEN(toolsFile("registerIoTools", { get_io_stats: "File reads and writes per database." })));
    const broken = commitAll("break both tool files");
    const { code, out, err } = await run(["--base", "HEAD", "--head", base]);
    expect(err).toBe("");
    expect(out).toBe(
      [
        `base HEAD (${short(broken)}) → head ${base} (${short(base)}) · config ${CONFIG_PATH}`,
        "",
        "no tool to compare",
        "",
        "note: in HEAD, 2 files do not parse (src/tools/io.ts, src/tools/waits.ts): they are not compared",
        "",
        "✓ no sentence lost: 0 tools, 0 sentences",
        "",
      ].join("\n"),
    );
    expect(code).toBe(0);
  });

  it("names the head revision in the note on a head file that does not parse", async () => {
    const base = git("rev-parse", "HEAD").trim();
    writeFileSync(join(monitor(), "src", "tools", "waits.ts"), BROKEN(toolFile(ORIGINAL)));
    const head = commitAll("break the tools");
    const { code, out } = await run(["--base", "HEAD~1", "--head", "HEAD"]);
    expect(out).toBe(
      [
        `base HEAD~1 (${short(base)}) → head HEAD (${short(head)}) · config ${CONFIG_PATH}`,
        "",
        `get_latch_stats [full] old=${LATCH} new=0 sentences=2 missing=2 removed`,
        '  "Non-buffer latch waits over the window, largest first."',
        '  "Spins are not counted."',
        `get_wait_stats [full] old=${WAITS} new=0 sentences=4 missing=4 removed`,
        '  "Top waits on a server over the last hours."',
        '  "Benign waits are removed."',
        '  "Read wait_ms against signal_ms: a large signal share means CPU pressure."',
        '  "PAGEIOLATCH waits point at reads from disk."',
        "",
        "note: in HEAD, 1 file does not parse (src/tools/waits.ts): their tools count as removed",
        "",
        "✗ 6 sentences missing in 2 of 2 tools (2 removed)",
        "",
      ].join("\n"),
    );
    expect(code).toBe(1);
  });

  it("never passes a tool whose base description the census cannot see, naming the base revision", async () => {
    const base = commit({ ...ORIGINAL, waits: UNSEEN_WAITS }, "a description the census cannot evaluate");
    write(ORIGINAL);
    const { code, out } = await run(["--base", "HEAD"]);
    expect(out).toBe(
      [
        `base HEAD (${short(base)}) → head the working tree · config ${CONFIG_PATH}`,
        "",
        `get_latch_stats [full] old=${LATCH} new=${LATCH} sentences=2 missing=0`,
        `get_wait_stats [full] old=? new=${WAITS} sentences=? missing=? unseen: the census cannot see its description in HEAD`,
        "",
        "✗ 1 tool the census cannot see",
        "",
      ].join("\n"),
    );
    expect(code).toBe(1);
  });

  it("measures a tool unseen on both sides by its guide tail alone", async () => {
    commit({ ...ORIGINAL, waits: UNSEEN_WAITS }, "a description the census cannot evaluate");
    const { code, out } = await run(["--base", "HEAD", "--quiet"]);
    expect(out).toBe(`get_wait_stats [full] old=? new=${ORIGINAL.tail.length} sentences=? missing=? unseen: the census cannot see its description in HEAD\n`);
    expect(code).toBe(1);
  });

  it("gives both counts in the verdict when sentences are missing and a tool cannot be seen", async () => {
    const base = git("rev-parse", "HEAD").trim();
    write({ ...ORIGINAL, waits: UNSEEN_WAITS, latch: null });
    const { code, out } = await run(["--base", "HEAD"]);
    expect(out).toBe(
      [
        `base HEAD (${short(base)}) → head the working tree · config ${CONFIG_PATH}`,
        "",
        `get_latch_stats [full] old=${LATCH} new=0 sentences=2 missing=2 removed`,
        '  "Non-buffer latch waits over the window, largest first."',
        '  "Spins are not counted."',
        `get_wait_stats [full] old=${WAITS} new=? sentences=4 missing=? unseen: the census cannot see its description in the working tree`,
        "",
        "✗ 2 sentences missing in 1 of 2 tools (1 removed); 1 tool the census cannot see",
        "",
      ].join("\n"),
    );
    expect(code).toBe(1);
  });
});

describe("dropcheck's verdict, colour and JSON", () => {
  it("counts the losing tools among the tools compared: 1 of 1 when one TOOL is named", async () => {
    commit({ ...ORIGINAL, latch: "Non-buffer latch waits over the window, largest first." }, "drop a sentence");
    const { code, out } = await run(["--base", "HEAD~1", "--head", "HEAD", "get_latch_stats"]);
    expect(out.split("\n").slice(2)).toEqual([
      `get_latch_stats [full] old=${LATCH} new=${LATCH - 23} sentences=2 missing=1`,
      '  "Spins are not counted."',
      "",
      "✗ 1 sentence missing in 1 of 1 tool",
      "",
    ]);
    expect(code).toBe(1);
  });

  it("colours only what is lost: missing=N and the verdict red, missing=0 plain", async () => {
    const base = git("rev-parse", "HEAD").trim();
    write({ ...ORIGINAL, latch: "Non-buffer latch waits over the window, largest first." });
    const { code, out } = await run(["--base", "HEAD"], monitor(), { env: { FORCE_COLOR: "1" } });
    expect(out).toBe(
      [
        `base HEAD (${short(base)}) → head the working tree · config ${CONFIG_PATH}`,
        "",
        `get_latch_stats [full] old=${LATCH} new=${LATCH - 23} sentences=2 \x1b[31mmissing=1\x1b[39m`,
        '  "Spins are not counted."',
        `get_wait_stats [full] old=${WAITS} new=${WAITS} sentences=4 missing=0`,
        "",
        "\x1b[31m\x1b[1m✗ 1 sentence missing in 1 of 2 tools\x1b[22m\x1b[39m",
        "",
      ].join("\n"),
    );
    expect(code).toBe(1);
  });

  it("gives null as the head's revision and commit in JSON against the working tree, the document ending in a newline", async () => {
    const base = git("rev-parse", "HEAD").trim();
    const { code, out } = await run(["--base", "HEAD", "--format", "json", "get_latch_stats"]);
    expect(out).toBe(
      JSON.stringify(
        {
          schemaVersion: 1,
          ok: true,
          config: CONFIG_PATH,
          base: { rev: "HEAD", commit: base },
          head: { rev: null, commit: null },
          unparsed: { base: [], head: [] },
          tools: [{ sku: "full", tool: "get_latch_stats", status: "present", old: LATCH, new: LATCH, sentences: 2, missing: [], unseen: null }],
        },
        null,
        2,
      ) + "\n",
    );
    expect(code).toBe(0);
  });

  it("gives an unseen base tool no missing sentences in JSON", async () => {
    const base = commit({ ...ORIGINAL, waits: UNSEEN_WAITS }, "a description the census cannot evaluate");
    write(ORIGINAL);
    const { code, out } = await run(["--base", "HEAD", "--format", "json", "get_wait_stats"]);
    expect(JSON.parse(out)).toEqual({
      schemaVersion: 1,
      ok: false,
      config: CONFIG_PATH,
      base: { rev: "HEAD", commit: base },
      head: { rev: null, commit: null },
      unparsed: { base: [], head: [] },
      tools: [{ sku: "full", tool: "get_wait_stats", status: "unseen", old: null, new: WAITS, sentences: null, missing: [], unseen: "base" }],
    });
    expect(code).toBe(1);
  });
});
