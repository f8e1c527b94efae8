// Whether a traced value comes from a shared producer, on every path: the verdicts `trace` prints and the checks report.
import type { TraceDefinition } from "../model.js";
import type { ProducerCategory } from "../config/types.js";
import type { Definition, Operand } from "../facts/types.js";
import type { SkuContext } from "./context.js";
import { ENVELOPE_MODULE } from "./modules.js";

/** What a value may be to qualify: a pass-through wants any shared producer; a validator's return wants a refusal or another validator. */
export type Acceptance = "passThrough" | "validator";

/**
 * How deep a trace may nest (a variable's definitions, their operands, their variables' definitions …). The facts
 * stop tracing at a few hops; this bound keeps the project stage off the stack whatever facts it is given.
 */
const MAX_TRACE_DEPTH = 64;

/**
 * Whether every value a definition may write is null or undefined: literally, or a variable only those reach
 * (`const err = none` with `let none;`). Such a definition cannot pass a guard, as a literal `null` cannot (SPEC §2.2).
 */
export function isNullOnly(def: Definition): boolean {
  const operands = def.operands ?? [];
  return operands.length > 0 && operands.every((o) => o.k === "nullish" || (o.k === "variable" && o.defs.length === 0));
}

export function qualifyDefinitions(ctx: SkuContext, file: string, defs: Definition[], name: string, mode: Acceptance, depth = 0): TraceDefinition[] {
  return defs.map((d) => qualifyDefinition(ctx, file, d, name, mode, depth));
}

function qualifyDefinition(ctx: SkuContext, file: string, def: Definition, name: string, mode: Acceptance, depth: number): TraceDefinition {
  const base = { file: ctx.rel(file), line: def.loc.line, column: def.loc.column, text: def.text, via: [] as string[] };
  if (depth >= MAX_TRACE_DEPTH) return { ...base, ok: false, reason: `the value passes through too many definitions to follow (more than ${MAX_TRACE_DEPTH})` };
  switch (def.kind) {
    case "parameter":
      if (mode === "passThrough" && ctx.isCarrier(def.fn)) return { ...base, ok: true, category: "carried" };
      return {
        ...base,
        ok: false,
        reason:
          mode === "passThrough"
            ? `\`${name}\` is a parameter of ${def.fn ? `\`${def.fn}\`` : "an anonymous function"}, which is not a configured carrier`
            : `\`${name}\` is the validator's own parameter`,
      };
    case "closure":
    case "untraceable":
      return { ...base, ok: false, reason: def.reason ?? "the tracer cannot see this value" };
    default: {
      const parts = (def.operands ?? []).map((o) => qualifyOperand(ctx, file, o, mode, depth + 1));
      return combine(base, parts);
    }
  }
}

export function qualifyOperand(ctx: SkuContext, file: string, operand: Operand, mode: Acceptance, depth = 0): TraceDefinition {
  const base = { file: ctx.rel(file), line: operand.loc.line, column: operand.loc.column, text: operand.text, via: [] as string[] };
  switch (operand.k) {
    case "nullish":
      return { ...base, ok: true };
    case "string":
      return {
        ...base,
        ok: false,
        reason: "it is a string built in place",
      };
    case "other":
      return { ...base, ok: false, reason: operand.why };
    case "variable": {
      // Only null or undefined reaches here (its definitions were all left out): like a literal `null` operand, it
      // cannot pass the guard, so it asks nothing of a producer (SPEC §2.2).
      if (operand.defs.length === 0) return { ...base, ok: true };
      const parts = qualifyDefinitions(ctx, file, operand.defs, operand.name, mode, depth + 1);
      return combine(base, parts);
    }
    case "call":
      return qualifyCall(ctx, file, operand, base, mode);
  }
}

