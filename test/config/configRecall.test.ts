// ConfigMemo.recall and loadConfigCached, directly: what is recalled is what was remembered (not a config loaded
// again), and each thing resolution read — the text, a path's kind, a glob's walk, the memory's format and code key —
// sends a changed one back to loading.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEntry, writeEntry } from "../../src/cacheEntry.js";
import { loadConfigCached } from "../../src/config/cachedLoad.js";
import { ConfigMemo, type ResolutionReads } from "../../src/config/configMemo.js";
import { GlobListingMemory } from "../../src/config/globListings.js";
import { CONFIG_FILE_NAME, loadConfig } from "../../src/config/load.js";
import type { ResolvedConfig } from "../../src/config/types.js";
import { ConfigError } from "../../src/errors.js";
import { tempDir } from "../properties/trees.js";
import { settledMonitor } from "./settled.js";

/** A config no loading could give: recalling it proves the memory answered. */
const MARKED = { marker: "remembered, not loaded", skus: [] } as unknown as ResolvedConfig;
const noReads = (): ResolutionReads => ({ kinds: new Map(), globs: new Set() });

/** A cache folder and a config file path (the file need not exist for the memory). */
function place(): { cache: string; configFile: string; dir: string } {
  const dir = tempDir("config-recall");
  return { cache: path.join(dir, "cache"), configFile: path.join(dir, CONFIG_FILE_NAME), dir };
}

const withoutLookups = (config: ResolvedConfig | undefined) => {
  if (config === undefined) return undefined;
  const { lineOf: _l, positionOf: _p, ...rest } = config;
  return rest;
};

describe("ConfigMemo", () => {
  it("recalls what it was told to remember, for the same text", () => {
    const { cache, configFile } = place();
    new ConfigMemo(cache, configFile).remember("{}", MARKED, noReads());
    expect(withoutLookups(new ConfigMemo(cache, configFile).recall("{}", new GlobListingMemory()))).toEqual(MARKED);
    expect(new ConfigMemo(cache, configFile).recall("{ }", new GlobListingMemory()), "another text").toBeUndefined();
  });

  it("keeps one memory per config file, in the cache's config folder", () => {
    const { cache, configFile, dir } = place();
    const other = path.join(dir, "other", CONFIG_FILE_NAME);
    new ConfigMemo(cache, configFile).remember("{}", MARKED, noReads());
    new ConfigMemo(cache, other).remember("{}", { ...MARKED, marker: "the other" } as unknown as ResolvedConfig, noReads());
    const sha1 = (s: string) => createHash("sha1").update(s).digest("hex");
    expect(readdirSync(path.join(cache, "config")).sort()).toEqual([`${sha1(configFile)}.json`, `${sha1(other)}.json`].sort());
    expect(withoutLookups(new ConfigMemo(cache, other).recall("{}", new GlobListingMemory()))).toMatchObject({ marker: "the other" });
    expect(withoutLookups(new ConfigMemo(cache, configFile).recall("{}", new GlobListingMemory()))).toMatchObject({ marker: "remembered, not loaded" });
  });

  it("a path whose kind changed since (a file gone, a file where there was nothing) is not recalled", () => {
    const { cache, configFile, dir } = place();
    const file = path.join(dir, "helpers.ts");
    const missing = path.join(dir, "later.ts");
    writeFileSync(file, "export {};\n");
    const reads: ResolutionReads = { kinds: new Map([[file, "file"], [missing, "missing"]]), globs: new Set() };
    const memo = new ConfigMemo(cache, configFile);
    memo.remember("{}", MARKED, reads);
    expect(memo.recall("{}", new GlobListingMemory())).toBeDefined();
    writeFileSync(missing, "export {};\n");
    expect(memo.recall("{}", new GlobListingMemory()), "a file where nothing was").toBeUndefined();
    rmSync(missing);
    expect(memo.recall("{}", new GlobListingMemory())).toBeDefined();
    rmSync(file);
    mkdirSync(file);
    expect(memo.recall("{}", new GlobListingMemory()), "a folder where a file was").toBeUndefined();
  });

  it("a glob whose walk the listings no longer trust is not recalled", () => {
    const { cache, configFile, dir } = place();
    mkdirSync(path.join(dir, "tools"));
    const memo = new ConfigMemo(cache, configFile);
    memo.remember("{}", MARKED, { kinds: new Map(), globs: new Set(["walk-a", "walk-b"]) });
    const listings = new GlobListingMemory();
    const walk = { matches: [], folders: [] as [string, number | null][], listedAt: Date.now() };
    listings.remember("walk-a", walk);
    expect(memo.recall("{}", listings), "one walk of two known").toBeUndefined();
    listings.remember("walk-b", walk);
    expect(withoutLookups(memo.recall("{}", listings))).toEqual(MARKED);
  });

  it("an entry of another format, another code key or a body that is not the memory's is not trusted", () => {
    const { cache, configFile } = place();
    const memo = new ConfigMemo(cache, configFile);
    memo.remember("{}", MARKED, noReads());
    const [name] = readdirSync(path.join(cache, "config"));
    const file = path.join(cache, "config", name!);
    const body = JSON.stringify({ text: createHash("sha1").update("{}").digest("hex"), config: MARKED, kinds: [], globs: [] });
    const header = readHeader(file);
    for (const changed of [{ format: "payload-census-config/0" }, { key: "another build's code" }]) {
      writeEntry(file, { ...header, ...changed }, body);
      expect(memo.recall("{}", new GlobListingMemory()), JSON.stringify(changed)).toBeUndefined();
    }
    writeEntry(file, header, "not JSON");
    expect(memo.recall("{}", new GlobListingMemory()), "a body that is not JSON").toBeUndefined();
    writeEntry(file, header, body);
    expect(withoutLookups(memo.recall("{}", new GlobListingMemory()))).toEqual(MARKED);
  });

  it("an entry whose lists are not lists is not trusted", () => {
    const { cache, configFile } = place();
    const memo = new ConfigMemo(cache, configFile);
    memo.remember("{}", MARKED, noReads());
    const [name] = readdirSync(path.join(cache, "config"));
    const file = path.join(cache, "config", name!);
    const text = createHash("sha1").update("{}").digest("hex");
    // The header is the memory's own; only the body changes.
    const header = readHeader(file);
    for (const body of [{ text, config: MARKED, kinds: "x", globs: [] }, { text, config: MARKED, kinds: [], globs: "x" }]) {
      writeEntry(file, header, JSON.stringify(body));
      expect(memo.recall("{}", new GlobListingMemory())).toBeUndefined();
    }
    writeEntry(file, header, JSON.stringify({ text, config: MARKED, kinds: [], globs: [] }));
    expect(memo.recall("{}", new GlobListingMemory())).toBeDefined();
  });

  it("places a JSON path in the remembered text, a byte order mark not counted", () => {
    const { cache, configFile } = place();
    const text = '\ufeff{\n  "skus": [\n    { "name": "full" }\n  ]\n}\n';
    const memo = new ConfigMemo(cache, configFile);
    memo.remember(text, MARKED, noReads());
    const recalled = memo.recall(text, new GlobListingMemory())!;
    expect(recalled.lineOf(["skus", 0, "name"])).toBe(3);
    expect(recalled.positionOf(["skus", 0, "name"])).toEqual({ line: 3, column: 7 });
    const oneLine = '\ufeff{"skus": []}';
    memo.remember(oneLine, MARKED, noReads());
    expect(memo.recall(oneLine, new GlobListingMemory())!.positionOf(["skus"]), "the mark is no column").toEqual({ line: 1, column: 2 });
  });
});

