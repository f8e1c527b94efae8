// The census: config → files → per-file facts → project facts → findings and counts. Both front ends call this.
// Types are fixed; the implementation lands in src/project/.
import type { ProducerCategory, ResolvedConfig, Roster } from "./config/types.js";
import type { Counts, Finding } from "./model.js";

export interface FloorResult {
  count: string;
  floor: number;
  actual: number;
  ok: boolean;
}

export interface DescriptionRow {
  sku: string;
  tool: string;
  served: number;
  tail: number | null;
  cap: number;
}

/** The JSON report of SPEC §4: stable fields, byte-identical for identical input. */
export interface Report {
  schemaVersion: 1;
  ok: boolean;
  counts: Counts;
  skus: { name: string; counts: Counts }[];
  floors: FloorResult[];
  findings: Finding[];
  descriptions: DescriptionRow[];
}

/** One bare sentence found in a tool body (the material `roster --write` writes). */
export interface BareSentence {
  sku: string;
  /** Relative to the config's folder, `/` separators. */
  file: string;
  tool: string | null;
  sentence: string;
  line: number;
  column: number;
  /** Where the sentence's expression ends (1-based), for editors. */
  end?: { line: number; column: number };
}

/** One tool's description as served, and its reading guide's text: what `dropcheck` compares between revisions. */
export interface ServedDescription {
  sku: string;
  tool: string;
  /** Relative to the config's folder. */
  file: string;
  /** The served text (the head, when split); null when the census cannot see it. */
  head: string | null;
  /** The reading guide's entry for the tool, or null. */
  tail: string | null;
}

export interface CensusResult {
  report: Report;
  /** Every named tool's served description and tail, per SKU. */
  served: ServedDescription[];
  /** Files that failed to parse (relative paths): writers refuse while this is non-empty. */
  unparsed: string[];
  bareSentences: BareSentence[];
  roster: Roster;
  config: ResolvedConfig;
}

/** One definition reaching a pass-through, as `trace` explains it. */
export interface TraceDefinition {
  /** Relative file of the definition (the pass-through's file, or another file for a captured constant). */
  file: string;
  line: number;
  column: number;
  /** What the definition writes, as source text (shortened to one line). */
  text: string;
  ok: boolean;
  /** When ok: the producer's category, or "carried" for a carrier's parameter. */
  category?: ProducerCategory | "carried";
  /** When the value is a call to a shared producer: where it lives. */
  producer?: { module: string; export: string; category: ProducerCategory };
  /** How the call's name was followed to the producer: one line per hop ("imported as `v` from ./index.ts", "re-exported by src/index.ts from ./helpers.ts"). */
  via: string[];
  /** When not ok: why, in words for a user. */
  reason?: string;
  /** A value split through `??`, `||` or `?:`, or a variable followed to its own definitions: each part on its own. */
  parts?: TraceDefinition[];
}

export interface TraceResult {
  sku: string;
  file: string;
  line: number;
  column: number;
  tool: string | null;
  /** The `if` condition as written, on one line. */
  guard: string;
  /** The access path passed through (`hoursError`, `r.error`, `pair[1]`). */
  path: string;
  ok: boolean;
  definitions: TraceDefinition[];
}
