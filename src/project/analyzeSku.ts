// The per-SKU checks over its files' facts: pass-throughs, hand-built envelopes, the two producers, validators, parse errors.
import type { ProducerCategory, ResolvedSku } from "../config/types.js";
import type { BuildFact, Loc, PassThroughFact } from "../facts/types.js";
import { emptyCounts, type Counts, type Finding, type Suggestion, type TraceDefinition } from "../model.js";
import type { SkuContext } from "./context.js";
import { findingOf, messages, type Message } from "./messages.js";
import { suggestionsFor } from "./suggestions.js";
import { categoryOf, firstFailure, qualifyDefinitions, qualifyOperand } from "./qualify.js";
import { ENVELOPE_MODULE } from "./modules.js";
import { checkDescriptions, type SkuDescriptions } from "./descriptions.js";
import { collectTools, type BareSentenceSite, type SkuTools } from "./tools.js";

export interface AnalyzedPassThrough {
  file: string;
  fact: PassThroughFact;
  tool: string | null;
  definitions: TraceDefinition[];
  ok: boolean;
  category: ProducerCategory | "carried" | undefined;
}

export interface SkuAnalysis {
  sku: ResolvedSku;
  /** Counts of this SKU; the bare-sentence counts are filled in by the roster check. */
  counts: Counts;
  findings: Finding[];
  bareSentences: BareSentenceSite[];
  passThroughs: AnalyzedPassThrough[];
  /** Absolute paths of the files in scope that do not parse. */
  unparsed: string[];
  /** Absolute paths of every file in scope. */
  files: string[];
  tools: SkuTools;
  descriptions: SkuDescriptions;
}

export function analyzeSku(ctx: SkuContext): SkuAnalysis {
  const { sku } = ctx;
  const counts = emptyCounts();
  const findings: Finding[] = [];
  const report: Report = (message, file, loc, end, tool, suggestions) => {
    findings.push(findingOf(message, ctx.rel(file), loc, end, sku.name, tool, suggestions));
  };

  const tools = collectTools(ctx, sku.toolFiles);
  const toolSources = unique([...sku.toolFiles, ...tools.handlerFiles]);
  const moduleFiles = [sku.helpers, ...sku.producers.map((p) => p.module), sku.guide, sku.instructions].filter(
    (f): f is string => f !== null,
  );
  const files = unique([...toolSources, ...moduleFiles]).sort();
  counts.files = files.length;

  // A file that does not parse contributes one finding and no other facts.
  const unparsed: string[] = [];
  for (const file of files) {
    const stored = ctx.store.get(file);
    const first = stored.facts?.parseErrors[0];
    if (stored.facts && !first) continue;
    unparsed.push(file);
    counts.parseErrors++;
    const message = first ? first.message : `cannot be read (${stored.readError ?? "unknown error"})`;
    report(messages.parseError(ctx.rel(file), message), file, first?.loc ?? { line: 1, column: 1 }, first?.end, null);
  }

  counts.tools = tools.tools.length;
  for (const u of tools.unfollowed) report(messages.handlerNotFollowed(u.tool, u.why, u.fix), u.file, u.loc, undefined, u.tool);

  const passThroughs = checkPassThroughs(ctx, toolSources, tools, counts, report);
  checkBuilds(ctx, files, tools, counts, report);
  checkValidators(ctx, counts, report);
  const descriptions = checkDescriptions(ctx, tools);
  findings.push(...descriptions.findings);

  return { sku, counts, findings, bareSentences: tools.bareSentences, passThroughs, unparsed, files, tools, descriptions };
}

type Report = (message: Message, file: string, loc: Loc, end: Loc | undefined, tool: string | null, suggestions?: Suggestion[]) => void;

// ── pass-through-producer ─────────────────────────────────────────────────────────────────────────

