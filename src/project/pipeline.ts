// The census over a resolved config and a fact store: every SKU analysed, the roster matched, floors held, findings
// sorted. It imports no parser: the store extracts with whatever extractor it was given (see census.ts).
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import { loadRoster } from "../config/load.js";
import { addCounts, compareFindings, emptyCounts, type BareSentence, type CensusResult, type Finding, type Report, type TraceResult } from "../model.js";
import { analyzeSku, type SkuAnalysis } from "./analyzeSku.js";
import { SkuContext } from "./context.js";
import type { FactStore } from "./factStore.js";
import { checkPinnedTools } from "./checks/descriptions.js";
import { checkFloors } from "./checks/floors.js";
import { checkRoster } from "./checks/roster.js";
import { slashRelative } from "../paths.js";
import { TokenCounter } from "../tokens.js";
import { TokenMemo } from "./tokenMemo.js";
import { sourceLines } from "./sourceLines.js";

/** The whole census: every SKU's facts, checks, counts, floors; findings sorted. Never throws on bad source. */
export function censusOf(config: ResolvedConfig, store: FactStore, options: { measureTokens?: boolean | undefined } = {}): CensusResult {
  const contexts = config.skus.map((sku) => new SkuContext(config, sku, store));
  // Whether every description row carries its token counts (default true); an editor needs them only for token budgets.
  const rows = options.measureTokens ?? true;
  // With a cache, the counts of the last run's texts come from it: an unchanged description is not counted again.
  const memo = store.cache ? new TokenMemo(store.cache.spec.dir, config.configFile, rows ? "report" : "lint") : undefined;
  const tokens = { counter: memo?.counter() ?? new TokenCounter(), rows };
  const analyses = contexts.map((ctx) => analyzeSku(ctx, { tokens }));
  memo?.keep(tokens.counter);
  const rel = (file: string) => slashRelative(config.dir, file);

  const bareSentences: BareSentence[] = [];
  const toolUnknown = new Map<BareSentence, string>();
  for (const a of analyses) {
    for (const s of a.bareSentences) {
      const b: BareSentence = { sku: a.sku.name, file: rel(s.file), tool: s.tool, sentence: s.sentence, line: s.loc.line, column: s.loc.column, end: s.end };
      bareSentences.push(b);
      if (s.toolUnknown) toolUnknown.set(b, s.toolUnknown);
    }
  }
  const roster = loadRoster(config);
  const skuOfFile = (file: string): string => {
    const abs = path.resolve(config.dir, file);
    const owner = analyses.find((a) => a.files.includes(abs)) ?? analyses.find((a) => abs.startsWith(a.sku.root + path.sep));
    return (owner ?? analyses[0]!).sku.name;
  };
  const rosterOutcome = checkRoster(bareSentences, roster, rel(roster.file), skuOfFile, { toolUnknown });

  const findings: Finding[] = distinct(analyses.flatMap((a) => a.findings).concat(rosterOutcome.findings, checkPinnedTools(contexts, analyses.flatMap((a) => a.descriptions.served))));
  const skus = analyses.map((a) => {
    const counts = a.counts;
    const mine = bareSentences.filter((b) => b.sku === a.sku.name).length;
    const t = rosterOutcome.perSku.get(a.sku.name) ?? { rostered: 0, unrostered: 0, stale: 0 };
    counts.bareSentences = { total: mine, ...t };
    return { name: a.sku.name, counts };
  });
  const total = skus.reduce((acc, s) => addCounts(acc, s.counts), emptyCounts());

  const floors = checkFloors(config, total, findings, rel);
  findings.sort(compareFindings);
  addContext(findings, analyses, store, config);
  const unparsed = [...new Set(analyses.flatMap((a) => a.unparsed.map(rel)))].sort();
  const report: Report = {
    schemaVersion: 1,
    ok: findings.length === 0,
    counts: total,
    skus,
    floors,
    findings,
    descriptions: analyses.flatMap((a) => a.descriptions.rows),
    validators: analyses.flatMap((a) => a.validators),
  };
  const served = analyses.flatMap((a) => a.descriptions.served);
  return { report, served, unparsed, bareSentences, roster, config };
}

/**
 * Each finding once: two that say the same of the same place (the tools a loop registers from one line, each unnamed
 * for the same reason) are one thing for a user to fix.
 */
function distinct(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = JSON.stringify([f.rule, f.sku, f.file, f.line, f.column, f.endLine, f.endColumn, f.tool, f.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function isPlainFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Each finding's line of source (for a code frame) and, for a pass-through, the definitions that reach it. */
function addContext(findings: Finding[], analyses: readonly SkuAnalysis[], store: FactStore, config: ResolvedConfig): void {
  const lines = new Map<string, string[] | null>();
  const linesOf = (file: string): string[] | null => {
    if (!lines.has(file)) {
      let text = store.textOf(file);
      // Files the store did not read (the config, the roster) are read here, if they are plain files: never a FIFO.
      if (text === undefined && isPlainFile(file)) {
        try {
          text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
        } catch {
          // A file that cannot be read has no code frame.
        }
      }
      lines.set(file, text === undefined ? null : sourceLines(text));
    }
    return lines.get(file)!;
  };
  const passThroughs = new Map(analyses.flatMap((a) => a.passThroughs).map((p) => [`${p.file}\u0000${p.fact.loc.line}\u0000${p.fact.loc.column}`, p]));
  for (const f of findings) {
    const abs = path.resolve(config.dir, f.file);
    const source = linesOf(abs)?.[f.line - 1];
    if (source !== undefined) f.source = source;
    if (f.rule !== "pass-through-producer") continue;
    const p = passThroughs.get(`${abs}\u0000${f.line}\u0000${f.column}`);
    if (p) f.trace = p.definitions;
  }
}

/**
 * Explains the guarded pass-through whose `if` starts on `line` of `file` (absolute path, or relative to the config's
 * folder). Returns undefined when that line holds no guarded pass-through of any SKU's tool files.
 */
export function traceOf(config: ResolvedConfig, file: string, line: number, store: FactStore): TraceResult | undefined {
  const abs = path.resolve(config.dir, file);
  for (const sku of config.skus) {
    const ctx = new SkuContext(config, sku, store);
    const analysis: SkuAnalysis = analyzeSku(ctx, { tokens: { counter: new TokenCounter(), rows: false } });
    const found = analysis.passThroughs.find((p) => p.file === abs && p.fact.loc.line === line);
    if (!found) continue;
    return {
      sku: sku.name,
      file: ctx.rel(abs),
      line: found.fact.loc.line,
      column: found.fact.loc.column,
      tool: found.tool,
      guard: found.fact.guard,
      path: found.fact.path,
      ok: found.ok,
      definitions: found.definitions,
    };
  }
  return undefined;
}
