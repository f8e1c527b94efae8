// The report model every front end and reporter shares: rule ids, findings, counts, the JSON report (SPEC §2 and §4)
// and what else a census run returns (served descriptions, bare sentences, traces).
import type { ProducerCategory, ResolvedConfig, Roster } from "./config/types.js";

export const RULE_IDS = [
  "pass-through-producer",
  "bare-sentence-roster",
  "hand-built-status",
  "one-failure-producer",
  "one-refusal-producer",
  "validator-builds-refusal",
  "floor",
  "parse-error",
  "description-budget",
  "description-pointer",
  "description-issue-ref",
  "description-pin",
  "parity-pin",
  "tool-discovery",
  "status-route",
] as const;

export type RuleId = (typeof RULE_IDS)[number];

export interface Finding {
  rule: RuleId;
  /** Relative to the config's folder, `/` separators. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  sku: string;
  tool: string | null;
  message: string;
  /** Where the finding's span ends (1-based, exclusive column), when it has one; not part of the JSON report. */
  endLine?: number;
  endColumn?: number;
  /** The message template and its data (the editor front end reports these); not part of the JSON report. */
  messageId?: string;
  data?: Record<string, string>;
  /** Mechanical fixes a user may choose to apply (editor suggestions); not part of the JSON report. */
  suggestions?: Suggestion[];
  /** The text of the finding's line, for a code frame; not part of the JSON report. */
  source?: string;
  /** For a pass-through: every definition that reaches it, as `trace` explains them; not part of the JSON report. */
  trace?: TraceDefinition[];
}

/** One suggested fix: replacements in the finding's own file, as 0-based offsets into its text. */
export interface Suggestion {
  messageId: string;
  data: Record<string, string>;
  message: string;
  edits: { range: [number, number]; text: string }[];
}

export interface PassThroughCounts {
  total: number;
  resolver: number;
  validator: number;
  gate: number;
  carried: number;
  unshared: number;
}

export interface BareSentenceCounts {
  total: number;
  rostered: number;
  unrostered: number;
  stale: number;
}

export interface Counts {
  /** Tool files: those the SKU's `tools` globs match. */
  files: number;
  /** Every other module the census analysed: helpers, producers, guide, instructions, modules holding tool bodies. */
  modules: number;
  tools: number;
  parseErrors: number;
  passThroughs: PassThroughCounts;
  bareSentences: BareSentenceCounts;
  handBuilt: number;
  failureProducers: number;
  refusalProducers: number;
  validators: number;
}

export function emptyCounts(): Counts {
  return {
    files: 0,
    modules: 0,
    tools: 0,
    parseErrors: 0,
    passThroughs: { total: 0, resolver: 0, validator: 0, gate: 0, carried: 0, unshared: 0 },
    bareSentences: { total: 0, rostered: 0, unrostered: 0, stale: 0 },
    handBuilt: 0,
    failureProducers: 0,
    refusalProducers: 0,
    validators: 0,
  };
}

/** Adds every number of `b` into `a` (same shape). */
export function addCounts(a: Counts, b: Counts): Counts {
  const add = (x: Record<string, unknown>, y: Record<string, unknown>): void => {
    for (const [k, v] of Object.entries(y)) {
      if (typeof v === "number") x[k] = (x[k] as number) + v;
      else add(x[k] as Record<string, unknown>, v as Record<string, unknown>);
    }
  };
  add(a as unknown as Record<string, unknown>, b as unknown as Record<string, unknown>);
  return a;
}

/** Every dotted path to a number in Counts: the keys a floor may name. */
export function countPaths(counts: Counts = emptyCounts()): string[] {
  const out: string[] = [];
  const walk = (prefix: string, v: unknown): void => {
    if (typeof v === "number") out.push(prefix);
    else for (const [k, w] of Object.entries(v as Record<string, unknown>)) walk(prefix ? `${prefix}.${k}` : k, w);
  };
  walk("", counts);
  return out;
}

export function countAt(counts: Counts, path: string): number | undefined {
  let v: unknown = counts;
  for (const k of path.split(".")) {
    if (typeof v !== "object" || v === null || !(k in v)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return typeof v === "number" ? v : undefined;
}

export interface FloorResult {
  count: string;
  floor: number;
  actual: number;
  ok: boolean;
}

export interface DescriptionRow {
  sku: string;
  tool: string;
  /** The served description's size; null when the census cannot see it (never 0: an unseen text has no size). */
  served: number | null;
  tail: number | null;
  cap: number;
  /** The served description's size in o200k_base tokens; null when the census cannot see it. */
  tokens: number | null;
  /**
   * The tool's whole tools/list entry (`{"name","description","inputSchema"}` as compact JSON) in o200k_base tokens,
   * estimated from the source; null when the census cannot see the description or the input schema.
   */
  entryTokens: number | null;
  /** When entryTokens is null: what the census could not see. */
  entryUnknown?: string;
  /**
   * The status words the tool's body can return (SPEC §2.6): the refusal word for a pass-through or a refusal(...)
   * call, the failure word for formatError, each word of a status(word, …) build, `text` for a bare sentence.
   */
  routes: string[];
  /** The routes (status words) its served head and its tail never name. */
  unmentioned: string[];
  /** When the routes may be incomplete: what the census could not see (no status-route finding is made then). */
  routesUnseen?: string;
}

/** One shared validator: the parameters its refusals name, and the tools that call it (directly or through another validator). */
export interface ValidatorRow {
  sku: string;
  validator: string;
  /** Relative to the config's folder. */
  module: string;
  parameters: string[];
  /** When a refusal's parameter cannot be seen: why. */
  parametersUnseen?: string;
  callers: string[];
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
  /** Every shared validator of every SKU, with the parameters its refusals name. */
  validators: ValidatorRow[];
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

/** `routes TOOL`: each definition of the tool, the status words it can return and where each comes from. */
export interface RoutesTrace {
  tool: string;
  definitions: {
    sku: string;
    /** The file defining the tool, relative to the config's folder. */
    file: string;
    line: number;
    column: number;
    routes: string[];
    /** Each place a route comes from, in file and line order. */
    sites: { word: string; file: string; line: number; column: number; what: string; via: string[] }[];
    /** The configured status words its head or tail names. */
    named: string[];
    /** Named words it can never return (empty when the census cannot see all its routes). */
    unreturned: string[];
    /** Routes (status words) its description never names. */
    unmentioned: string[];
    /** What the census could not see, when the routes may be incomplete. */
    unseen: string | null;
  }[];
  /** Every tool name of the census (to suggest one for a mistyped TOOL). */
  tools: string[];
}

export function compareFindings(a: Finding, b: Finding): number {
  return (
    compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.rule, b.rule) || compareText(a.sku, b.sku) || compareText(a.message, b.message)
  );
}

/** Orders strings by UTF-16 code units, as JavaScript compares them: the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