function checkPassThroughs(ctx: SkuContext, files: string[], tools: SkuTools, counts: Counts, report: Report): AnalyzedPassThrough[] {
  const out: AnalyzedPassThrough[] = [];
  for (const file of files) {
    const facts = ctx.facts(file);
    if (!facts) continue;
    for (const fact of facts.passThroughs) {
      const tool = tools.toolAt(file, fact.site);
      const analyzed = analyzePassThrough(ctx, file, fact, tool);
      out.push(analyzed);
      counts.passThroughs.total++;
      if (!analyzed.ok) {
        counts.passThroughs.unshared++;
        const failing = firstFailure(analyzed.definitions);
        const message = failing
          ? messages.passThrough(tool, fact.path, failing.line, definitionShown(analyzed.definitions, failing), failing.reason ?? "")
          : messages.passThroughNoValue(tool, fact.path);
        report(message, file, fact.loc, fact.end, tool);
      } else if (analyzed.category) {
        counts.passThroughs[analyzed.category]++;
      }
    }
  }
  return out;
}

function analyzePassThrough(ctx: SkuContext, file: string, fact: PassThroughFact, tool: string | null): AnalyzedPassThrough {
  const definitions = qualifyDefinitions(ctx, file, fact.defs, fact.root, "passThrough");
  const ok = definitions.length > 0 && definitions.every((d) => d.ok);
  return { file, fact, tool, definitions, ok, category: ok ? (categoryOf(definitions) ?? "carried") : undefined };
}

/** The text of the top-level definition that holds the failure (the line a user looks at first). */
function definitionShown(defs: TraceDefinition[], failing: TraceDefinition): string {
  const contains = (d: TraceDefinition): boolean => d === failing || (d.parts ?? []).some(contains);
  return (defs.find(contains) ?? failing).text;
}

// ── hand-built-status, one-failure-producer, one-refusal-producer ──────────────────────────────────

function checkBuilds(ctx: SkuContext, files: string[], tools: SkuTools, counts: Counts, report: Report): void {
  const { contract } = ctx.config;
  const { failure: failureWord, refusal: refusalWord } = contract.words;
  const special = new Map<string, "failure" | "refusal">([
    [failureWord, "failure"],
    [refusalWord, "refusal"],
  ]);
  const allow = new Map(contract.allow.map((a) => [a.callee, a.words]));
  const producers = { failure: contract.failure, refusal: contract.refusal };
  const produced = { failure: 0, refusal: 0 };

  for (const file of files) {
    const facts = ctx.facts(file);
    if (!facts) continue;
    const inHelpers = file === ctx.sku.helpers;
    for (const build of facts.builds) {
      const tool = tools.toolAt(file, build.site);
      if (inHelpers && build.enclosing.includes(contract.builder)) continue;
      const allowedHere = build.enclosing.flatMap((n) => allow.get(n) ?? []);
      const inAllowed = build.enclosing.some((n) => allow.has(n));
      const words = wordsOf(ctx, file, build);
      if (words === "unknown-object") continue;
      if (typeof words === "object" && "unknown" in words) {
        if (inAllowed) continue;
        report(messages.handBuiltUnknown(tool, build.callee?.name ?? contract.builder, words.unknown), file, build.loc, build.end, tool);
        counts.handBuilt++;
        continue;
      }
      for (const word of words) {
        const kind = special.get(word);
        if (!kind) continue;
        if (inHelpers && kind === "failure" && build.enclosing.includes(contract.failure)) {
          produced.failure++;
          continue;
        }
        if (inHelpers && kind === "refusal" && build.enclosing.includes(contract.refusal)) {
          produced.refusal++;
          continue;
        }
        if (allowedHere.includes(word)) continue;
        const calleeAllowed = build.callee ? allow.get(build.callee.name) : undefined;
        if (calleeAllowed?.includes(word)) continue;
        counts.handBuilt++;
        if (calleeAllowed) {
          report(messages.notAllowed(tool, build.callee!.name, word, calleeAllowed), file, build.loc, build.end, tool);
        } else {
          report(messages.handBuilt(tool, describeBuild(build), word, kind, producers), file, build.loc, build.end, tool, suggestionsFor(ctx, build, kind, tool));
        }
      }
    }
  }

  // A helpers module may re-export the package's runtime producers, which build their word exactly once by construction.
  if (produced.failure === 0 && fromEnvelope(ctx, contract.failure)) produced.failure = 1;
  if (produced.refusal === 0 && fromEnvelope(ctx, contract.refusal)) produced.refusal = 1;
  counts.failureProducers = produced.failure;
  counts.refusalProducers = produced.refusal;
  checkOneProducer(ctx, "one-failure-producer", contract.failure, failureWord, produced.failure, report);
  checkOneProducer(ctx, "one-refusal-producer", contract.refusal, refusalWord, produced.refusal, report);
}

