// CensusSession over time and memory: the config file found for a folder and the disk revalidated, each at most once
// per period by the clock; the census remembered by a CLI run (or another linter), kept while every text linted is
// what it read or the disk's, ended for good by a text the disk does not hold; a broken config or roster as the
// outcome, never remembered; the facts a linter reads kept in the shared cache.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../census/main.js";
import { ConfigError } from "../src/errors.js";
import { CensusSession, configFileFor, forgetSessions } from "../src/session.js";
import { captureIo } from "./census/io.js";
import { tempTree } from "./config/tempTree.js";

const monitor = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "monitor");
const WAITS = "full/src/mcp/tools/waits.ts";
const BARE = 'if (error) return "A bare sentence.";';

let clock = 1_000_000;
beforeEach(() => {
  clock = 1_000_000;
  vi.spyOn(Date, "now").mockImplementation(() => clock);
  forgetSessions();
});
afterEach(() => {
  vi.restoreAllMocks();
  forgetSessions();
});

const HELPERS =
  'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
  'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
  'export function refusal(p: string, s: string) { return status("invalid", s); }\n';
const TOOL = (body: string) =>
  'import { refusal, status } from "../helpers.js";\n' +
  "export function register(server: any): void {\n" +
  '  server.registerTool("count", { description: "Counts things." }, async ({ n }: { n: number }) => {\n' +
  `    ${body}\n` +
  "    return JSON.stringify({ n });\n" +
  "  });\n" +
  "}\n";
const CLEAN = 'if (n < 0) return refusal("n", "n must not be negative.");';
const HAND_BUILT = 'if (n < 0) return status("invalid", "n must not be negative.");';

/** A one-tool monitor; `roster` is the roster file's text (none: no roster key). */
function smallTree(roster?: string): string {
  const config = { skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }], ...(roster === undefined ? {} : { roster: "roster.json" }) };
  return tempTree({
    "payload-census.config.json": JSON.stringify(config),
    "src/helpers.ts": HELPERS,
    "src/tools/count.ts": TOOL(CLEAN),
    ...(roster === undefined ? {} : { "roster.json": roster }),
  });
}

const rules = (findings: { rule: string }[]) => findings.map((f) => f.rule);

describe("the config file of a folder", () => {
  it("is looked up again only once the last answer is a second old", () => {
    const dir = tempTree({ "sub/x.ts": "export {};\n" });
    const file = path.join(dir, "sub", "x.ts");
    expect(configFileFor(file)).toBeUndefined();
    writeFileSync(path.join(dir, "payload-census.config.json"), "{}");
    clock += 999;
    expect(configFileFor(file)).toBeUndefined();
    clock += 1;
    expect(configFileFor(file)).toBe(path.join(dir, "payload-census.config.json"));
  });
});

describe("revalidation", () => {
  it("notices a file changed on disk once the period has passed since the last, not before", () => {
    const dir = smallTree();
    const session = new CensusSession(path.join(dir, "payload-census.config.json"), { revalidateMs: 1000, cache: false });
    const tool = path.join(dir, "src", "tools", "count.ts");
    expect(session.findingsFor(tool)).toEqual([]);
    writeFileSync(tool, TOOL(HAND_BUILT));
    clock += 999;
    expect(session.findingsFor(tool)).toEqual([]);
    clock += 1;
    expect(rules(session.findingsFor(tool))).toEqual(["hand-built-status"]);
  });

  it("finds a tool file the tools glob matches since, the config unchanged", () => {
    const dir = smallTree();
    const session = new CensusSession(path.join(dir, "payload-census.config.json"), { revalidateMs: 1000, cache: false });
    expect(session.findingsFor(path.join(dir, "src", "tools", "count.ts"))).toEqual([]);
    const added = path.join(dir, "src", "tools", "added.ts");
    writeFileSync(added, TOOL(HAND_BUILT).replace('"count"', '"added"'));
    clock += 1000;
    expect(rules(session.findingsFor(added))).toEqual(["hand-built-status"]);
  });

  it("keeps the period it is given, a second when none is", () => {
    const config = path.join(smallTree(), "payload-census.config.json");
    expect(new CensusSession(config, { revalidateMs: 5000, cache: false }).revalidateMs).toBe(5000);
    expect(new CensusSession(config, { revalidateMs: 0, cache: false }).revalidateMs).toBe(0);
    expect(new CensusSession(config, { cache: false }).revalidateMs).toBe(1000);
  });
});

describe("a broken config or roster", () => {
  it("is what census() throws", () => {
    const dir = smallTree();
    const config = path.join(dir, "payload-census.config.json");
    writeFileSync(config, "{ not json");
    expect(() => new CensusSession(config, { cache: false }).census()).toThrow(ConfigError);
    const broken = smallTree("{ not json");
    expect(() => new CensusSession(path.join(broken, "payload-census.config.json"), { cache: false }).census()).toThrow(ConfigError);
  });

  it("is not remembered for the next session: each finds it broken", () => {
    const dir = smallTree("{ not json");
    const config = path.join(dir, "payload-census.config.json");
    const tool = path.join(dir, "src", "tools", "count.ts");
    for (let i = 0; i < 2; i++) {
      const outcome = new CensusSession(config, { revalidateMs: 60_000, cache: { location: path.join(dir, ".cache") } }).lint(tool);
      expect(outcome.configError, `session ${i + 1}`).toBeInstanceOf(ConfigError);
    }
  });
});

