// dropcheck's output: a line per tool with its sizes and counts, each missing sentence quoted under it; or the stable JSON.
import pc from "picocolors";
import type { ToolDrop } from "./compare.js";
import type { Revision } from "./git.js";
import { plural } from "../plural.js";

export interface DropcheckResult {
  ok: boolean;
  /** The config file, relative to the repository's top level (the same path in both revisions). */
  config: string;
  base: Revision;
  /** null: the working tree as it is. */
  head: Revision | null;
  /** Files of each side that do not parse (relative to the config's folder): their tools are missing from that side. */
  unparsed: { base: string[]; head: string[] };
  tools: ToolDrop[];
}

export function formatDropcheck(result: DropcheckResult, options: { color: boolean; quiet: boolean }): string {
  const c = pc.createColors(options.color);
  const baseLabel = result.base.rev;
  const headLabel = result.head === null ? "the working tree" : result.head.rev;
  const toolLines: string[] = [];
  for (const d of result.tools) {
    const losing = d.missing.length > 0 || d.status === "unseen";
    if (options.quiet && !losing) continue;
    toolLines.push(toolLine(d, d.unseen === "base" ? baseLabel : headLabel, c));
    for (const sentence of d.missing) toolLines.push(`  ${JSON.stringify(sentence)}`);
  }
  if (options.quiet) return toolLines.map((line) => line + "\n").join("");

  const head = result.head === null ? "the working tree" : `${result.head.rev} (${short(result.head.commit)})`;
  const blocks = [[`base ${result.base.rev} (${short(result.base.commit)}) → head ${head} · config ${result.config}`]];
  blocks.push(toolLines.length > 0 ? toolLines : ["no tool to compare"]);
  const notes = [
    ...unparsedNote(result.unparsed.base, baseLabel, "they are not compared"),
    ...unparsedNote(result.unparsed.head, headLabel, "their tools count as removed"),
  ];
  if (notes.length > 0) blocks.push(notes.map((n) => c.yellow(n)));
  blocks.push([verdict(result, c)]);
  return blocks.map((lines) => lines.join("\n")).join("\n\n") + "\n";
}

/** The result with every key in a fixed order: scripts compare it byte for byte. */
export function dropcheckJson(result: DropcheckResult): string {
  const ordered = {
    schemaVersion: 1,
    ok: result.ok,
    config: result.config,
    base: { rev: result.base.rev, commit: result.base.commit },
    head: { rev: result.head?.rev ?? null, commit: result.head?.commit ?? null },
    unparsed: { base: result.unparsed.base, head: result.unparsed.head },
    tools: result.tools.map((d) => ({
      sku: d.sku,
      tool: d.tool,
      status: d.status,
      old: d.old,
      new: d.new,
      sentences: d.sentences,
      missing: d.missing,
      unseen: d.unseen,
    })),
  };
  return JSON.stringify(ordered, null, 2) + "\n";
}

type Colors = ReturnType<typeof pc.createColors>;

function toolLine(d: ToolDrop, unseenIn: string, c: Colors): string {
  const n = (v: number | null): string => (v === null ? "?" : String(v));
  const name = `${d.tool} [${d.sku}]`;
  if (d.status === "unseen") {
    return `${name} old=${n(d.old)} new=${n(d.new)} sentences=${n(d.sentences)} missing=? ${c.red(`unseen: the census cannot see its description in ${unseenIn}`)}`;
  }
  const missing = d.missing.length > 0 ? c.red(`missing=${d.missing.length}`) : `missing=0`;
  return `${name} old=${n(d.old)} new=${n(d.new)} sentences=${n(d.sentences)} ${missing}${d.status === "removed" ? ` ${c.red("removed")}` : ""}`;
}

function unparsedNote(files: readonly string[], label: string, consequence: string): string[] {
  if (files.length === 0) return [];
  const n = files.length;
  return [`note: in ${label}, ${n} ${n === 1 ? "file does" : "files do"} not parse (${files.join(", ")}): ${consequence}`];
}

function verdict(result: DropcheckResult, c: Colors): string {
  const tools = result.tools.length;
  const sentences = result.tools.reduce((sum, d) => sum + (d.sentences ?? 0), 0);
  const missing = result.tools.reduce((sum, d) => sum + d.missing.length, 0);
  const losing = result.tools.filter((d) => d.missing.length > 0).length;
  const removed = result.tools.filter((d) => d.status === "removed").length;
  const unseen = result.tools.filter((d) => d.status === "unseen").length;
  if (missing === 0 && unseen === 0) return c.green(`✓ no sentence lost: ${plural(tools, "tool")}, ${plural(sentences, "sentence")}`);
  const parts: string[] = [];
  if (missing > 0) {
    parts.push(`${plural(missing, "sentence")} missing in ${losing} of ${plural(tools, "tool")}${removed > 0 ? ` (${removed} removed)` : ""}`);
  }
  if (unseen > 0) parts.push(`${plural(unseen, "tool")} the census cannot see`);
  return c.red(c.bold(`✗ ${parts.join("; ")}`));
}

function short(commit: string): string {
  return commit.slice(0, 7);
}

