// `routes TOOL`: every status word a tool can return, the line each comes from, and what its description names.
import type { ResolvedConfig } from "../config/types.js";
import type { RoutesTrace } from "../model.js";
import { TokenCounter } from "../tokens.js";
import { analyzeSku } from "./analyzeSku.js";
import { namedWords } from "./checks/routes.js";
import { SkuContext } from "./context.js";
import { extractingStore } from "./census.js";
import { RouteReader, TEXT_ROUTE } from "./routes.js";

/** The routes of every definition of `tool`, in every SKU that has it (none: the census knows no such tool). */
export function traceRoutes(config: ResolvedConfig, tool: string): RoutesTrace {
  const store = extractingStore(config);
  const { contract } = config;
  const words = [...new Set([contract.words.refusal, contract.words.failure, ...contract.words.other])];
  const definitions: RoutesTrace["definitions"] = [];
  const names = new Set<string>();
  for (const sku of config.skus) {
    const ctx = new SkuContext(config, sku, store);
    const analysis = analyzeSku(ctx, { tokens: { counter: new TokenCounter(), rows: false } });
    const reader = new RouteReader(ctx);
    for (const d of analysis.descriptions.described) {
      names.add(d.description.tool);
      if (d.description.tool !== tool) continue;
      const found = reader.routesOf(d.tool);
      const named = [...new Set([...namedWords(d.description.head ?? "", words), ...namedWords(d.description.tail ?? "", words)])];
      definitions.push({
        sku: sku.name,
        file: ctx.rel(d.tool.file),
        line: d.tool.loc.line,
        column: d.tool.loc.column,
        routes: found.routes,
        sites: found.sites.map((s) => ({ word: s.word, file: ctx.rel(s.file), line: s.loc.line, column: s.loc.column, what: s.what, via: s.via })),
        named: words.filter((w) => named.includes(w)),
        unreturned: found.unseen === null && d.description.head !== null ? words.filter((w) => named.includes(w) && !found.routes.includes(w)) : [],
        unmentioned: found.routes.filter((w) => w !== TEXT_ROUTE && !named.includes(w)),
        unseen: found.unseen,
      });
    }
  }
  return { tool, definitions, tools: [...names].sort() };
}