/**
 * The status words a build uses: one for a call or object literal, every `"status":"…"` of a serialised string.
 * An object literal whose word cannot be seen is data; a call whose word cannot be seen is a finding.
 */
function wordsOf(ctx: SkuContext, file: string, build: BuildFact): string[] | { unknown: string } | "unknown-object" {
  if (build.k === "serialised") {
    const text = ctx.renderWithHoles(file, build.word);
    const words: string[] = [];
    // Reads the string's value (not source code): JSON written by hand, `"status"` then a colon then the word.
    for (const m of text.matchAll(/"status"\s*:\s*"([^"\\\u0000]*)"/g)) words.push(m[1]!);
    return words;
  }
  const resolved = ctx.resolveStr(file, build.word);
  if (resolved.known) return [resolved.value];
  if (build.k === "object") return "unknown-object";
  return { unknown: resolved.why };
}

function describeBuild(build: BuildFact): string {
  if (build.k === "call") return `this ${build.callee?.name ?? "builder"}(…) call`;
  if (build.k === "object") return "this object literal";
  return "this hand-serialised JSON string";
}

function fromEnvelope(ctx: SkuContext, fn: string): boolean {
  // The runtime module builds the default words; with other words configured, its producers are not this contract's.
  const words = ctx.config.contract.words;
  if (words.failure !== "error" || words.refusal !== "invalid") return false;
  if (!ctx.facts(ctx.sku.helpers) || ctx.facts(ctx.sku.helpers)!.functions[fn]) return false;
  const followed = ctx.graph.followExport(ctx.sku.helpers, fn);
  return followed.ok && followed.file === ENVELOPE_MODULE;
}

function checkOneProducer(ctx: SkuContext, rule: "one-failure-producer" | "one-refusal-producer", fn: string, word: string, count: number, report: Report): void {
  if (count === 1) return;
  const helpers = ctx.sku.helpers;
  const facts = ctx.facts(helpers);
  if (!facts) return; // its parse error already says why
  const declared = facts.functions[fn];
  const helpersRel = ctx.rel(helpers);

  if (!declared) {
    report(messages.producerMissing(rule, fn, helpersRel, word, ctx.config.contract.builder), helpers, { line: 1, column: 1 }, undefined, null);
  } else {
    report(messages.producerCount(rule, fn, helpersRel, word, count), helpers, declared.loc, declared.end, null);
  }
}

// ── validator-builds-refusal ──────────────────────────────────────────────────────────────────────

function checkValidators(ctx: SkuContext, counts: Counts, report: Report): void {
  const seen = new Set<string>();
  for (const producer of ctx.sku.producers) {
    if (producer.category !== "validator") continue;
    const facts = ctx.facts(producer.module);
    if (!facts) continue;
    for (const entry of facts.exports) {
      if ("star" in entry) continue;
      const followed = ctx.graph.followExport(producer.module, entry.name);
      if (!followed.ok) continue;
      if (ctx.producerOf(followed)?.category !== "validator") continue;
      const key = `${followed.file}#${followed.local}`;
      if (seen.has(key)) continue;
      const declaring = ctx.facts(followed.file);
      const fn = declaring?.functions[followed.local];
      const factory = declaring?.factories[followed.local];
      if (!fn && factory) {
        // Made at run time by another function: unknown is not a pass.
        seen.add(key);
        counts.validators++;
        report(messages.validatorFactory(entry.name, factory.callee, ctx.config.contract.refusal), followed.file, factory.loc, factory.end, null);
        continue;
      }
      if (!fn) continue; // a constant, type or class: nothing returns
      seen.add(key);
      counts.validators++;
      for (const ret of fn.returns) {
        const parts = ret.operands.map((o) => qualifyOperand(ctx, followed.file, o, "validator"));
        const failing = firstFailure(parts);
        if (!failing) continue;
        report(messages.validator(entry.name, ret.text, failing.reason ?? "", ctx.config.contract.refusal), followed.file, ret.loc, ret.end, null);
      }
    }
  }
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
