// The CLI's plumbing around the census: exit codes, --output, --quiet, colour, trace and the writers, errors with and without stacks.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../../census/main.js";
import { json } from "../../census/reporters/json.js";
import { text } from "../../census/reporters/text.js";
import type { TraceResult } from "../../src/model.js";
import { loadConfig } from "../../src/config/load.js";
import { GlobListingFile } from "../../src/config/globListings.js";
import { ConfigError } from "../../src/errors.js";
import { censusOf as runCensus, traceOf as tracePassThrough } from "../../src/project/pipeline.js";
import { captureIo } from "./io.js";
import { runDropcheck } from "../../census/dropcheck/run.js";
import { deltaJson, deltaMarkdown, formatDelta, runDescriptionsDelta, type DeltaResult } from "../../census/descriptions/delta.js";
import { dropcheckJson, formatDropcheck, type DropcheckResult } from "../../census/dropcheck/format.js";
import { censusResult, cleanReport, config, sentence, smallReport } from "./reports.js";

// The census and the config loader give hand-made results here: these tests are about main(), not the census
// (cli.integration.test.ts runs the real one).
vi.mock("../../src/config/load.js", () => ({ CONFIG_FILE_NAME: "payload-census.config.json", loadConfig: vi.fn(), loadRoster: vi.fn() }));
// The census runs as the CLI runs it (the store filled first, then the project stage): both stand in here.
vi.mock("../../src/project/pipeline.js", () => ({ censusOf: vi.fn(), traceOf: vi.fn() }));
vi.mock("../../src/project/prefetch.js", () => ({ prefetch: vi.fn(), configuredFiles: vi.fn(() => []), defaultJobs: () => 1 }));
// dropcheck reads two revisions with git (test/dropcheck.test.ts runs it): here it gives a hand-made comparison.
vi.mock("../../census/dropcheck/run.js", () => ({ runDropcheck: vi.fn() }));
// So does descriptions --base, whose formats are the real ones.
vi.mock("../../census/descriptions/delta.js", async (importOriginal) => ({ ...(await importOriginal<object>()), runDescriptionsDelta: vi.fn() }));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "payload-census-main-"));
  mkdirSync(join(dir, "monitor", "src"), { recursive: true });
  vi.mocked(loadConfig).mockImplementation((options) => config(options.configFile ? join(options.configFile, "..") : options.dir!));
});
afterEach(() => {
  vi.resetAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const monitor = () => join(dir, "monitor");

/** The options main() gives the text reporter for the hand-made config of reports.ts: no budget, no client limits. */
const PLAIN = { color: false, quiet: false, budget: { total: null, clientLimits: [] } };

describe("check", () => {
  it("exits 1 with findings, printing the text report", async () => {
    vi.mocked(runCensus).mockReturnValue(censusResult(monitor(), { report: smallReport() }));
    const io = captureIo(dir);
    expect(await main(["monitor"], io)).toBe(1);
    expect(io.out.join("")).toBe(text(smallReport(), PLAIN));
    expect(io.err).toEqual([]);
    // DIR is resolved against Io.cwd, not the process's folder.
    expect(loadConfig).toHaveBeenCalledWith(expect.objectContaining({ dir: monitor(), listings: expect.any(GlobListingFile) }));
  });

  it("exits 0 when clean; quiet prints nothing at all", async () => {
    vi.mocked(runCensus).mockReturnValue(censusResult(monitor(), { report: cleanReport() }));
    const io = captureIo(monitor());
    expect(await main(["check", "--quiet"], io)).toBe(0);
    expect(io.out).toEqual([]);
    expect(loadConfig).toHaveBeenCalledWith(expect.objectContaining({ dir: monitor(), listings: expect.any(GlobListingFile) }));
  });

  it("prints JSON with --format json", async () => {
    vi.mocked(runCensus).mockReturnValue(censusResult(monitor(), { report: smallReport() }));
    const io = captureIo(dir, { isTTY: true });
    expect(await main(["monitor", "--format", "json"], io)).toBe(1);
    expect(io.out.join("")).toBe(json(smallReport()));
  });

  it("hands --config to the loader as an absolute path", async () => {
    vi.mocked(runCensus).mockReturnValue(censusResult(monitor(), { report: cleanReport() }));
    expect(await main(["--config", "monitor/other.json"], captureIo(dir))).toBe(0);
    expect(loadConfig).toHaveBeenCalledWith(expect.objectContaining({ configFile: join(monitor(), "other.json"), listings: expect.any(GlobListingFile) }));
  });

  it("colours on a terminal, not with NO_COLOR, and FORCE_COLOR forces it off one", async () => {
    vi.mocked(runCensus).mockReturnValue(censusResult(monitor(), { report: smallReport() }));
    const run = async (env: Record<string, string>, isTTY: boolean) => {
      const io = captureIo(dir, { env, isTTY });
      await main(["monitor"], io);
      return /\u001b\[/.test(io.out.join(""));
    };
    expect(await run({}, true)).toBe(true);
    expect(await run({}, false)).toBe(false);
    expect(await run({ NO_COLOR: "1" }, true)).toBe(false);
    expect(await run({ FORCE_COLOR: "1" }, false)).toBe(true);
  });

  it("writes the report to --output instead of stdout, without colour, and leaves no temp file", async () => {
    vi.mocked(runCensus).mockReturnValue(censusResult(monitor(), { report: smallReport() }));
    const io = captureIo(dir, { isTTY: true, env: { FORCE_COLOR: "1" } });
    expect(await main(["monitor", "-o", "report.txt"], io)).toBe(1);
    expect(io.out).toEqual([]);
    expect(io.err).toEqual([]);
    expect(readFileSync(join(dir, "report.txt"), "utf8")).toBe(text(smallReport(), PLAIN));
    expect(readdirSync(dir).sort()).toEqual(["monitor", "report.txt"]);
  });

  it("hands the config's catalog budget and client limits to the text reporter", async () => {
    const descriptions = { cap: 1024, caps: {}, total: 2000, pointer: "Reading guide: get_tool_guide.", pins: {}, clientLimits: [2, 40], tokenCap: null, tokenTotal: null, routes: "named" as const };
    vi.mocked(runCensus).mockReturnValue(censusResult(monitor(), { report: smallReport(), config: { descriptions } }));
    const io = captureIo(dir);
    expect(await main(["monitor"], io)).toBe(1);
    const out = io.out.join("");
    expect(out).toBe(text(smallReport(), { color: false, quiet: false, budget: { total: 2000, clientLimits: [2, 40] } }));
    expect(out).toContain("\n  catalog 2120 chars, budget 2000 ✗ over by 120\n");
    expect(out).toContain("\n  3 tools: over 2 ✗ (clients that send only the first 2 tools will not see 1 of them), within 40 ✓\n");
  });

  it("says why --output cannot be written, without a stack, exit 2", async () => {
    vi.mocked(runCensus).mockReturnValue(censusResult(monitor(), { report: cleanReport() }));
    const io = captureIo(dir);
    // The folder of --output must exist: creating folders is the user's business.
    expect(await main(["monitor", "--output", "out/report.txt"], io)).toBe(2);
    expect(io.out).toEqual([]);
    expect(io.err.join("")).toBe(
      "payload-census: cannot write --output out/report.txt: its folder does not exist (payload-census does not create folders)\n",
    );
  });

  it("prints a configuration error without a stack, exit 2", async () => {
    vi.mocked(loadConfig).mockImplementation(() => {
      throw new ConfigError("skus[0].tools[1]: the glob src/nope/*.ts matches no file");
    });
    const io = captureIo(dir);
    expect(await main(["monitor"], io)).toBe(2);
    expect(io.err.join("")).toBe("payload-census: skus[0].tools[1]: the glob src/nope/*.ts matches no file\n");
  });

  it("prints the stack of anything else, a bug, exit 2", async () => {
    vi.mocked(runCensus).mockImplementation(() => {
      throw new TypeError("cannot read properties of undefined");
    });
    const io = captureIo(dir);
    expect(await main(["monitor"], io)).toBe(2);
    const err = io.err.join("");
    expect(err).toMatch(/^payload-census: internal error \(a bug in payload-census, please report it\):\nTypeError: cannot read properties of undefined\n {4}at /);
  });
});

describe("roster --write and floors --raise", () => {
  it("writes the roster and prints the summary, exit 0 even when the census has findings", async () => {
    vi.mocked(runCensus).mockReturnValue(
      censusResult(monitor(), { report: smallReport(), bareSentences: [sentence("src/tools/waits.ts", "get_waits", "No waits.", 30)] }),
    );
    const io = captureIo(dir);
    expect(await main(["roster", "--write", "monitor"], io)).toBe(0);
    expect(io.out.join("")).toBe('created payload-census.roster.json: 1 entry (1 added, 0 removed, 0 kept)\n  + src/tools/waits.ts  get_waits  "No waits."\n');
    expect(JSON.parse(readFileSync(join(monitor(), "payload-census.roster.json"), "utf8")).entries).toHaveLength(1);
  });

  it("refuses while a file does not parse, exit 2, nothing written", async () => {
    vi.mocked(runCensus).mockReturnValue(censusResult(monitor(), { unparsed: ["src/tools/a.ts"] }));
    const io = captureIo(dir);
    expect(await main(["roster", "--write", "monitor"], io)).toBe(2);
    expect(io.err.join("")).toBe(
      "payload-census: 1 file fails to parse: fix them first, the roster would lose their sentences: src/tools/a.ts\n",
    );
    // Only the census's cache may have been written (node_modules: this folder has no package.json above it).
    expect(readdirSync(monitor()).filter((f) => f !== "node_modules")).toEqual(["src"]);
  });

  it("raises floors quietly with -q", async () => {
    writeFileSync(join(monitor(), "payload-census.config.json"), '{ "floors": { "files": 1 } }\n');
    const report = cleanReport();
    report.counts.files = 4;
    vi.mocked(runCensus).mockReturnValue(censusResult(monitor(), { report, config: { floors: [{ count: "files", floor: 1 }] } }));
    const io = captureIo(dir);
    expect(await main(["floors", "--raise", "monitor", "-q"], io)).toBe(0);
    expect(io.out).toEqual([]);
    expect(readFileSync(join(monitor(), "payload-census.config.json"), "utf8")).toBe('{ "floors": { "files": 4 } }\n');
  });
});

describe("trace", () => {
  const trace: TraceResult = {
    sku: "full",
    file: "src/a.ts",
    line: 3,
    column: 3,
    tool: "t",
    guard: "e",
    path: "e",
    ok: false,
    definitions: [{ file: "src/a.ts", line: 2, column: 9, text: 'e = "x"', ok: false, via: [], reason: "an inline string" }],
  };

  beforeEach(() => writeFileSync(join(monitor(), "src", "a.ts"), "// a tool file\n"));

  it("resolves FILE against the working folder, prints the chain, exits 1 when it fails", async () => {
    vi.mocked(tracePassThrough).mockReturnValue(trace);
    const io = captureIo(monitor());
    expect(await main(["trace", "src/a.ts:3"], io)).toBe(1);
    expect(tracePassThrough).toHaveBeenCalledWith(expect.objectContaining({ dir: monitor() }), join(monitor(), "src", "a.ts"), 3, expect.anything());
    expect(io.out.join("")).toBe(
      ['src/a.ts:3:3  if (e) return e;  [t]', '  2:9  e = "x"', "    ✗ an inline string", "fails: 1 of 1 definition does not come from a shared producer", ""].join("\n"),
    );
  });

  it("exits 0 when it passes, and prints JSON with --format json", async () => {
    const passing = { ...trace, ok: true, definitions: [] };
    vi.mocked(tracePassThrough).mockReturnValue(passing);
    const io = captureIo(dir);
    expect(await main(["trace", "monitor/src/a.ts:3:7", "monitor", "--format", "json"], io)).toBe(0);
    expect(JSON.parse(io.out.join(""))).toEqual(passing);
  });

  it("says where to point when the line holds no pass-through, exit 2", async () => {
    vi.mocked(tracePassThrough).mockReturnValue(undefined);
    const io = captureIo(monitor());
    expect(await main(["trace", "src/a.ts:1"], io)).toBe(2);
    expect(io.err.join("")).toBe("payload-census: no guarded pass-through starts on src/a.ts:1; point at the line of the `if`\n");
  });

  it("says when FILE does not exist, exit 2", async () => {
    const io = captureIo(monitor());
    expect(await main(["trace", "src/b.ts:1"], io)).toBe(2);
    expect(io.err.join("")).toBe("payload-census: no such file: src/b.ts (FILE is relative to the current folder or to the config's folder)\n");
    expect(tracePassThrough).not.toHaveBeenCalled();
  });
});

describe("dropcheck", () => {
  const tool = (name: string, missing: string[]) => ({ sku: "s", tool: name, status: "present" as const, old: 40, new: 20, sentences: 2, missing, unseen: null });
  const result = (tools: DropcheckResult["tools"]): DropcheckResult => ({
    ok: tools.every((t) => t.missing.length === 0),
    config: "payload-census.config.json",
    base: { rev: "main", commit: "a".repeat(40) },
    head: null,
    unparsed: { base: [], head: [] },
    tools,
  });
  const losing = result([tool("get_plan", ["Use it daily."]), tool("get_waits", [])]);

  it("prints the comparison, coloured on a terminal, and exits 1 when a tool lost a sentence", async () => {
    vi.mocked(runDropcheck).mockResolvedValue(losing);
    const io = captureIo(dir, { isTTY: true });
    expect(await main(["dropcheck", "--base", "main", "get_plan"], io)).toBe(1);
    expect(io.out.join("")).toBe(formatDropcheck(losing, { color: true, quiet: false }));
    expect(io.out.join("")).toMatch(/\u001b\[/);
    expect(runDropcheck).toHaveBeenCalledWith(expect.objectContaining({ base: "main", head: undefined, tools: ["get_plan"] }), dir);
  });

  it("writes --output without colour, prints only the losing tools with --quiet, and JSON with --format json", async () => {
    vi.mocked(runDropcheck).mockResolvedValue(losing);
    const io = captureIo(dir, { isTTY: true, env: { FORCE_COLOR: "1" } });
    expect(await main(["dropcheck", "--base", "main", "-o", "drops.txt"], io)).toBe(1);
    expect(io.out).toEqual([]);
    expect(readFileSync(join(dir, "drops.txt"), "utf8")).toBe(formatDropcheck(losing, { color: false, quiet: false }));

    const quiet = captureIo(dir);
    expect(await main(["dropcheck", "--base", "main", "--quiet"], quiet)).toBe(1);
    expect(quiet.out.join("")).toBe(formatDropcheck(losing, { color: false, quiet: true }));
    expect(quiet.out.join("")).not.toContain("get_waits");

    const asJson = captureIo(dir, { isTTY: true });
    expect(await main(["dropcheck", "--base", "main", "--format", "json"], asJson)).toBe(1);
    expect(asJson.out.join("")).toBe(dropcheckJson(losing));
  });

  it("exits 0 when no tool lost a sentence", async () => {
    const kept = result([tool("get_waits", [])]);
    vi.mocked(runDropcheck).mockResolvedValue(kept);
    const io = captureIo(dir);
    expect(await main(["dropcheck", "--base", "main"], io)).toBe(0);
    expect(io.out.join("")).toBe(formatDropcheck(kept, { color: false, quiet: false }));
  });
});

describe("descriptions --base", () => {
  const size = (served: number, tokens: number) => ({ served, tokens });
  const delta: DeltaResult = {
    config: "payload-census.config.json",
    base: { rev: "main", commit: "b".repeat(40) },
    head: null,
    tools: [
      { sku: "s", tool: "get_plan", status: "added", before: null, after: size(30, 8), delta: size(30, 8) },
      { sku: "s", tool: "get_waits", status: "same", before: size(20, 5), after: size(20, 5), delta: size(0, 0) },
    ],
    catalogs: [{ sku: "s", before: size(20, 5), after: size(50, 13), delta: size(30, 8), percent: size(150, 160) }],
  };

  it("prints the delta, coloured on a terminal and not in a file, as JSON or Markdown when asked, and always exits 0", async () => {
    vi.mocked(runDescriptionsDelta).mockResolvedValue(delta);
    const tty = captureIo(dir, { isTTY: true });
    expect(await main(["descriptions", "--base", "main"], tty)).toBe(0);
    expect(tty.out.join("")).toBe(formatDelta(delta, { color: true, quiet: false }));
    expect(tty.out.join("")).toMatch(/\u001b\[/);
    expect(runDescriptionsDelta).toHaveBeenCalledWith(expect.objectContaining({ base: "main", head: undefined }), dir);

    const file = captureIo(dir, { isTTY: true, env: { FORCE_COLOR: "1" } });
    expect(await main(["descriptions", "--base", "main", "-o", "delta.txt", "--quiet"], file)).toBe(0);
    expect(readFileSync(join(dir, "delta.txt"), "utf8")).toBe(formatDelta(delta, { color: false, quiet: true }));

    const asJson = captureIo(dir);
    expect(await main(["descriptions", "--base", "main", "-f", "json"], asJson)).toBe(0);
    expect(asJson.out.join("")).toBe(deltaJson(delta));
    const asMarkdown = captureIo(dir);
    expect(await main(["descriptions", "--base", "main", "-f", "markdown"], asMarkdown)).toBe(0);
    expect(asMarkdown.out.join("")).toBe(deltaMarkdown(delta));
  });
});
