// pass-through-producer: every guarded pass-through's value comes, on every path, from a shared producer (SPEC §2.1, §2.2).
import type { ProducerCategory } from "../../config/types.js";
import type { PassThroughFact } from "../../facts/types.js";
import type { Counts, TraceDefinition } from "../../model.js";
import type { SkuContext } from "../context.js";
import { messages, type ReportFinding } from "../messages.js";
import { categoryOf, firstFailure, isNullOnly, qualifyDefinitions } from "../qualify.js";
import type { SkuTools } from "../tools.js";

export interface AnalyzedPassThrough {
  file: string;
  fact: PassThroughFact;
  tool: string | null;
  definitions: TraceDefinition[];
  ok: boolean;
  category: ProducerCategory | "carried" | undefined;
}

/** Qualifies the pass-throughs of `files` (the SKU's tool sources), counts them by category and reports the unshared. */
export function checkPassThroughs(ctx: SkuContext, files: string[], tools: SkuTools, counts: Counts, report: ReportFinding): AnalyzedPassThrough[] {
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
  // Definitions that write only null or undefined are left out, as the tracer leaves out a literal `null`: a guard
  // nothing else reaches is a dead guard. So every passing definition left holds a producer or a carrier's parameter,
  // and has the category it counts under.
  const definitions = qualifyDefinitions(ctx, file, fact.defs.filter((d) => !isNullOnly(d)), fact.root, "passThrough");
  const ok = definitions.length > 0 && definitions.every((d) => d.ok);
  return { file, fact, tool, definitions, ok, category: ok ? categoryOf(definitions) : undefined };
}

/** The text of the top-level definition that holds the failure (the line a user looks at first). */
function definitionShown(defs: TraceDefinition[], failing: TraceDefinition): string {
  const contains = (d: TraceDefinition): boolean => d === failing || (d.parts ?? []).some(contains);
  return (defs.find(contains) ?? failing).text;
}
