// loadConfig for a run that keeps a cache: the config remembered there (ConfigMemo) when nothing resolving it read has
// changed, else loaded, with its glob walks and what it read remembered for the next run. Imports none of the
// loading itself until it is needed: a warm run never parses the config's JSON nor loads its schema.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ConfigMemo, type ResolutionReads } from "./configMemo.js";
import { GlobListingFile } from "./globListings.js";
import { CONFIG_FILE_NAME } from "./names.js";
import type { ResolvedConfig } from "./types.js";

/** `cacheDir` of `configDir`: where the run's cache is (the CLI's --cache-location, or the default). */
export async function loadConfigCached(where: { configFile: string } | { dir: string }, cacheDirOf: (configDir: string) => string): Promise<ResolvedConfig> {
  const configFile = "configFile" in where ? path.resolve(where.configFile) : path.resolve(where.dir, CONFIG_FILE_NAME);
  const cacheDir = cacheDirOf(path.dirname(configFile));
  const listings = new GlobListingFile(cacheDir, configFile);
  const memo = new ConfigMemo(cacheDir, configFile);
  const text = textOf(configFile);
  const remembered = text === undefined ? undefined : memo.recall(text, listings);
  if (remembered) return remembered;
  const { loadConfig } = await import("./load.js");
  const reads: ResolutionReads = { kinds: new Map(), globs: new Set() };
  // The text read above is the one parsed and remembered: a write in between cannot pair one text with another's config.
  // (Without one, loadConfig reads the file again and says why it cannot.)
  const config = loadConfig({ ...where, listings, reads, text });
  listings.save();
  if (text !== undefined) memo.remember(text, config, reads);
  return config;
}

/** The config's text, or undefined when it cannot be read (loadConfig then says why, in its words). */
function textOf(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
