// The content cache (SPEC §7): a warm census equals a cold one, an edit invalidates exactly its file's entry, a damaged
// or foreign entry is rebuilt and never trusted, and the ESLint session starts warm from the CLI's entries.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { loadReporters } from "../../census/reporters/index.js";
import { loadConfig } from "../../src/config/load.js";
import type { ResolvedConfig } from "../../src/config/types.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { contentHash, defaultCacheLocation, extractionKey, FactCache, STALE_KEY_MS } from "../../src/project/factCache.js";
import { extractOptionsOf, FactStore, ParserNeeded } from "../../src/project/factStore.js";
import { censusOf } from "../../src/project/pipeline.js";
import { prefetch } from "../../src/project/prefetch.js";
import { CensusSession } from "../../src/session.js";
import { captureIo } from "../census/io.js";
import { tempDir } from "../properties/trees.js";
import { RED_CASES } from "../redCases.js";

const reporters = await loadReporters();

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");
const RED = RED_CASES;

function cacheFor(config: ResolvedConfig, dir: string): FactCache {
  return new FactCache({ dir, root: config.dir, key: extractionKey(extractOptionsOf(config)) });
}

/** One census through the cache at `cacheDir`, the way the CLI runs it (prefetch, then the project stage). */
async function cachedCensus(config: ResolvedConfig, cacheDir: string): Promise<{ json: string; text: string; store: FactStore }> {
  const store = new FactStore(extractOptionsOf(config), { extract: extractFileFacts, cache: cacheFor(config, cacheDir) });
  await prefetch(config, store, { jobs: 1 });
  const result = censusOf(config, store);
  const options = { color: false, quiet: false, budget: result.config.descriptions, allDescriptions: true, version: "0", base: "" };
  return { json: reporters.json(result.report, options), text: reporters.text(result.report, options), store };
}

