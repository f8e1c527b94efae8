// Reads, validates and resolves payload-census.config.json and the roster file (IMPLEMENTATION IN PROGRESS: signatures fixed).
import type { ResolvedConfig, Roster } from "./types.js";

export const CONFIG_FILE_NAME = "payload-census.config.json";

/**
 * Loads the config: `configFile` (relative to the process's working directory) when given, else
 * `<dir>/payload-census.config.json` (`dir` defaults to "."). Throws ConfigError (exit 2) naming the JSON path.
 */
export function loadConfig(options: { dir?: string; configFile?: string }): ResolvedConfig {
  void options;
  throw new Error("not implemented");
}

/** Loads the roster named by the config; a missing file is an empty roster (exists: false). Throws ConfigError. */
export function loadRoster(config: ResolvedConfig): Roster {
  void config;
  throw new Error("not implemented");
}
