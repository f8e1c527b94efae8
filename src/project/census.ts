// The census as a library call: runCensus and tracePassThrough over a store that extracts with the parser loaded
// here. The CLI goes through pipeline.ts and loads the parser only when the cache lacks a file's facts.
import type { ResolvedConfig } from "../config/types.js";
import { extractFileFacts } from "../facts/extract.js";
import type { CensusResult, TraceResult } from "../model.js";
import { FactStore, extractOptionsOf, type FactStoreDeps } from "./factStore.js";
import { censusOf, traceOf } from "./pipeline.js";

export interface CensusOptions {
  /** Facts shared with an earlier run (an editor session): files are re-read only when their text changed. */
  store?: FactStore;
  /** Whether every description row carries its token counts (default true); an editor needs them only for token budgets. */
  measureTokens?: boolean;
}

/** A store for `config` that extracts facts itself (with `deps` for a cache or seeds). */
export function extractingStore(config: ResolvedConfig, deps: Omit<FactStoreDeps, "extract"> = {}): FactStore {
  return new FactStore(extractOptionsOf(config), { ...deps, extract: extractFileFacts });
}

/** The whole census: every SKU's facts, checks, counts, floors; findings sorted. Never throws on bad source. */
export function runCensus(config: ResolvedConfig, options: CensusOptions = {}): CensusResult {
  return censusOf(config, options.store ?? extractingStore(config), { measureTokens: options.measureTokens });
}

/**
 * Explains the guarded pass-through whose `if` starts on `line` of `file` (absolute path, or relative to the config's
 * folder). Returns undefined when that line holds no guarded pass-through of any SKU's tool files.
 */
export function tracePassThrough(config: ResolvedConfig, file: string, line: number, options: CensusOptions = {}): TraceResult | undefined {
  return traceOf(config, file, line, options.store ?? extractingStore(config));
}
