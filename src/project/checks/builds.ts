// hand-built-status, one-failure-producer, one-refusal-producer: the failure and refusal words are built by their one
// producer each, exactly once, and nowhere else (SPEC §2).
import type { BuildFact, Loc } from "../../facts/types.js";
import type { Counts } from "../../model.js";
import type { SkuContext } from "../context.js";
import { messages, type ReportFinding } from "../messages.js";
import { ENVELOPE_MODULE } from "../modules.js";
import { suggestionsFor } from "../suggestions.js";
import type { SkuTools } from "../tools.js";

/**
 * Every envelope built with the failure or refusal word: inside its one producer in the helpers module it is counted,
 * anywhere else (unless the allow-list permits it) it is hand-built; then each producer must build its word exactly once.
 */
export function checkBuilds(ctx: SkuContext, files: string[], tools: SkuTools, counts: Counts, report: ReportFinding): void {
  const { contract } = ctx.config;
  const { failure: failureWord, refusal: refusalWord } = contract.words;
  const special = new Map<string, "failure" | "refusal">([
    [failureWord, "failure"],
    [refusalWord, "refusal"],
  ]);
  const allow = new Map(contract.allow.map((a) => [a.callee, a.words]));
  const producers = { failure: contract.failure, refusal: contract.refusal };
  const produced = { failure: 0, refusal: 0 };
  const isBuilder = builderIdentity(ctx);
  const documented = documentationSpans(ctx, tools);

  for (const file of files) {
    const facts = ctx.facts(file);
    if (!facts) continue;
    const inHelpers = file === ctx.sku.helpers;
    for (const build of facts.builds) {
      // A description (or reading guide) that shows the envelope a client gets is served text, not an envelope built.
      if (build.k === "serialised" && documented.some((d) => d.file === file && within(build.loc, d.loc, d.end))) continue;
      const tool = tools.toolAt(file, build.site);
      if (inHelpers && build.enclosing.includes(contract.builder)) continue;
      // A call is a build when its callee is bound to the builder (or is an allow-listed producer, matched by name).
      if ((build.k === "call" || build.k === "reference") && !allow.has(build.callee!.name) && !isBuilder(file, build)) continue;
      if (build.k === "reference") {
        if (inHelpers || build.enclosing.some((n) => allow.has(n))) continue;
        report(messages.builderReference(tool, build.callee!.ref.k === "import" ? build.callee!.ref.local : contract.builder, contract.builder), file, build.loc, build.end, tool);
        counts.handBuilt++;
        continue;
      }
      const allowedHere = build.enclosing.flatMap((n) => allow.get(n) ?? []);
      const inAllowed = build.enclosing.some((n) => allow.has(n));
      const words = wordsOf(ctx, file, build);
      if (!Array.isArray(words)) {
        if (inAllowed) continue;
        report(messages.handBuiltUnknown(tool, build.callee!.name, words.unknown), file, build.loc, build.end, tool);
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

/** Where served text is written: each tool's description expression, each entry of the guide module's objects. */
function documentationSpans(ctx: SkuContext, tools: SkuTools): { file: string; loc: Loc; end: Loc }[] {
  const spans: { file: string; loc: Loc; end: Loc }[] = [];
  for (const tool of tools.tools) {
    const d = tool.description;
    if (d && d.end) spans.push({ file: d.file, loc: d.loc, end: d.end });
  }
  const guide = ctx.sku.guide;
  const facts = guide ? ctx.facts(guide) : undefined;
  for (const entries of Object.values(facts?.objects ?? {})) for (const e of entries) spans.push({ file: guide!, loc: e.loc, end: e.end });
  return spans;
}

function within(at: Loc, start: Loc, end: Loc): boolean {
  const after = at.line > start.line || (at.line === start.line && at.column >= start.column);
  const before = at.line < end.line || (at.line === end.line && at.column < end.column);
  return after && before;
}

/**
 * The status words a build uses: one for a call or object literal, every `"status":"…"` of a serialised string.
 * An object whose word (or `status` key) cannot be seen is data, and uses none; a call whose word cannot be seen is a
 * finding.
 */
export function wordsOf(ctx: SkuContext, file: string, build: BuildFact): string[] | { unknown: string } {
  if (build.k === "serialised") {
    const text = ctx.renderWithHoles(file, build.word);
    const words: string[] = [];
    // Reads the string's value (not source code): JSON written by hand, a key then a colon then the word, each a JSON
    // string whose escapes (`\u0069nvalid`) are decoded as a JSON reader would.
    for (const m of text.matchAll(/"((?:[^"\\\u0000]|\\.)*)"\s*:\s*"((?:[^"\\\u0000]|\\.)*)"/g)) {
      if (decodeJson(m[1]!) === "status") {
        const word = decodeJson(m[2]!);
        if (word !== undefined) words.push(word);
      }
    }
    return words;
  }
  if (build.k === "object" && build.key) {
    // A key only the project can read: an object whose key is not `status` (or cannot be seen) is data.
    const key = ctx.resolveStr(file, build.key);
    if (!key.known || key.value !== "status") return [];
  }
  if (build.k === "object" && build.alternatives) {
    // Each value the word may take counts: a branch that is the failure or refusal word is a hand-built envelope.
    return build.alternatives.flatMap((w) => {
      const r = ctx.resolveStr(file, w);
      return r.known ? [r.value] : [];
    });
  }
  const resolved = ctx.resolveStr(file, build.word);
  if (resolved.known) return [resolved.value];
  if (build.k === "object") return [];
  return { unknown: resolved.why };
}

/**
 * Whether a call's (or reference's) callee is bound to the builder the SKU's helpers module exports: followed through
 * imports, renamed and default re-exports and barrels to the one declaration. Names prove nothing: a local function or
 * parameter called `status` is not the builder, and an alias of it called anything is.
 */
export function builderIdentity(ctx: SkuContext): (file: string, build: BuildFact) => boolean {
  const { builder } = ctx.config.contract;
  const helpers = ctx.sku.helpers;
  const exported = ctx.graph.followExport(helpers, builder);
  const target = exported.ok ? { file: exported.file, local: exported.local } : { file: helpers, local: builder };
  return (file, build) => {
    const ref = build.callee!.ref;
    if (ref.k === "unknown") return false;
    const followed = ctx.graph.followCallee(file, ref);
    return followed.ok && followed.file === target.file && followed.local === target.local;
  };
}

function describeBuild(build: BuildFact): string {
  // The name it is imported by (`reply(…)` of a renamed re-export), or as written for a default import (`say(…)`).
  if (build.k === "call") {
    const callee = build.callee!;
    return `this ${callee.ref.k === "import" && callee.name === "default" ? callee.ref.local : callee.name}(…) call`;
  }
  if (build.k === "object") return build.form === "assignment" ? "this assignment to `status`" : build.form === "entries" ? "this Object.fromEntries pair" : "this object literal";
  return "this hand-serialised JSON string";
}

/** The text of a JSON string's body, escapes decoded; undefined when it is no valid JSON string. */
function decodeJson(body: string): string | undefined {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return undefined;
  }
}

function fromEnvelope(ctx: SkuContext, fn: string): boolean {
  // The runtime module builds the default words; with other words configured, its producers are not this contract's.
  const words = ctx.config.contract.words;
  if (words.failure !== "error" || words.refusal !== "invalid") return false;
  if (!ctx.facts(ctx.sku.helpers) || ctx.facts(ctx.sku.helpers)!.functions[fn]) return false;
  const followed = ctx.graph.followExport(ctx.sku.helpers, fn);
  return followed.ok && followed.file === ENVELOPE_MODULE;
}

function checkOneProducer(ctx: SkuContext, rule: "one-failure-producer" | "one-refusal-producer", fn: string, word: string, count: number, report: ReportFinding): void {
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
