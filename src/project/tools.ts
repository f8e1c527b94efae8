// Tools of one SKU: their names resolved, their bodies (inline or imported handlers) mapped, their bare sentences collected.
import type { BareSentenceFact, Loc, Site, ToolFact } from "../facts/types.js";
import type { SkuContext } from "./context.js";

export interface Tool {
  /** Absolute path of the file that registers it. */
  file: string;
  fact: ToolFact;
  /** The statically known name, or null with the reason it cannot be seen. */
  name: string | null;
  nameUnknown?: string;
}

export interface BareSentenceSite extends BareSentenceFact {
  /** Absolute path of the file holding the sentence. */
  file: string;
  tool: string | null;
  /** Why the tool's name is unknown, when it is. */
  toolUnknown?: string;
}

export interface SkuTools {
  tools: Tool[];
  /** Files that hold imported handlers (absolute): tool sources as much as the registering files. */
  handlerFiles: string[];
  /** Tool name for a fact's site in `file`. */
  toolAt(file: string, site: Site): string | null;
  bareSentences: BareSentenceSite[];
  /** Handlers the census could not follow. */
  unfollowed: { file: string; loc: Loc; tool: string | null; why: string; fix?: string }[];
}

export function collectTools(ctx: SkuContext, toolFiles: readonly string[]): SkuTools {
  const tools: Tool[] = [];
  const byFileIndex = new Map<string, Tool[]>();
  /** `${file}#${localFunctionName}` → tool name, for handlers imported from another file. */
  const importedHandlers = new Map<string, string | null>();
  const handlerFiles = new Set<string>();
  const bareSentences: BareSentenceSite[] = [];
  const unfollowed: SkuTools["unfollowed"] = [];

  for (const file of toolFiles) {
    const facts = ctx.facts(file);
    if (!facts) continue;
    const list: Tool[] = [];
    for (const fact of facts.tools) {
      const resolved = ctx.resolveStr(file, fact.name);
      const tool: Tool = resolved.known
        ? { file, fact, name: resolved.value }
        : { file, fact, name: null, nameUnknown: resolved.why };
      list.push(tool);
      tools.push(tool);
      const toolUnknown = tool.nameUnknown;
      const sentences = (s: BareSentenceFact, at: string): BareSentenceSite =>
        toolUnknown === undefined ? { ...s, file: at, tool: tool.name } : { ...s, file: at, tool: null, toolUnknown };
      if (fact.handler.k === "inline") {
        for (const s of fact.bareSentences) bareSentences.push(sentences(s, file));
      } else if (fact.handler.k === "import") {
        const followed = ctx.graph.followImport(file, fact.handler.module, fact.handler.name);
        const target = followed.ok ? ctx.facts(followed.file) : undefined;
        const fn = followed.ok ? target?.functions[followed.local] : undefined;
        if (!followed.ok || !fn) {
          const why = followed.ok ? `\`${fact.handler.local}\` in ${ctx.rel(followed.file)} is not a function` : followed.why;
          unfollowed.push({ file, loc: fact.loc, tool: tool.name, why });
          continue;
        }
        handlerFiles.add(followed.file);
        if (!importedHandlers.has(`${followed.file}#${followed.local}`)) importedHandlers.set(`${followed.file}#${followed.local}`, tool.name);
        for (const s of fn.bareSentences) bareSentences.push(sentences(s, followed.file));
      } else {
        const { why, fix } = fact.handler;
        unfollowed.push(fix === undefined ? { file, loc: fact.loc, tool: tool.name, why } : { file, loc: fact.loc, tool: tool.name, why, fix });
      }
    }
    byFileIndex.set(file, list);
  }

  const toolAt = (file: string, site: Site): string | null => {
    if (site.tool !== null) return byFileIndex.get(file)?.[site.tool]?.name ?? null;
    if (site.owner !== null) return importedHandlers.get(`${file}#${site.owner}`) ?? null;
    return null;
  };
  const toolSet = new Set(toolFiles);
  return {
    tools,
    handlerFiles: [...handlerFiles].filter((f) => !toolSet.has(f)).sort(),
    toolAt,
    bareSentences,
    unfollowed,
  };
}
