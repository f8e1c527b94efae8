// Runs the census over a resolved config (IMPLEMENTATION IN PROGRESS: signatures fixed).
import type { ResolvedConfig } from "../config/types.js";
import type { CensusResult, TraceResult } from "../census.js";

/** The whole census: every SKU's facts, checks, counts, floors; findings sorted. Never throws on bad source. */
export function runCensus(config: ResolvedConfig): CensusResult {
  void config;
  throw new Error("not implemented");
}

/**
 * Explains the guarded pass-through whose `if` starts on `line` of `file` (absolute path, or relative to the config's
 * folder). Returns undefined when that line holds no guarded pass-through of any SKU's tool files.
 */
export function tracePassThrough(config: ResolvedConfig, file: string, line: number): TraceResult | undefined {
  void config;
  void file;
  void line;
  throw new Error("not implemented");
}
