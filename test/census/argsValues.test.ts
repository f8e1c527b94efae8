// The values of flags, at their edges: numbers with more than one digit or with something around them, the largest
// ones, `-` as a value, and the example each flag's missing value is answered with.
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../census/args.js";
import { UsageError } from "../../src/errors.js";

function usageError(argv: string[]): string {
  try {
    parseCommandLine(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`no usage error for ${JSON.stringify(argv)}`);
}

describe("--jobs N", () => {
  it("takes 1 and numbers of several digits", () => {
    expect(parseCommandLine(["--jobs", "1"])).toMatchObject({ jobs: 1 });
    expect(parseCommandLine(["--jobs", "12"])).toMatchObject({ jobs: 12 });
  });

  it.each(["0x10", "1e1", " 2", "2 ", "+2", "2.0", "99999999999999999999"])("refuses %j: whole digits only, and a safe integer", (typed) => {
    expect(usageError(["--jobs", typed])).toBe(`--jobs ${typed}: give a whole number of threads above 0, e.g. --jobs 2 (default: every core)`);
  });
});

describe("--shard I/N", () => {
  it("takes numbers of several digits on either side", () => {
    expect(parseCommandLine(["--shard", "10/12"])).toMatchObject({ shard: { index: 10, count: 12 } });
    expect(parseCommandLine(["--shard", "1/12"])).toMatchObject({ shard: { index: 1, count: 12 } });
    expect(parseCommandLine(["--shard", "1/1"])).toMatchObject({ shard: { index: 1, count: 1 } });
  });

  it.each(["1/99999999999999999999", "0x1/2", "1/2 ", "/2", "1/", "0/0"])("refuses %j", (typed) => {
    expect(usageError(["--shard", typed])).toBe(`--shard ${typed}: give I/N with 1 ≤ I ≤ N, e.g. --shard 1/3 for the first of three slices`);
  });

  it("refuses --descriptions with a shard: merge takes it", () => {
    expect(usageError(["--shard", "1/2", "--descriptions"])).toBe("--descriptions does not apply to --shard: give it to payload-census merge");
  });
});

describe("--timeout MS", () => {
  const serve = ["descriptions", "--serve", "dist/server.js"];

  it("takes whole milliseconds of several digits", () => {
    expect(parseCommandLine([...serve, "--timeout", "1"])).toMatchObject({ timeout: 1 });
    expect(parseCommandLine([...serve, "--timeout", "30000"])).toMatchObject({ timeout: 30000 });
  });

  it.each(["0", "1e3", "0x10", " 5", "5ms", "99999999999999999999"])("refuses %j", (typed) => {
    expect(usageError([...serve, "--timeout", typed])).toBe(`--timeout ${typed}: give whole milliseconds above 0, e.g. --timeout 30000`);
  });
});

describe("a value that starts with -", () => {
  it("`-` alone is a value (the usual name of the standard streams)", () => {
    expect(parseCommandLine(["--output", "-"])).toMatchObject({ output: "-" });
  });

  it("another flag is not taken as the value", () => {
    expect(usageError(["--output", "--quiet"])).toBe("--output needs a value: --output FILE, e.g. --output census.json");
  });

  it("written --flag=-x it is the value", () => {
    expect(parseCommandLine(["--output=-x.json"])).toMatchObject({ output: "-x.json" });
  });
});

describe("the example for each flag's missing value", () => {
  it.each([
    [["--output"], "--output needs a value: --output FILE, e.g. --output census.json"],
    [["descriptions", "--serve", "s.js", "--timeout"], "--timeout needs a value: --timeout MS, e.g. --timeout 30000"],
    [["descriptions", "--serve", "s.js", "--sku"], "--sku needs a value: --sku NAME, a SKU of the config"],
    [["--jobs"], "--jobs needs a value: --jobs N, e.g. --jobs 2"],
    [["-j"], "-j needs a value: --jobs N, e.g. --jobs 2"],
    [["--cache-location"], "--cache-location needs a value: --cache-location DIR, e.g. --cache-location .cache/payload-census"],
    [["--shard"], "--shard needs a value: --shard I/N, e.g. --shard 1/3"],
  ])("%j", (argv, message) => {
    expect(usageError(argv)).toBe(message);
  });
});

describe("flags where they do not apply", () => {
  it("--quiet on routes, whose output is the explanation", () => {
    expect(usageError(["routes", "get_wait_stats", "--quiet"])).toBe("--quiet does not apply to routes: its output is the explanation");
  });

  it("--sku and --timeout with --base, which reads no running server", () => {
    expect(usageError(["descriptions", "--base", "main", "--sku", "full"])).toBe("--sku is for a running server (--serve or --stdio), not --base");
    expect(usageError(["descriptions", "--base", "main", "--timeout", "5"])).toBe("--timeout is for a running server (--serve or --stdio), not --base");
  });

  it("--format markdown is the check report's, and the descriptions delta's only with --base", () => {
    expect(parseCommandLine(["descriptions", "--base", "main", "--format", "markdown"])).toMatchObject({ kind: "descriptionsDelta", format: "markdown" });
    expect(usageError(["descriptions", "--serve", "s.js", "--format", "markdown"])).toBe(
      "--format markdown is the check report's: use --format text or --format json with descriptions",
    );
    expect(usageError(["descriptions", "--base", "main", "--format", "sarif"])).toBe("--format sarif is the check report's: use --format text or --format json with descriptions");
    expect(usageError(["witness", "--format", "markdown"])).toBe("--format markdown is the check report's: use --format text or --format json with witness");
    expect(usageError(["witness", "--format", "github"])).toBe("--format github is the check report's: use --format text or --format json with witness");
    expect(parseCommandLine(["merge", "p.json", "--format", "github"])).toMatchObject({ kind: "merge", format: "github" });
  });
});

describe("too many arguments: the synopsis of the command", () => {
  it.each([
    [["roster", "--write", "a", "b"], 'too many arguments ("a" "b"): type payload-census roster --write [DIR]'],
    [["floors", "--raise", "a", "b"], 'too many arguments ("a" "b"): type payload-census floors --raise [DIR]'],
    [["witness", "a", "b"], 'too many arguments ("a" "b"): type payload-census witness [DIR]'],
    [["routes", "tool", "a", "b"], 'too many arguments ("a" "b"): type payload-census routes TOOL [DIR]'],
    [["descriptions", "--base", "main", "a", "b"], 'too many arguments ("a" "b"): type payload-census descriptions --base REV [--head REV] [DIR]'],
  ])("%j", (argv, message) => {
    expect(usageError(argv)).toBe(message);
  });
});

describe("dropcheck's first argument", () => {
  it("a tool name is a tool, a path is DIR", () => {
    expect(parseCommandLine(["dropcheck", "--base", "main", "get_stats"])).toMatchObject({ dir: undefined, tools: ["get_stats"] });
    expect(parseCommandLine(["dropcheck", "--base", "main", "./mon", "get_stats"])).toMatchObject({ dir: "./mon", tools: ["get_stats"] });
  });
});

describe("dropcheck's DIR spellings", () => {
  it.each([".", "..", "a/b", "a\\b"])("%j is DIR", (dir) => {
    expect(parseCommandLine(["dropcheck", "--base", "main", dir, "t"])).toMatchObject({ dir, tools: ["t"] });
  });

  it("a name with a dot but no separator is a tool", () => {
    expect(parseCommandLine(["dropcheck", "--base", "main", "tool.v2"])).toMatchObject({ dir: undefined, tools: ["tool.v2"] });
  });
});

describe("trace's FILE:LINE:COL with numbers of several digits", () => {
  it("the column is dropped however long it is", async () => {
    const { parseLocation } = await import("../../census/args.js");
    expect(parseLocation("src/a.ts:120:34")).toEqual({ file: "src/a.ts", line: 120 });
    expect(parseLocation("x:1")).toEqual({ file: "x", line: 1 });
  });
});

describe("--base and --head's example", () => {
  it.each([
    [["dropcheck", "--base"], "--base needs a value: --base REV, e.g. --base main"],
    [["dropcheck", "--base", "main", "--head"], "--head needs a value: --head REV, e.g. --head main"],
  ])("%j", (argv, message) => {
    expect(usageError(argv)).toBe(message);
  });
});
