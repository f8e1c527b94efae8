// Hand-made census data for the CLI's tests: a report, a census result and a resolved config, built without the census.
import type { ResolvedConfig, RosterEntry } from "../../src/config/types.js";
import { emptyCounts, type BareSentence, type CensusResult, type Counts, type Finding, type Report } from "../../src/model.js";
import { join } from "node:path";

/** Counts with the given numbers over zero; nested groups are merged, so `{ passThroughs: { total: 3 } }` works. */
export function counts(partial: DeepPartial<Counts> = {}): Counts {
  const c = emptyCounts();
  Object.assign(c.passThroughs, partial.passThroughs);
  Object.assign(c.bareSentences, partial.bareSentences);
  const { passThroughs: _p, bareSentences: _b, ...flat } = partial;
  return Object.assign(c, flat);
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K] };

export function finding(partial: Partial<Finding> & Pick<Finding, "rule" | "file" | "line" | "column" | "message">): Finding {
  return { sku: "full", tool: null, ...partial };
}

/** A small one-SKU report: one floor met, one below, two findings, three tools and their descriptions (one over its cap). */
export function smallReport(): Report {
  const total = counts({
    files: 3,
    modules: 2,
    tools: 3,
    passThroughs: { total: 7, resolver: 2, validator: 4, gate: 0, carried: 0, unshared: 1 },
    bareSentences: { total: 2, rostered: 1, unrostered: 1, stale: 0 },
    failureProducers: 1,
    refusalProducers: 1,
    validators: 3,
  });
  return {
    schemaVersion: 1,
    ok: false,
    counts: total,
    skus: [{ name: "full", counts: total }],
    floors: [
      { count: "passThroughs.total", floor: 7, actual: 7, ok: true },
      { count: "passThroughs.validator", floor: 10, actual: 4, ok: false },
    ],
    findings: [
      finding({
        rule: "pass-through-producer",
        file: "src/tools/waits.ts",
        line: 12,
        column: 5,
        tool: "get_waits",
        message: "`hoursError` comes from `check()`, a local helper, not a shared producer",
      }),
      finding({
        rule: "bare-sentence-roster",
        file: "src/tools/waits.ts",
        line: 30,
        column: 14,
        tool: "get_waits",
        message: 'bare sentence "No waits." is not in the roster',
      }),
    ],
    descriptions: [
      { sku: "full", tool: "get_waits", served: 900, tail: null, cap: 1024, tokens: 180, entryTokens: 260, routes: ["invalid", "error"], unmentioned: ["invalid", "error"] },
      { sku: "full", tool: "get_plan", served: 1100, tail: 3000, cap: 1024, tokens: 230, entryTokens: null, entryUnknown: "the census cannot see its input schema: a parameter's schema is `buildSchema()`", routes: ["invalid", "error", "no_data"], unmentioned: ["error"] },
      { sku: "full", tool: "get_tool_guide", served: 120, tail: null, cap: 1024, tokens: 25, entryTokens: 60, routes: [], unmentioned: [], routesUnseen: "the census cannot see its body" },
    ],
    validators: [
      { sku: "full", validator: "validateTop", module: "src/helpers.ts", parameters: ["top"], callers: ["get_plan", "get_waits"] },
      { sku: "full", validator: "validateRange", module: "src/helpers.ts", parameters: ["end_time"], parametersUnseen: "`name` is a parameter", callers: [] },
    ],
  };
}

export function cleanReport(): Report {
  const total = counts({ files: 1, modules: 1, tools: 1, failureProducers: 1, refusalProducers: 1 });
  return {
    schemaVersion: 1,
    ok: true,
    counts: total,
    skus: [{ name: "full", counts: total }],
    floors: [],
    findings: [],
    descriptions: [],
    validators: [],
  };
}

/** A resolved config rooted at `dir` (absolute): only the fields the writers and the CLI read matter here. */
export function config(dir: string, overrides: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return {
    configFile: join(dir, "payload-census.config.json"),
    dir,
    raw: {} as ResolvedConfig["raw"],
    skus: [],
    contract: {
      builder: "status",
      failure: "formatError",
      refusal: "refusal",
      words: { failure: "error", refusal: "invalid", other: [] },
      allow: [],
    },
    carriers: [],
    discovery: {
      register: ["registerTool", "tool"],
      adapters: [],
      definers: [{ callee: "defineTool", name: ["name"], description: ["description"], body: ["run"] }],
      bodyKey: "run",
      classes: [],
      lists: true,
    },
    roster: join(dir, "payload-census.roster.json"),
    floors: [],
    descriptions: { cap: 1024, caps: {}, total: null, pointer: "Reading guide: get_tool_guide.", pins: {}, clientLimits: [], tokenCap: null, tokenTotal: null, routes: "named" },
    parity: [],
    lineOf: () => undefined,
    positionOf: () => undefined,
    ...overrides,
  };
}

export function sentence(file: string, tool: string | null, text: string, line: number, column = 12): BareSentence {
  return { sku: "full", file, tool, sentence: text, line, column };
}

export function censusResult(
  dir: string,
  parts: {
    report?: Report;
    bareSentences?: BareSentence[];
    rosterEntries?: Omit<RosterEntry, "line" | "column">[];
    rosterExists?: boolean;
    unparsed?: string[];
    config?: Partial<ResolvedConfig>;
  } = {},
): CensusResult {
  const resolved = config(dir, parts.config);
  return {
    report: parts.report ?? cleanReport(),
    served: [],
    unparsed: parts.unparsed ?? [],
    bareSentences: parts.bareSentences ?? [],
    roster: {
      file: resolved.roster,
      exists: parts.rosterExists ?? (parts.rosterEntries ?? []).length > 0,
      entries: (parts.rosterEntries ?? []).map((e, i) => ({ ...e, line: 3 + i * 5, column: 5 })),
    },
    config: resolved,
  };
}
