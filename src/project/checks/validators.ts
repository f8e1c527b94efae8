// validator-builds-refusal: what every shared validator may return (SPEC §2).
import type { Counts } from "../../model.js";
import type { SkuContext } from "../context.js";
import { messages, type ReportFinding } from "../messages.js";
import { firstFailure, qualifyOperand } from "../qualify.js";

/** Each shared validator returns only null or undefined, a refusal, or another shared validator's result; a factory-made one is unknown, not a pass. */
export function checkValidators(ctx: SkuContext, counts: Counts, report: ReportFinding): void {
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
