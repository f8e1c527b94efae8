// tool-discovery: every tool's name, description and body visible to the census, each name once per SKU, a tool in every SKU.
import type { SkuContext } from "../context.js";
import { messages, type ReportFinding } from "../messages.js";
import type { SkuTools, Tool } from "../tools.js";

/** A census that cannot see a tool, or sees none at all, says so: unknown is not pass. */
export function checkToolDiscovery(ctx: SkuContext, tools: SkuTools, report: ReportFinding): void {
  const byName = new Map<string, Tool>();
  for (const tool of tools.tools) {
    if (tool.name === null) {
      report(messages.toolUnnamed(tool.nameUnknown ?? "it is not a constant"), tool.file, tool.nameLoc, undefined, null);
      continue;
    }
    const first = byName.get(tool.name);
    if (first) {
      report(messages.toolTwice(tool.name, ctx.sku.name, place(ctx, tool)), first.file, first.nameLoc, undefined, tool.name);
      report(messages.toolTwice(tool.name, ctx.sku.name, place(ctx, first)), tool.file, tool.nameLoc, undefined, tool.name);
    } else {
      byName.set(tool.name, tool);
    }
    if (tool.description && !tool.description.known) {
      const d = tool.description;
      report(messages.descriptionUnknown(tool.name, d.why), d.file, d.loc, d.end ?? undefined, tool.name);
    }
    if (tool.bodyUnknown) report(messages.bodyUnseen(tool.name, tool.bodyUnknown.why, tool.bodyUnknown.fix), tool.file, tool.loc, undefined, tool.name);
  }
  if (tools.tools.length === 0) {
    const index = ctx.config.skus.indexOf(ctx.sku);
    const at = ctx.config.positionOf(["skus", index, "tools"]) ?? { line: 1, column: 1 };
    // Loading the config refused every tools glob that matches no file, so there is one file at least.
    const count = ctx.sku.toolFiles.length;
    const files = `${count} tool file${count === 1 ? "" : "s"} searched`;
    const like = toolLike(ctx);
    report(like ? messages.noToolsLike(ctx.sku.name, files, like.call, like.place, like.setting) : messages.noTools(ctx.sku.name, files), ctx.config.configFile, at, undefined, null);
  }
}

/** The first call of the SKU's tool files that reads like a tool definition, and the discovery setting that would see it. */
function toolLike(ctx: SkuContext): { call: string; place: string; setting: string } | undefined {
  for (const file of ctx.sku.toolFiles) {
    const fact = ctx.facts(file)?.toolLike?.[0];
    if (!fact) continue;
    const key = fact.member ? "register" : "definers";
    const bodyKey = fact.bodyKey === ctx.config.discovery.bodyKey ? "" : ` and set "bodyKey": ${JSON.stringify(fact.bodyKey)}`;
    return {
      call: `\`${fact.text}({ name, description, ${fact.bodyKey} })\``,
      place: `${ctx.rel(file)}:${fact.loc.line}`,
      setting: `add ${JSON.stringify(fact.callee)} to "${key}"${bodyKey}`,
    };
  }
  return undefined;
}

function place(ctx: SkuContext, tool: Tool): string {
  return `${ctx.rel(tool.file)}:${tool.nameLoc.line}:${tool.nameLoc.column}`;
}
