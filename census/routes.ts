// `routes TOOL` for people: every status word the tool can return and the line each comes from, then what its
// description names and never names.
import pc from "picocolors";
import type { RoutesTrace } from "../src/model.js";

export function formatRoutes(trace: RoutesTrace, options: { color: boolean }): string {
  const c = pc.createColors(options.color);
  const blocks: string[][] = [];
  for (const d of trace.definitions) {
    const lines = [`${c.bold(trace.tool)} [${d.sku}] ${d.file}:${d.line}:${d.column}`];
    const width = Math.max(0, ...d.sites.map((s) => s.word.length));
    const whereOf = (s: (typeof d.sites)[number]): string => (s.file === d.file ? `${s.line}:${s.column}` : `${s.file}:${s.line}:${s.column}`);
    const whereWidth = Math.max(0, ...d.sites.map((s) => whereOf(s).length));
    for (const s of d.sites) {
      const where = whereOf(s);
      lines.push(`  ${s.word.padEnd(width)}  ${c.dim(where)}${" ".repeat(whereWidth - where.length)}  ${s.what}`);
      for (const hop of s.via) lines.push(`  ${" ".repeat(width)}    via ${hop}`);
    }
    if (d.sites.length === 0) lines.push("  no route the census can see");
    if (d.unseen !== null) lines.push(c.yellow(`  routes may be incomplete: ${d.unseen}`));
    const list = (words: readonly string[]): string => (words.length === 0 ? "none" : words.join(", "));
    lines.push(`  routes: ${list(d.routes)} · its description names: ${list(d.named)} · never named: ${list(d.unmentioned)}`);
    if (d.unreturned.length > 0) lines.push(c.red(`  ✗ its description names ${list(d.unreturned)}, which it can never return`));
    blocks.push(lines);
  }
  return blocks.map((lines) => lines.join("\n")).join("\n\n") + "\n";
}

/** The trace itself, for scripts. */
export function routesJson(trace: RoutesTrace): string {
  return JSON.stringify({ schemaVersion: 1, tool: trace.tool, definitions: trace.definitions }, null, 2) + "\n";
}