function readHeader(file: string): Record<string, unknown> {
  return readEntry(file)!.header;
}

describe("loadConfigCached", () => {
  it("answers from the memory when it holds the config's text, and loads (and remembers) otherwise", async () => {
    const { dir, cache } = settledMonitor("config-recall");
    const configFile = path.join(dir, CONFIG_FILE_NAME);
    const loaded = await loadConfigCached({ dir }, () => cache);
    expect(withoutLookups(loaded)).toEqual(withoutLookups(loadConfig({ dir })));
    const { readFileSync } = await import("node:fs");
    new ConfigMemo(cache, configFile).remember(readFileSync(configFile, "utf8"), MARKED, noReads());
    expect(withoutLookups(await loadConfigCached({ dir }, () => cache))).toEqual(MARKED);
    expect(withoutLookups(await loadConfigCached({ configFile }, () => cache)), "named by its file").toEqual(MARKED);
  });

  it("a config that is not there is loadConfig's error, and nothing is remembered", async () => {
    const { cache, dir } = place();
    await expect(loadConfigCached({ dir }, () => cache)).rejects.toThrow(ConfigError);
    await expect(loadConfigCached({ dir }, () => cache)).rejects.toThrow("Config file not found");
    expect(() => readdirSync(path.join(cache, "config"))).toThrow();
  });

  it("asks for the cache folder of the config's own folder", async () => {
    const { dir } = settledMonitor("config-recall");
    const asked: string[] = [];
    await loadConfigCached({ configFile: path.join(dir, CONFIG_FILE_NAME) }, (configDir) => {
      asked.push(configDir);
      return path.join(configDir, "..", "cache");
    });
    expect(asked).toEqual([dir]);
  });
});
