// validator-builds-refusal: what every shared validator may return (SPEC §2), and that the parameter each of its
// refusals names is one the tools calling it take.
import type { CallFact, Loc } from "../../facts/types.js";
import { compareText, type Counts, type ValidatorRow } from "../../model.js";
import type { SkuContext } from "../context.js";
import { messages, type ReportFinding } from "../messages.js";
import { firstFailure, qualifyOperand } from "../qualify.js";
import type { SkuTools } from "../tools.js";

/**
 * Each shared validator returns only null or undefined, a refusal, or another shared validator's result; a
 * factory-made one is unknown, not a pass. Returns the SKU's validator table: each validator, the parameters its
 * refusals name, the tools that call it.
 */
export function checkValidators(ctx: SkuContext, tools: SkuTools, counts: Counts, report: ReportFinding): ValidatorRow[] {
  const seen = new Set<string>();
  const validators: { name: string; file: string; local: string }[] = [];
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
      validators.push({ name: entry.name, file: followed.file, local: followed.local });
      for (const ret of fn.returns) {
        const parts = ret.operands.map((o) => qualifyOperand(ctx, followed.file, o, "validator"));
        const failing = firstFailure(parts);
        if (!failing) continue;
        report(messages.validator(entry.name, ret.text, failing.reason ?? "", ctx.config.contract.refusal), followed.file, ret.loc, ret.end, null);
      }
    }
  }
  return validatorTable(ctx, tools, validators, report);
}

interface Refusal {
  parameter: string | null;
  why?: string;
  file: string;
  loc: Loc;
  /** Where the return whose expression the call is ends, when it is one (the finding's span). */
  end?: Loc;
}

/**
 * The validator table, and a refusal naming a parameter that no tool calling the validator takes (the caller would be
 * told to change a knob it does not have). Callers are the tools whose bodies call the validator, directly or through
 * another validator; a caller whose input schema the census cannot see makes the check say nothing of that validator.
 */
function validatorTable(ctx: SkuContext, tools: SkuTools, validators: readonly { name: string; file: string; local: string }[], report: ReportFinding): ValidatorRow[] {
  const refusalTarget = (() => {
    const exported = ctx.graph.followExport(ctx.sku.helpers, ctx.config.contract.refusal);
    return exported.ok ? { file: exported.file, local: exported.local } : { file: ctx.sku.helpers, local: ctx.config.contract.refusal };
  })();
  const keyOf = (file: string, local: string) => `${file}#${local}`;
  const byKey = new Map(validators.map((v) => [keyOf(v.file, v.local), v]));
  /** The named calls inside a function, each with what it resolves to. */
  const callsIn = (file: string, key: string): { call: CallFact; target: string | null }[] =>
    (ctx.facts(file)?.calls ?? [])
      .filter((c) => c.site?.within.includes(key))
      .map((call) => {
        const followed = ctx.graph.followCallee(file, call.callee);
        return { call, target: followed.ok ? keyOf(followed.file, followed.local) : null };
      });

  // Who calls each validator: tools (from their bodies), and other validators (whose callers it then has too).
  const toolCallers = new Map<string, Set<string>>();
  const validatorCallers = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, who: string) => map.set(key, (map.get(key) ?? new Set()).add(who));
  for (const tool of tools.tools) {
    if (!tool.body || tool.name === null) continue;
    for (const { target } of callsIn(tool.body.file, tool.body.key)) if (target && byKey.has(target)) add(toolCallers, target, tool.name);
  }
  for (const v of validators) {
    for (const { target } of callsIn(v.file, v.local)) if (target && byKey.has(target) && target !== keyOf(v.file, v.local)) add(validatorCallers, target, keyOf(v.file, v.local));
  }
  const callersOf = (key: string, visiting = new Set<string>()): Set<string> => {
    const out = new Set(toolCallers.get(key) ?? []);
    if (visiting.has(key)) return out;
    visiting.add(key);
    for (const outer of validatorCallers.get(key) ?? []) for (const t of callersOf(outer, visiting)) out.add(t);
    return out;
  };
  // Each tool's parameters by name; null when its input schema cannot be seen, or is not given (then what the tool
  // takes is not written where the census can read it).
  const parameters = new Map<string, Set<string> | null>();
  for (const tool of tools.tools) {
    if (tool.name === null) continue;
    const schema = tool.input.known && !tool.input.none ? tool.input.schema : null;
    const props = schema && typeof schema === "object" && !Array.isArray(schema) ? schema.properties : undefined;
    const names = props && typeof props === "object" && !Array.isArray(props) ? new Set(Object.keys(props)) : null;
    const known = parameters.has(tool.name) ? parameters.get(tool.name) : undefined;
    // A name defined twice takes either definition's parameters (tool-discovery reports the second definition).
    parameters.set(tool.name, known === undefined ? names : known === null || names === null ? null : new Set([...known, ...names]));
  }

  const rows: ValidatorRow[] = [];
  for (const v of validators) {
    const key = keyOf(v.file, v.local);
    const refusals: Refusal[] = callsIn(v.file, v.local)
      .filter((c) => c.target === keyOf(refusalTarget.file, refusalTarget.local))
      .map(({ call }) => {
        const arg = call.args[0];
        const str = arg?.k === "value" ? arg.str : undefined;
        const resolved = str ? ctx.resolveStr(v.file, str) : undefined;
        const returned = ctx.facts(v.file)?.functions[v.local]?.returns.find((r) => r.loc.line === call.loc.line && r.loc.column === call.loc.column);
        if (resolved?.known) return { parameter: resolved.value, file: v.file, loc: call.loc, ...(returned ? { end: returned.end } : {}) };
        return { parameter: null, why: resolved && !resolved.known ? resolved.why : "no parameter is passed", file: v.file, loc: call.loc };
      });
    const callers = [...callersOf(key)].sort(compareText);
    const named = [...new Set(refusals.flatMap((r) => (r.parameter === null ? [] : [r.parameter])))].sort(compareText);
    const unseen = refusals.find((r) => r.parameter === null);
    rows.push({
      sku: ctx.sku.name,
      validator: v.name,
      module: ctx.rel(v.file),
      parameters: named,
      ...(unseen ? { parametersUnseen: unseen.why! } : {}),
      callers,
    });
    // Unknown is not a pass, nor a finding: every caller's parameters must be seen to say one is missing.
    const takes = callers.map((t) => [t, parameters.get(t) ?? null] as const);
    if (callers.length === 0 || takes.some(([, p]) => p === null)) continue;
    for (const r of refusals) {
      if (r.parameter === null || takes.some(([, p]) => p!.has(r.parameter!))) continue;
      const taken = takes.map(([t, p]) => `${t} takes ${p!.size === 0 ? "none" : [...p!].join(", ")}`).join("; ");
      report(messages.refusalParameter(v.name, r.parameter, taken, ctx.config.contract.refusal), r.file, r.loc, r.end, null);
    }
  }
  return rows;
}