describe("the remembered census", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "payload-census-session-memory-"));
    cpSync(monitor, dir, { recursive: true });
    // A module no SKU's census reads: nothing remembered says what it held.
    writeFileSync(path.join(dir, "full", "src", "mcp", "unread.ts"), "export const unread = 1;\n");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const file = (rel: string) => path.join(dir, rel);
  const config = () => file("payload-census.config.json");
  const disk = (rel: string) => readFileSync(file(rel), "utf8");

  it("answers every lint of the texts it read, recalled once, with no census", async () => {
    expect(await main(["check", "--quiet"], captureIo(dir))).toBe(0);
    const session = new CensusSession(config(), { revalidateMs: 60_000 });
    expect(session.findingsFor(file(WAITS), disk(WAITS))).toEqual([]);
    expect(session.findingsFor(file(WAITS), disk(WAITS))).toEqual([]);
    expect(session.findingsFor(file("full/src/mcp/helpers.ts"), disk("full/src/mcp/helpers.ts"))).toEqual([]);
    expect(session.stats()).toEqual({ censuses: 0, extractions: 0, remembered: 1 });
  });

  it("holds while a file it did not read is linted as the disk holds it", async () => {
    expect(await main(["check", "--quiet"], captureIo(dir))).toBe(0);
    const session = new CensusSession(config(), { revalidateMs: 60_000 });
    expect(session.findingsFor(file(WAITS), disk(WAITS))).toEqual([]);
    expect(session.findingsFor(file("full/src/mcp/unread.ts"), disk("full/src/mcp/unread.ts"))).toEqual([]);
    expect(session.stats()).toEqual({ censuses: 0, extractions: 0, remembered: 1 });
  });

  it("ends for good with a text the disk does not hold: a reloaded config does not bring it back", async () => {
    expect(await main(["check", "--quiet"], captureIo(dir))).toBe(0);
    const session = new CensusSession(config(), { revalidateMs: 1000 });
    expect(session.findingsFor(file(WAITS), disk(WAITS))).toEqual([]);
    expect(session.stats().remembered).toBe(1);
    const edited = disk(WAITS).replace("if (error) return error;", BARE);
    expect(rules(session.findingsFor(file(WAITS), edited))).toEqual(["bare-sentence-roster"]);
    expect(session.stats()).toMatchObject({ censuses: 1, remembered: 1 });
    // The config touched (its stamp changes, its text does not): loaded again, with a store that has read nothing.
    const later = new Date(Date.parse("2030-01-01T00:00:00Z"));
    utimesSync(config(), later, later);
    clock += 1000;
    expect(session.findingsFor(file(WAITS), disk(WAITS))).toEqual([]);
    expect(session.stats()).toMatchObject({ censuses: 2, remembered: 1 });
  });

  it("is not ended by a text given before anything was recalled: a reloaded config recalls it", async () => {
    expect(await main(["check", "--quiet"], captureIo(dir))).toBe(0);
    const session = new CensusSession(config(), { revalidateMs: 1000 });
    const edited = disk(WAITS).replace("if (error) return error;", BARE);
    const helpers = "full/src/mcp/helpers.ts";
    // The remembered census is not asked for while a text the disk does not hold is given first.
    expect(rules(session.findingsFor(file(WAITS), edited))).toEqual(["bare-sentence-roster"]);
    expect(session.stats()).toMatchObject({ censuses: 1, remembered: 0 });
    const later = new Date(Date.parse("2030-01-01T00:00:00Z"));
    utimesSync(config(), later, later);
    clock += 1000;
    expect(session.findingsFor(file(helpers), disk(helpers))).toEqual([]);
    expect(session.stats()).toMatchObject({ censuses: 1, remembered: 1 });
  });

  it("is not ended by an unsaved text given twice: one census of it", async () => {
    const session = new CensusSession(config(), { revalidateMs: 60_000, cache: false });
    const edited = disk(WAITS).replace("if (error) return error;", BARE);
    expect(rules(session.findingsFor(file(WAITS), edited))).toEqual(["bare-sentence-roster"]);
    expect(rules(session.findingsFor(file(WAITS), edited))).toEqual(["bare-sentence-roster"]);
    expect(session.stats().censuses).toBe(1);
  });
});

describe("the facts a linter reads", () => {
  it("are kept in the shared cache: a session after a file changed reads only that file", () => {
    const dir = smallTree();
    writeFileSync(path.join(dir, "src", "tools", "other.ts"), TOOL(CLEAN).replace('"count"', '"other"'));
    const cache = { location: path.join(dir, ".cache") };
    const config = path.join(dir, "payload-census.config.json");
    const tool = path.join(dir, "src", "tools", "count.ts");
    const first = new CensusSession(config, { revalidateMs: 60_000, cache });
    expect(first.findingsFor(tool)).toEqual([]);
    expect(first.stats().extractions).toBe(3);
    expect(readdirSync(cache.location).length).toBeGreaterThan(0);
    writeFileSync(tool, TOOL(HAND_BUILT));
    const second = new CensusSession(config, { revalidateMs: 60_000, cache });
    expect(rules(second.findingsFor(tool))).toEqual(["hand-built-status"]);
    expect(second.stats()).toMatchObject({ censuses: 1, extractions: 1, remembered: 0 });
  });
});