/** The fact entries of a cache folder (under facts/, one folder per key; the markers, token counts and results aside). */
function entries(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const facts = path.join(dir, "facts");
  for (const key of readdirSync(facts, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    for (const sub of readdirSync(path.join(facts, key.name))) {
      const folder = path.join(facts, key.name, sub);
      if (sub === "used") continue;
      for (const f of readdirSync(folder)) out.set(`facts/${key.name}/${sub}/${f}`, readFileSync(path.join(folder, f), "utf8"));
    }
  }
  return out;
}

function copyOf(fixture: string): string {
  const dir = path.join(tempDir("cache"), "monitor");
  cpSync(path.join(fixtures, fixture), dir, { recursive: true });
  return dir;
}

describe("a warm census equals a cold one", () => {
  for (const fixture of ["monitor", ...RED]) {
    it(fixture, async () => {
      const config = loadConfig({ dir: path.join(fixtures, fixture) });
      const cacheDir = tempDir("entries");
      const cold = await cachedCensus(config, cacheDir);
      expect(cold.store.reused, "a cold run reuses nothing").toBe(0);
      const warm = await cachedCensus(config, cacheDir);
      expect(warm.store.extractions, "a warm run extracts nothing").toBe(0);
      expect(warm.store.reused).toBe(cold.store.extractions);
      expect(warm.json).toBe(cold.json);
      expect(warm.text).toBe(cold.text);
      // And the cache changes nothing: the same census without one.
      const uncached = censusOf(config, new FactStore(extractOptionsOf(config), { extract: extractFileFacts }));
      expect(reporters.json(uncached.report, { color: false, quiet: false, budget: config.descriptions, allDescriptions: true, version: "0", base: "" })).toBe(cold.json);
    });
  }
});

describe("the entries of the cache", () => {
  it("an edited file invalidates exactly its own entry", async () => {
    const monitor = copyOf("monitor");
    const config = loadConfig({ dir: monitor });
    const cacheDir = tempDir("entries");
    const cold = await cachedCensus(config, cacheDir);
    const before = entries(cacheDir);
    expect(before.size).toBe(cold.store.extractions);
    const edited = path.join(monitor, "full", "src", "mcp", "tools", "waits.ts");
    writeFileSync(edited, `${readFileSync(edited, "utf8")}\n// an edit\n`);
    const again = await cachedCensus(loadConfig({ dir: monitor }), cacheDir);
    expect(again.store.extractions).toBe(1);
    const after = entries(cacheDir);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const changed = [...after].filter(([k, v]) => before.get(k) !== v).map(([k]) => k);
    expect(changed).toEqual([path.relative(cacheDir, cacheFor(config, cacheDir).entryPath(edited)).split(path.sep).join("/")]);
  });

  it("a truncated, corrupted, garbage or foreign entry is rebuilt, never trusted", async () => {
    const config = loadConfig({ dir: path.join(fixtures, "monitor") });
    const cacheDir = tempDir("entries");
    const cold = await cachedCensus(config, cacheDir);
    const cache = cacheFor(config, cacheDir);
    const files = cold.store.withFacts().map((f) => f.file).sort();
    const [truncated, corrupted, garbage, foreign] = files.map((f) => cache.entryPath(f));
    writeFileSync(truncated!, readFileSync(truncated!, "utf8").slice(0, 200));
    // Still valid JSON, one digit changed inside the facts: only the sum tells.
    const body = readFileSync(corrupted!, "utf8");
    const digit = body.indexOf('"line":', body.indexOf("\n")) + 7;
    expect(digit).toBeGreaterThan(body.indexOf("\n") + 7);
    writeFileSync(corrupted!, body.slice(0, digit) + String((Number(body[digit]) + 1) % 10) + body.slice(digit + 1));
    writeFileSync(garbage!, "\u0000\u0001 not an entry");
    // A well-formed entry of another file, copied over this one's: its header names the other file.
    writeFileSync(foreign!, readFileSync(cache.entryPath(files[5]!), "utf8"));
    const again = await cachedCensus(config, cacheDir);
    expect(again.store.extractions).toBe(4);
    expect(again.json).toBe(cold.json);
    const third = await cachedCensus(config, cacheDir);
    expect(third.store.extractions, "the rebuilt entries are good again").toBe(0);
  });

  it("an entry of another config or another version is not read", async () => {
    const config = loadConfig({ dir: path.join(fixtures, "monitor") });
    const cacheDir = tempDir("entries");
    await cachedCensus(config, cacheDir);
    const file = config.skus[0]!.toolFiles[0]!;
    const other = new FactCache({ dir: cacheDir, root: config.dir, key: "another-key" });
    const text = readFileSync(file, "utf8");
    expect(cacheFor(config, cacheDir).read(file, contentHash(text))).toBeDefined();
    expect(other.read(file, contentHash(text))).toBeUndefined();
    expect(cacheFor(config, cacheDir).read(file, contentHash(`${text} `))).toBeUndefined();
  });

  it("a cache that cannot be written costs the head start, not the result", async () => {
    const config = loadConfig({ dir: path.join(fixtures, "monitor") });
    const blocker = path.join(tempDir("entries"), "a-file");
    writeFileSync(blocker, "not a folder");
    const run = await cachedCensus(config, path.join(blocker, "cache"));
    const reference = await cachedCensus(config, tempDir("entries"));
    expect(run.json).toBe(reference.json);
  });

  it("a store without an extractor asks for one instead of guessing", () => {
    const config = loadConfig({ dir: path.join(fixtures, "monitor") });
    const store = new FactStore(extractOptionsOf(config));
    expect(() => store.get(config.skus[0]!.helpers)).toThrow(ParserNeeded);
    store.useExtractor(extractFileFacts);
    expect(store.get(config.skus[0]!.helpers).facts).toBeDefined();
  });
});

describe("the CLI and the ESLint session share the cache", () => {
  it("a session after a CLI run extracts nothing, and finds what the CLI found", async () => {
    const monitor = copyOf("monitor");
    const io = captureIo(monitor);
    expect(await main(["check", "--format", "json"], io)).toBe(0);
    // The copy has no package.json above it: the cache is in its own node_modules.
    expect(readdirSync(defaultCacheLocation(monitor)).length).toBeGreaterThan(0);
    const session = new CensusSession(path.join(monitor, "payload-census.config.json"));
    const result = session.census();
    expect(session.stats().extractions).toBe(0);
    expect(JSON.parse(io.out.join("")).findings).toEqual(JSON.parse(JSON.stringify(result.report.findings)));
  });

  it("--no-cache writes no cache and --cache-location puts it where it is told", async () => {
    const monitor = copyOf("monitor");
    expect(await main(["check", "--no-cache", "--quiet"], captureIo(monitor))).toBe(0);
    expect(statSync(defaultCacheLocation(monitor), { throwIfNoEntry: false })).toBeUndefined();
    expect(await main(["check", "--cache-location", "elsewhere", "--quiet"], captureIo(monitor))).toBe(0);
    expect(readdirSync(path.join(monitor, "elsewhere")).length).toBeGreaterThan(0);
    rmSync(path.join(monitor, "elsewhere"), { recursive: true });
  });
});

describe("entries of keys no run uses any more", () => {
  const DAY = 24 * 60 * 60 * 1000;
  /** A folder of entries (with its `used` marker, when given) last used `daysAgo`. */
  function keyFolder(cacheDir: string, name: string, daysAgo: number, marker = true): string {
    const folder = path.join(cacheDir, ...name.split("/"));
    mkdirSync(path.join(folder, "ab"), { recursive: true });
    writeFileSync(path.join(folder, "ab", "entry.json"), "{}\n{}");
    const then = new Date(Date.now() - daysAgo * DAY);
    if (marker) {
      writeFileSync(path.join(folder, "used"), "");
      utimesSync(path.join(folder, "used"), then, then);
    }
    utimesSync(folder, then, then);
    return folder;
  }

  it("are removed once no run used them for a week; the keys in use stay, and the day's pruning is done once", async () => {
    const monitor = copyOf("monitor");
    const cacheDir = tempDir("prune");
    const old = keyFolder(cacheDir, "facts/0123456789abcdef", 8);
    const recent = keyFolder(cacheDir, "facts/fedcba9876543210", 6);
    const legacy = keyFolder(cacheDir, "cd", 8, false);
    expect(STALE_KEY_MS).toBe(7 * DAY);
    expect(await main(["check", "--quiet", "--cache-location", cacheDir], captureIo(monitor))).toBe(0);
    expect(existsSync(old), "a key unused for 8 days").toBe(false);
    expect(existsSync(legacy), "the layout before per-key folders").toBe(false);
    expect(existsSync(recent), "a key another config used 6 days ago").toBe(true);
    const own = cacheFor(loadConfig({ dir: monitor }), cacheDir);
    expect(existsSync(own.entryPath(path.join(monitor, "full", "src", "mcp", "helpers.ts")))).toBe(true);

    // Pruned today already: a key that went stale since waits for tomorrow's run.
    const later = keyFolder(cacheDir, "facts/00000000000000ff", 9);
    expect(await main(["check", "--quiet", "--cache-location", cacheDir], captureIo(monitor))).toBe(0);
    expect(existsSync(later)).toBe(true);
    own.markUsed(Date.now() + DAY + 1000);
    expect(existsSync(later)).toBe(false);
    expect(existsSync(recent), "8 days after its use now, by the clock given").toBe(false);
  });
});

