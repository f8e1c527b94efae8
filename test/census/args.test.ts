// Command-line parsing: each command and flag, and every usage error with the sentence that says what to type instead.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseCommandLine, parseLocation } from "../../census/args.js";
import { main } from "../../census/main.js";
import { UsageError } from "../../src/errors.js";
import { captureIo } from "./io.js";

function usageError(argv: string[]): string {
  try {
    parseCommandLine(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`no usage error for ${JSON.stringify(argv)}`);
}

describe("parseCommandLine", () => {
  it("defaults to check in the current folder, text format", () => {
    expect(parseCommandLine([])).toEqual({
      kind: "check",
      implicit: true,
      allDescriptions: false,
      configFile: undefined,
      dir: undefined,
      format: "text",
      output: undefined,
      quiet: false,
      jobs: undefined,
      cache: undefined,
      cacheLocation: undefined,
      shard: undefined,
    });
  });

  it("reads --jobs, --cache, --no-cache, --cache-location and --shard", () => {
    expect(parseCommandLine(["check", "-j", "3", "--no-cache"])).toMatchObject({ kind: "check", jobs: 3, cache: false, cacheLocation: undefined });
    expect(parseCommandLine(["roster", "--write", "--cache", "--cache-location", ".cache/pc"])).toMatchObject({ kind: "roster", cache: true, cacheLocation: ".cache/pc" });
    expect(parseCommandLine(["check", "--shard", "2/7", "--output", "p2.json"])).toMatchObject({ kind: "check", shard: { index: 2, count: 7 }, output: "p2.json" });
    expect(parseCommandLine(["merge", "p1.json", "p2.json", "--format", "sarif"])).toMatchObject({ kind: "merge", partials: ["p1.json", "p2.json"], format: "sarif" });
  });

  it("refuses a bad --jobs or --shard, contradictory cache flags, and the flags where they do not apply", () => {
    expect(usageError(["--jobs", "0"])).toBe("--jobs 0: give a whole number of threads above 0, e.g. --jobs 2 (default: every core)");
    expect(usageError(["--jobs", "two"])).toBe("--jobs two: give a whole number of threads above 0, e.g. --jobs 2 (default: every core)");
    for (const shard of ["0/2", "3/2", "1/0", "1", "a/b", "1/2/3"]) {
      expect(usageError(["--shard", shard])).toBe(`--shard ${shard}: give I/N with 1 ≤ I ≤ N, e.g. --shard 1/3 for the first of three slices`);
    }
    expect(usageError(["--cache", "--no-cache"])).toBe("--cache and --no-cache contradict each other: give one of them");
    expect(usageError(["--no-cache", "--cache-location", "c"])).toBe("--cache-location says where the cache is and --no-cache turns it off: give one of them");
    expect(usageError(["witness", "--jobs", "2"])).toBe("--jobs applies to the commands that census the tree (check, roster, floors, trace), not to witness");
    expect(usageError(["merge", "p.json", "--no-cache"])).toBe("--no-cache applies to the commands that census the tree (check, roster, floors, trace), not to merge");
    expect(usageError(["roster", "--write", "--shard", "1/2"])).toBe("--shard belongs to check: payload-census check --shard I/N [--output FILE] [DIR]");
    expect(usageError(["--shard", "1/2", "--format", "json"])).toBe(
      "--format does not apply to --shard: a shard writes a partial report for payload-census merge, which takes --format",
    );
    expect(usageError(["--shard", "1/2", "--quiet"])).toBe("--quiet does not apply to --shard: give it to payload-census merge");
    expect(usageError(["merge"])).toBe("merge needs the partial reports of check --shard: type payload-census merge PARTIAL... (e.g. census-1.json census-2.json)");
  });

  it("reads check with DIR and every common flag, long and short", () => {
    expect(parseCommandLine(["check", "monitor", "--format", "json", "--output", "r.json", "--quiet"])).toMatchObject({
      kind: "check",
      implicit: false,
      dir: "monitor",
      format: "json",
      output: "r.json",
      quiet: true,
    });
    expect(parseCommandLine(["-c", "x.json", "-f", "json", "-o", "r.json", "-q"])).toMatchObject({
      kind: "check",
      configFile: "x.json",
      format: "json",
      output: "r.json",
      quiet: true,
    });
    expect(parseCommandLine(["--format=json", "monitor"])).toMatchObject({ kind: "check", implicit: true, dir: "monitor", format: "json" });
    expect(parseCommandLine(["--descriptions", "monitor"])).toMatchObject({ kind: "check", allDescriptions: true, dir: "monitor" });
  });

  it("reads roster --write, floors --raise and trace", () => {
    expect(parseCommandLine(["roster", "--write", "m"])).toMatchObject({ kind: "roster", dir: "m" });
    expect(parseCommandLine(["floors", "m", "--raise", "-q"])).toMatchObject({ kind: "floors", dir: "m", quiet: true });
    expect(parseCommandLine(["trace", "src/tools/a.ts:42", "m", "--format", "json"])).toMatchObject({
      kind: "trace",
      file: "src/tools/a.ts",
      line: 42,
      dir: "m",
      format: "json",
    });
  });

  it("answers --help and --version before anything else", () => {
    expect(parseCommandLine(["roster", "--help"])).toEqual({ kind: "help" });
    expect(parseCommandLine(["--bogus", "-h"])).toEqual({ kind: "help" });
    expect(parseCommandLine(["check", "-v"])).toEqual({ kind: "version" });
    expect(parseCommandLine(["--version", "--bogus"])).toEqual({ kind: "version" });
  });

  it("refuses unknown flags, suggesting the near one", () => {
    expect(usageError(["--fromat", "json"])).toBe("unknown flag --fromat: did you mean --format? (payload-census --help lists commands and flags)");
    expect(usageError(["--colour"])).toBe("unknown flag --colour (payload-census --help lists commands and flags)");
    expect(usageError(["-x"])).toMatch(/^unknown flag -x /);
  });

  it("refuses a flag without its value, or with one it does not take", () => {
    expect(usageError(["--format"])).toBe("--format needs a value: --format text or --format json or --format sarif or --format github or --format markdown");
    expect(usageError(["trace", "a.ts:3", "--format", "sarif"])).toBe(
      "--format sarif is the check report's: use --format text or --format json with trace",
    );
    // The next flag is not a value: without this check `--config --quiet` would read a file named "--quiet".
    expect(usageError(["--config", "--quiet"])).toBe("--config needs a value: --config FILE, e.g. --config payload-census.config.json");
    expect(usageError(["--quiet=yes"])).toBe("--quiet takes no value: write --quiet alone");
    expect(usageError(["--format", "xml"])).toBe('unknown format "xml": use --format text or --format json or --format sarif or --format github or --format markdown');
  });

  it("wants roster with --write and floors with --raise, and those flags nowhere else", () => {
    expect(usageError(["roster"])).toBe("roster only rewrites the roster file: type payload-census roster --write [DIR]");
    expect(usageError(["floors"])).toBe("floors only raises the configured floors: type payload-census floors --raise [DIR]");
    expect(usageError(["--write"])).toBe("--write belongs to roster: payload-census roster --write [DIR]");
    expect(usageError(["roster", "--raise", "--write"])).toBe("--raise belongs to floors: payload-census floors --raise [DIR]");
  });

  it("refuses report flags on the writers, which print a summary", () => {
    expect(usageError(["roster", "--write", "--output", "x"])).toBe("--output does not apply to roster --write: it writes its own file");
    expect(usageError(["floors", "--raise", "--format", "json"])).toBe("--format does not apply to floors --raise: it prints a short summary");
    expect(usageError(["trace", "a.ts:1", "--quiet"])).toBe("--quiet does not apply to trace: its output is the explanation");
  });

  it("refuses extra arguments, and DIR together with --config", () => {
    expect(usageError(["check", "a", "b"])).toBe('too many arguments ("a" "b"): type payload-census check [DIR]');
    expect(usageError(["a", "b"])).toBe('too many arguments ("a" "b"): type payload-census check [DIR]');
    expect(usageError(["trace", "a.ts:3", "m", "n"])).toBe('too many arguments ("m" "n"): type payload-census trace FILE:LINE [DIR]');
    expect(usageError(["m", "--config", "x.json"])).toBe('both DIR ("m") and --config name the config: give one of them');
  });

  it("wants trace's FILE:LINE", () => {
    expect(usageError(["trace"])).toBe(
      "trace needs the line of the `if`: type payload-census trace FILE:LINE [DIR], e.g. src/tools/waits.ts:42",
    );
    expect(usageError(["trace", "src/tools/a.ts"])).toBe(
      '"src/tools/a.ts" is not FILE:LINE: type the file and the 1-based line of the `if`, e.g. payload-census trace src/tools/waits.ts:42',
    );
  });

  it("reads dropcheck: --base, --head, TOOL names, and DIR when the first argument looks like a path", () => {
    expect(parseCommandLine(["dropcheck", "--base", "main"])).toEqual({
      kind: "dropcheck",
      base: "main",
      head: undefined,
      tools: [],
      configFile: undefined,
      dir: undefined,
      format: "text",
      output: undefined,
      quiet: false,
    });
    expect(parseCommandLine(["dropcheck", "--base", "HEAD~1", "--head", "v2", "get_plan", "get_waits", "get_plan"])).toMatchObject({
      base: "HEAD~1",
      head: "v2",
      dir: undefined,
      // A name typed twice is compared once.
      tools: ["get_plan", "get_waits"],
    });
    expect(parseCommandLine(["dropcheck", "--base=main", "./monitor", "get_plan", "-f", "json"])).toMatchObject({
      dir: "./monitor",
      tools: ["get_plan"],
      format: "json",
    });
    expect(parseCommandLine(["dropcheck", "--base", "main", "."])).toMatchObject({ dir: ".", tools: [] });
    expect(parseCommandLine(["dropcheck", "--base", "main", "-c", "m/x.json", "get.plan"])).toMatchObject({ configFile: "m/x.json", tools: ["get.plan"] });
  });

  it("wants dropcheck's --base, DIR before the tools, and --base and --head nowhere else", () => {
    expect(usageError(["dropcheck"])).toBe(
      "dropcheck needs the revision to compare with: type payload-census dropcheck --base REV [--head REV] [TOOL...], e.g. --base main",
    );
    expect(usageError(["dropcheck", "--head", "main"])).toMatch(/^dropcheck needs the revision to compare with/);
    expect(usageError(["dropcheck", "--base"])).toBe("--base needs a value: --base REV, e.g. --base main");
    expect(usageError(["descriptions", "--serve", "--quiet"])).toBe("--serve needs a value: --serve MODULE, e.g. --serve dist/server.js");
    expect(usageError(["dropcheck", "--base", "main", "get_plan", "./m"])).toBe(
      '"./m" is not a tool name: DIR comes first, type payload-census dropcheck --base REV [DIR] [TOOL...]',
    );
    expect(usageError(["dropcheck", "--base", "main", "./m", "-c", "x.json"])).toBe('both DIR ("./m") and --config name the config: give one of them');
    expect(usageError(["--base", "main"])).toBe("--base belongs to dropcheck and descriptions: payload-census dropcheck --base REV [--head REV] [TOOL...] or payload-census descriptions --base REV [--head REV]");
    expect(usageError(["trace", "a.ts:1", "--head", "x"])).toBe("--head belongs to dropcheck and descriptions: payload-census dropcheck --base REV [--head REV] [TOOL...] or payload-census descriptions --base REV [--head REV]");
  });

  it("reads descriptions --base REV [--head REV] [DIR]: text, json or markdown, and not with a running server", () => {
    expect(parseCommandLine(["descriptions", "--base", "main", "--head", "v2", "m", "-f", "markdown"])).toEqual({
      kind: "descriptionsDelta",
      base: "main",
      head: "v2",
      configFile: undefined,
      dir: "m",
      format: "markdown",
      output: undefined,
      quiet: false,
    });
    expect(usageError(["descriptions", "--head", "v2"])).toBe("--head needs --base: type payload-census descriptions --base REV [--head REV] [DIR], e.g. --base main");
    expect(usageError(["descriptions", "--base", "main", "--stdio", "node s.js"])).toBe(
      "--base compares two revisions statically, --serve and --stdio a running server: give one of them",
    );
    expect(usageError(["descriptions", "--base", "main", "--sku", "full"])).toBe("--sku is for a running server (--serve or --stdio), not --base");
    expect(usageError(["descriptions", "--serve", "s.js", "-f", "markdown"])).toBe("--format markdown is the check report's: use --format text or --format json with descriptions");
  });

  it("reads descriptions --serve MODULE [--sku NAME] [DIR], and wants --serve", () => {
    expect(parseCommandLine(["descriptions", "--serve", "dist/server.js", "m", "--sku", "full"])).toEqual({
      kind: "descriptions",
      serve: "dist/server.js",
      sku: "full",
      configFile: undefined,
      dir: "m",
      format: "text",
      output: undefined,
      quiet: false,
    });
    expect(usageError(["descriptions", "m"])).toBe(
      "descriptions needs a revision or a server: type payload-census descriptions --base REV [DIR] for the change since REV, or --serve MODULE [DIR] to measure what a running server serves (it runs MODULE's code; check prints the static table)",
    );
    expect(usageError(["descriptions", "--serve", "s.js", "a", "b"])).toBe('too many arguments ("a" "b"): type payload-census descriptions --serve MODULE [DIR]');
    expect(usageError(["check", "--serve", "s.js"])).toBe("--serve belongs to descriptions: payload-census descriptions --serve MODULE [--sku NAME] [DIR]");
    expect(usageError(["--sku", "full"])).toBe("--sku belongs to descriptions: payload-census descriptions --serve MODULE [--sku NAME] [DIR]");
  });

  it("does not take a flag's value for the dropcheck command", () => {
    expect(parseCommandLine(["--config", "dropcheck"])).toMatchObject({ kind: "check", configFile: "dropcheck" });
  });
});

describe("parseLocation", () => {
  it("splits FILE:LINE and accepts FILE:LINE:COL as findings print it", () => {
    expect(parseLocation("src/a.ts:42")).toEqual({ file: "src/a.ts", line: 42 });
    expect(parseLocation("src/a.ts:42:7")).toEqual({ file: "src/a.ts", line: 42 });
    expect(parseLocation("C:\\m\\a.ts:9")).toEqual({ file: "C:\\m\\a.ts", line: 9 });
  });

  it.each(["a.ts", "a.ts:", ":12", "a.ts:0", "a.ts:x", "a.ts:1.5"])("refuses %s", (location) => {
    expect(() => parseLocation(location)).toThrow(UsageError);
    expect(() => parseLocation(location)).toThrow(`"${location}" is not FILE:LINE`);
  });
});

describe("main: usage", () => {
  // An empty folder as the working folder: "chek" and "no-such-folder" must not exist in it.
  const empty = mkdtempSync(join(tmpdir(), "payload-census-args-"));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));
  it("prints a usage error without a stack and exits 2", async () => {
    const io = captureIo(empty);
    expect(await main(["--fromat", "json"], io)).toBe(2);
    expect(io.out).toEqual([]);
    expect(io.err.join("")).toBe("payload-census: unknown flag --fromat: did you mean --format? (payload-census --help lists commands and flags)\n");
  });

  it("answers dropcheck outside a git repository with exit 2", async () => {
    const io = captureIo(empty);
    expect(await main(["dropcheck", "--base", "HEAD~1"], io)).toBe(2);
    expect(io.out).toEqual([]);
    expect(io.err.join("")).toMatch(/^payload-census: not inside a git repository \(.*\): dropcheck reads revisions with git, run it from a folder of the repository\n$/);
  });

  it("prints help listing commands, flags and exit codes, exit 0", async () => {
    const io = captureIo(empty);
    expect(await main(["--help"], io)).toBe(0);
    const help = io.out.join("");
    for (const word of ["check [DIR]", "roster --write", "floors --raise", "trace FILE:LINE", "dropcheck --base REV", "descriptions --serve MODULE"]) {
      expect(help).toContain(word);
    }
    for (const flag of ["--config FILE", "--format text|json", "--output FILE", "--quiet", "--help", "--version", "--base REV", "--head REV", "--serve MODULE", "--sku NAME"]) {
      expect(help).toContain(flag);
    }
    expect(help).toMatch(/^ {2}0 {2}clean/m);
    expect(help).toMatch(/^ {2}1 {2}findings/m);
    expect(help).toMatch(/^ {2}2 {2}usage or configuration error/m);
    expect(io.err).toEqual([]);
  });

  it("prints the version of package.json, exit 0", async () => {
    const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    const io = captureIo(empty);
    expect(await main(["--version"], io)).toBe(0);
    expect(io.out.join("")).toBe(`${manifest.version}\n`);
  });

  it("says a word that is neither a command nor a folder is a mistyped command", async () => {
    const io = captureIo(empty);
    expect(await main(["chek"], io)).toBe(2);
    expect(io.err.join("")).toBe(
      'payload-census: "chek" is neither a command nor a folder: did you mean payload-census check? commands are check, roster, floors, trace, dropcheck, descriptions, witness, routes and merge\n',
    );
  });

  it("says a missing DIR is missing", async () => {
    const io = captureIo(empty);
    expect(await main(["check", "no-such-folder"], io)).toBe(2);
    expect(io.err.join("")).toBe("payload-census: no such folder: no-such-folder (DIR is the folder holding payload-census.config.json)\n");
  });
});
