// The remembered config's edges: a config gone after it was remembered, the code key in each memory, and the
// suggestion distance the config's messages use.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEntry } from "../../src/cacheEntry.js";
import { loadConfigCached } from "../../src/config/cachedLoad.js";
import { closest } from "../../src/config/didYouMean.js";
import { CONFIG_FILE_NAME } from "../../src/config/load.js";
import { ConfigError } from "../../src/errors.js";
import { settledMonitor } from "./settled.js";

describe("loadConfigCached", () => {
  it("a config remembered and then removed is not found, as without a memory", async () => {
    const { dir, cache } = settledMonitor("config-recall-edges");
    await loadConfigCached({ dir }, () => cache);
    expect(readdirSync(path.join(cache, "config"))).toHaveLength(1);
    rmSync(path.join(dir, CONFIG_FILE_NAME));
    const failure = loadConfigCached({ dir }, () => cache);
    await expect(failure).rejects.toThrow(ConfigError);
    await expect(loadConfigCached({ dir }, () => cache)).rejects.toThrow("Config file not found");
  });

  it("each memory carries the key of the code that wrote it", async () => {
    const { dir, cache } = settledMonitor("config-recall-edges");
    await loadConfigCached({ dir }, () => cache);
    const [name] = readdirSync(path.join(cache, "config"));
    const header = readEntry(path.join(cache, "config", name!))!.header;
    expect(header.format).toBe("payload-census-config/1");
    expect(header.key).toEqual(expect.stringMatching(/^[0-9a-f]{16,}$/));
    expect(readFileSync(path.join(dir, CONFIG_FILE_NAME), "utf8")).not.toBe("");
  });
});

describe("closest", () => {
  it("by default allows a third of the word's length in edits, at least one", () => {
    expect(closest("dscriptons", ["descriptions"]), "two edits in ten letters").toBe("descriptions");
    expect(closest("dscrptons", ["descriptions"]), "three edits in nine letters").toBe("descriptions");
    expect(closest("dscrptns", ["descriptions"]), "four edits in eight letters").toBeUndefined();
    expect(closest("ab", ["ac"]), "one edit in two letters").toBe("ac");
    expect(closest("ab", ["cd"])).toBeUndefined();
  });
});
