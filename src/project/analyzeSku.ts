// One SKU's census: its tools and files in scope, then each check of src/project/checks/ over their facts.
import type { ResolvedSku } from "../config/types.js";
import { emptyCounts, type Counts, type Finding } from "../model.js";
import { checkBuilds } from "./checks/builds.js";
import { checkDescriptions, type SkuDescriptions } from "./checks/descriptions.js";
import { checkParity } from "./checks/parity.js";
import { checkParseErrors } from "./checks/parseErrors.js";
import { checkPassThroughs, type AnalyzedPassThrough } from "./checks/passThroughs.js";
import { checkToolDiscovery } from "./checks/toolDiscovery.js";
import { checkValidators } from "./checks/validators.js";
import type { SkuContext } from "./context.js";
import { reportInto } from "./messages.js";
import { collectTools, type BareSentenceSite, type SkuTools } from "./tools.js";

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
  const report = reportInto(findings, ctx);

  const tools = collectTools(ctx, sku.toolFiles);
  const toolSources = unique([...sku.toolFiles, ...tools.handlerFiles]);
  const moduleFiles = [sku.helpers, ...sku.producers.map((p) => p.module), sku.guide, sku.instructions].filter(
    (f): f is string => f !== null,
  );
  const files = unique([...toolSources, ...moduleFiles]).sort();
  // "N tools in M files" means tool files; everything else the census read is a module (SPEC §4).
  const toolFiles = new Set(sku.toolFiles);
  counts.files = toolFiles.size;
  counts.modules = files.filter((f) => !toolFiles.has(f)).length;
  counts.tools = tools.tools.length;

  const unparsed = checkParseErrors(ctx, files, counts, report);
  checkToolDiscovery(ctx, tools, report);
  const passThroughs = checkPassThroughs(ctx, toolSources, tools, counts, report);
  checkBuilds(ctx, files, tools, counts, report);
  checkValidators(ctx, counts, report);
  const descriptions = checkDescriptions(ctx, tools, report);
  checkParity(ctx, report);

  return { sku, counts, findings, bareSentences: tools.bareSentences, passThroughs, unparsed, files, tools, descriptions };
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
