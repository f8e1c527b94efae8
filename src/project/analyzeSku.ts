// One SKU's census: its tools and files in scope, then each check of src/project/checks/ over their facts.
import path from "node:path";
import type { ResolvedSku } from "../config/types.js";
import { emptyCounts, type Counts, type Finding, type ValidatorRow } from "../model.js";
import { checkBuilds } from "./checks/builds.js";
import { checkDescriptions, type SkuDescriptions, type TokenMeasure } from "./checks/descriptions.js";
import { TokenCounter } from "../tokens.js";
import { checkParity } from "./checks/parity.js";
import { checkStatusRoutes } from "./checks/routes.js";
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
  /** The SKU's shared validators and the parameters their refusals name. */
  validators: ValidatorRow[];
}

export interface AnalyzeOptions {
  /** The run's token counter, and whether every description row carries its counts (not needed by an editor). */
  tokens: TokenMeasure;
}

export function analyzeSku(ctx: SkuContext, options: AnalyzeOptions = { tokens: { counter: new TokenCounter(), rows: true } }): SkuAnalysis {
  const { sku } = ctx;
  const counts = emptyCounts();
  const findings: Finding[] = [];
  const report = reportInto(findings, ctx);

  const tools = collectTools(ctx, sku.toolFiles);
  const toolSources = unique([...sku.toolFiles, ...tools.handlerFiles]);
  // Every module the tool files and producers load code from, inside the SKU's root: a helper nobody configured is checked too.
  const configured = unique([...toolSources, ...configuredModules(sku)]);
  const files = unique([...configured, ...reachableModules(ctx, configured)]).sort();
  // "N tools in M files" means tool files; everything else the census read is a module (SPEC §4).
  const toolFiles = new Set(sku.toolFiles);
  counts.files = toolFiles.size;
  counts.modules = files.filter((f) => !toolFiles.has(f)).length;
  counts.tools = tools.tools.length;

  const unparsed = checkParseErrors(ctx, files, counts, report);
  checkToolDiscovery(ctx, tools, report);
  const passThroughs = checkPassThroughs(ctx, toolSources, tools, counts, report);
  checkBuilds(ctx, files, tools, counts, report);
  const validators = checkValidators(ctx, tools, counts, report);
  const descriptions = checkDescriptions(ctx, tools, report, options.tokens);
  checkStatusRoutes(ctx, descriptions, report);
  checkParity(ctx, report);

  return { sku, counts, findings, bareSentences: tools.bareSentences, passThroughs, unparsed, files, tools, descriptions, validators };
}

/** The files a SKU names besides its tool files: helpers, producers, guide and instructions. */
export function configuredModules(sku: ResolvedSku): string[] {
  return [sku.helpers, ...sku.producers.map((p) => p.module), sku.guide, sku.instructions].filter((f): f is string => f !== null);
}

/** The modules reachable by imports (relative or tsconfig-alias) from `from`, inside the SKU's root, each once. */
function reachableModules(ctx: SkuContext, from: readonly string[]): string[] {
  const seen = new Set(from);
  const pending = [...from];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const target of importsInScope(ctx, file)) {
      if (seen.has(target)) continue;
      seen.add(target);
      pending.push(target);
    }
  }
  const given = new Set(from);
  return [...seen].filter((f) => !given.has(f));
}

/** The modules `file` loads code from that the census checks with it: inside the SKU's root, not in node_modules. */
export function importsInScope(ctx: SkuContext, file: string): string[] {
  const root = ctx.sku.root + path.sep;
  const out: string[] = [];
  for (const specifier of ctx.store.get(file).facts?.requests ?? []) {
    const target = ctx.graph.resolveModule(file, specifier);
    if (target && target.startsWith(root) && !target.includes(`${path.sep}node_modules${path.sep}`)) out.push(target);
  }
  return out;
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
