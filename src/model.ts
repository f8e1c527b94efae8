// The typed finding and count model every front end and reporter shares (SPEC §2 and §4).

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
  files: number;
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

export function compareFindings(a: Finding, b: Finding): number {
  return (
    compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.rule, b.rule) || compareText(a.sku, b.sku) || compareText(a.message, b.message)
  );
}

/** Orders strings by UTF-16 code units, as JavaScript compares them: the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