function qualifyCall(
  ctx: SkuContext,
  file: string,
  operand: Extract<Operand, { k: "call" }>,
  base: Omit<TraceDefinition, "ok">,
  mode: Acceptance,
): TraceDefinition {
  const followed = ctx.graph.followCallee(file, operand.callee);
  const via = followed.hops.map((h, i) =>
    i === 0 && operand.callee.k === "local" ? `declared in ${ctx.rel(h.file)} as \`${h.name}\`` : `exported by ${ctx.rel(h.file)} as \`${h.name}\``,
  );
  const callee = operand.calleeText;
  if (!followed.ok) {
    // An unknown callee's own reason names it already; a failed import says which function it was looking for.
    const reason = operand.callee.k === "unknown" ? operand.callee.why : `the census cannot see which function \`${callee}\` is: ${followed.why}`;
    return { ...base, via, ok: false, reason };
  }
  const contract = ctx.config.contract;
  if (mode === "validator" && followed.local === contract.refusal && (followed.file === ctx.sku.helpers || followed.file === ENVELOPE_MODULE)) {
    return { ...base, via, ok: true };
  }
  const producer = ctx.producerOf(followed);
  if (producer && (mode === "passThrough" || producer.category === "validator")) {
    return {
      ...base,
      via,
      ok: true,
      category: producer.category,
      producer: { module: ctx.rel(producer.file), export: producer.export, category: producer.category },
    };
  }
  // The names the declaring module exports the function under, as producerOf matched them (a default export by its
  // declaration's name).
  const exportedAs = followed.hops.filter((h) => h.file === followed.file).map((h) => (h.name === "default" ? followed.local : h.name));
  return { ...base, via, ok: false, reason: notAProducer(ctx, followed.file, followed.local, exportedAs, operand, producer?.category, mode) };
}

function notAProducer(
  ctx: SkuContext,
  file: string,
  local: string,
  exportedAs: readonly string[],
  operand: Extract<Operand, { k: "call" }>,
  category: ProducerCategory | undefined,
  mode: Acceptance,
): string {
  const callee = `\`${operand.calleeText}\``;
  if (category) return `${callee} is a shared ${category}, and a validator may pass through only another validator's result`;
  const contract = ctx.config.contract;
  if (local === contract.builder) return `it builds the envelope with the builder \`${local}\` directly`;
  if (local === contract.failure) return `\`${local}\` makes a failure, not a refusal`;
  if (local === contract.refusal) return `\`${local}\` is called here directly instead of inside a shared validator, resolver or gate`;
  const module = ctx.isProducerModule(file);
  if (module && module.names) {
    const names = module.names.join(", ");
    if (exportedAs.length === 0) return `${callee} is declared in producer module ${ctx.rel(file)} but not exported by it: only its exports matching its names (${names}) are producers`;
    const shown = [...new Set(exportedAs)].map((n) => `\`${n}\``);
    const which = shown.length === 1 ? `${shown[0]} does not match` : `none of ${shown.join(", ")} matches`;
    return `${callee} is declared in producer module ${ctx.rel(file)} but ${which} its names (${names})`;
  }
  if (operand.callee.k === "local") return `${callee} is a local helper of ${ctx.rel(file)}, not a shared producer`;
  return `${callee} comes from ${ctx.rel(file)}, which is not a configured producer module`;
}

function combine(base: Omit<TraceDefinition, "ok">, parts: TraceDefinition[]): TraceDefinition {
  // One operand that is a leaf (a call, a string, ...) is the definition itself: one line in `trace`, not two.
  const only = parts.length === 1 ? parts[0]! : undefined;
  if (only && !only.parts) {
    const merged: TraceDefinition = { ...base, ok: only.ok, via: only.via };
    if (only.category) merged.category = only.category;
    if (only.producer) merged.producer = only.producer;
    if (only.reason) merged.reason = only.reason;
    return merged;
  }
  const failing = parts.find((p) => !p.ok);
  const result: TraceDefinition = { ...base, ok: !failing, parts };
  if (failing) result.reason = failing.reason ?? "a part of it fails";
  else {
    const category = categoryOf(parts);
    if (category) result.category = category;
  }
  return result;
}

/**
 * The category passing parts count under: the first producer's, else carried when only a carrier's parameter. Only
 * the parts themselves are read: a passing part made of parts holds the category they count under already (`combine`),
 * so one without a category has no producer and no carrier inside.
 */
export function categoryOf(parts: readonly TraceDefinition[]): ProducerCategory | "carried" | undefined {
  let carried = false;
  for (const p of parts) {
    if (p.category === "carried") carried = true;
    else if (p.category) return p.category;
  }
  return carried ? "carried" : undefined;
}

/** The deepest failing part, for a message that points at what the user must change. */
export function firstFailure(defs: TraceDefinition[]): TraceDefinition | undefined {
  let failing: TraceDefinition | undefined;
  for (let level: readonly TraceDefinition[] | undefined = defs; level; ) {
    const d: TraceDefinition | undefined = level.find((x) => !x.ok);
    if (!d) return failing;
    failing = d;
    level = d.parts;
  }
  return failing;
}
