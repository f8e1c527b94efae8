// `descriptions --base REV [--head REV]`: each tool's served size and tokens before and after, the largest movers first,
// and each SKU's catalog total's change; as text, stable JSON, or a Markdown table for a pull request.
import pc from "picocolors";
import { compareText, type DescriptionRow } from "../../src/model.js";
import type { Revision } from "../dropcheck/git.js";
import { readSides } from "../dropcheck/run.js";
import { plural } from "../plural.js";
import { escapeMarkdown } from "../reporters/markdown.js";

export interface DeltaRequest {
  base: string;
  head: string | undefined;
  configFile: string | undefined;
  dir: string | undefined;
}

/** A description's size on one side: characters (UTF-16) and o200k_base tokens, null where the census cannot see it. */
export interface Size {
  served: number | null;
  tokens: number | null;
}

export type DeltaStatus = "changed" | "same" | "added" | "removed";

export interface ToolDelta {
  sku: string;
  tool: string;
  status: DeltaStatus;
  /** null on the side that does not have the tool. */
  before: Size | null;
  after: Size | null;
  /** after − before; null where either side has no size (a tool added or removed counts from 0). */
  delta: Size;
}

export interface CatalogDelta {
  sku: string;
  before: Size;
  after: Size;
  delta: Size;
  /** The change in percent of the base's total, one decimal; null when the base's total is 0. */
  percent: Size;
}

export interface DeltaResult {
  config: string;
  base: Revision;
  head: Revision | null;
  tools: ToolDelta[];
  catalogs: CatalogDelta[];
}

export async function runDescriptionsDelta(request: DeltaRequest, cwd: string): Promise<DeltaResult> {
  const sides = await readSides(request, cwd, "descriptions --base");
  const { tools, catalogs } = compareRows(sides.before.rows, sides.after.rows);
  return { config: sides.config, base: sides.base, head: sides.head, tools, catalogs };
}

/** Every tool of either side, by SKU and name; sorted by the largest movers (tokens, then characters), then by name. */
export function compareRows(before: readonly DescriptionRow[], after: readonly DescriptionRow[]): { tools: ToolDelta[]; catalogs: CatalogDelta[] } {
  const key = (r: DescriptionRow): string => `${r.sku}\u0000${r.tool}`;
  const old = new Map(before.map((r) => [key(r), r]));
  const now = new Map(after.map((r) => [key(r), r]));
  const tools: ToolDelta[] = [];
  for (const k of new Set([...old.keys(), ...now.keys()])) {
    const b = old.get(k);
    const a = now.get(k);
    const row = (a ?? b)!;
    const bs = b ? sizeOf(b) : null;
    const as = a ? sizeOf(a) : null;
    const status: DeltaStatus = !b ? "added" : !a ? "removed" : bs!.served === as!.served && bs!.tokens === as!.tokens ? "same" : "changed";
    tools.push({ sku: row.sku, tool: row.tool, status, before: bs, after: as, delta: { served: minus(as, bs, "served"), tokens: minus(as, bs, "tokens") } });
  }
  tools.sort((x, y) => mover(y) - mover(x) || compareText(x.sku, y.sku) || compareText(x.tool, y.tool));

  const skus = [...new Set([...before, ...after].map((r) => r.sku))].sort(compareText);
  const catalogs = skus.map((sku): CatalogDelta => {
    const total = (rows: readonly DescriptionRow[]): Size => ({
      served: rows.filter((r) => r.sku === sku).reduce((n, r) => n + (r.served ?? 0), 0),
      tokens: rows.filter((r) => r.sku === sku).reduce((n, r) => n + (r.tokens ?? 0), 0),
    });
    const b = total(before);
    const a = total(after);
    const delta = { served: a.served! - b.served!, tokens: a.tokens! - b.tokens! };
    const percent = (d: number, base: number): number | null => (base === 0 ? null : Math.round((d / base) * 1000) / 10);
    return { sku, before: b, after: a, delta, percent: { served: percent(delta.served, b.served!), tokens: percent(delta.tokens, b.tokens!) } };
  });
  return { tools, catalogs };
}

function sizeOf(r: DescriptionRow): Size {
  return { served: r.served, tokens: r.tokens };
}

/** A tool on one side only moves by its whole size; a size the census cannot see moves by nothing it can say. */
function minus(after: Size | null, before: Size | null, key: keyof Size): number | null {
  const a = after === null ? 0 : after[key];
  const b = before === null ? 0 : before[key];
  return a === null || b === null ? null : a - b;
}

function mover(d: ToolDelta): number {
  return Math.abs(d.delta.tokens ?? 0) * 1e6 + Math.abs(d.delta.served ?? 0);
}

/** The result with every key in a fixed order: scripts compare it byte for byte. */
export function deltaJson(result: DeltaResult): string {
  const size = (s: Size | null) => (s === null ? null : { served: s.served, tokens: s.tokens });
  const ordered = {
    schemaVersion: 1,
    config: result.config,
    base: { rev: result.base.rev, commit: result.base.commit },
    head: { rev: result.head?.rev ?? null, commit: result.head?.commit ?? null },
    tools: result.tools.map((d) => ({ sku: d.sku, tool: d.tool, status: d.status, before: size(d.before), after: size(d.after), delta: size(d.delta) })),
    catalogs: result.catalogs.map((c) => ({ sku: c.sku, before: size(c.before), after: size(c.after), delta: size(c.delta), percent: size(c.percent) })),
  };
  return JSON.stringify(ordered, null, 2) + "\n";
}

type Colors = ReturnType<typeof pc.createColors>;

export function formatDelta(result: DeltaResult, options: { color: boolean; quiet: boolean }): string {
  const c = pc.createColors(options.color);
  const shown = result.tools.filter((d) => !options.quiet || d.status !== "same");
  const cells = shown.map((d) => [
    d.sku,
    d.tool,
    count(d.before?.served),
    count(d.after?.served),
    signed(d.delta.served),
    count(d.before?.tokens),
    count(d.after?.tokens),
    signed(d.delta.tokens),
    d.status === "added" || d.status === "removed" ? d.status : "",
  ]);
  const header = ["sku", "tool", "chars", "→", "Δ", "tokens", "→", "Δ", ""];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]): string =>
    `  ${row
      .map((cell, i) => (i < 2 || i === 8 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd()}`;
  const toolLines = cells.map((row) => {
    const text = line(row);
    const status = row[8]!;
    return status === "" ? text : text.slice(0, text.length - status.length) + (status === "added" ? c.yellow(status) : c.red(status));
  });
  if (options.quiet) return toolLines.map((l) => l + "\n").join("");
  const head = result.head === null ? "the working tree" : `${result.head.rev} (${short(result.head.commit)})`;
  const blocks = [
    [`base ${result.base.rev} (${short(result.base.commit)}) → head ${head} · config ${result.config}`],
    cells.length > 0 ? [line(header), ...toolLines] : ["  no tool in either revision"],
    result.catalogs.map((k) => catalogLine(k)),
    [verdict(result, c)],
  ];
  // A block with no line (no catalog on either side) is no block: no blank lines for it.
  return blocks
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join("\n"))
    .join("\n\n") + "\n";
}

/** A table for a pull request's comment: per tool before, after and the change, then each catalog's total. */
export function deltaMarkdown(result: DeltaResult): string {
  const headLabel = result.head === null ? "the working tree" : `\`${result.head.rev}\``;
  const lines = [
    `### Tool descriptions: \`${result.base.rev}\` → ${headLabel}`,
    "",
    "| SKU | tool | chars before | chars after | Δ chars | tokens before | tokens after | Δ tokens |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const d of result.tools) {
    if (d.status === "same") continue;
    const name = `${escapeMarkdown(d.tool)}${d.status === "added" || d.status === "removed" ? ` (${d.status})` : ""}`;
    lines.push(`| ${escapeMarkdown(d.sku)} | ${name} | ${count(d.before?.served)} | ${count(d.after?.served)} | ${signed(d.delta.served)} | ${count(d.before?.tokens)} | ${count(d.after?.tokens)} | ${signed(d.delta.tokens)} |`);
  }
  for (const k of result.catalogs) {
    lines.push(
      `| ${escapeMarkdown(k.sku)} | **catalog** | ${k.before.served} | ${k.after.served} | ${signed(k.delta.served)}${percentOf(k.percent.served)} | ${k.before.tokens} | ${k.after.tokens} | ${signed(k.delta.tokens)}${percentOf(k.percent.tokens)} |`,
    );
  }
  const same = result.tools.filter((d) => d.status === "same").length;
  lines.push("", same === 0 ? "Every tool's description changed." : `${plural(same, "tool")} unchanged.`, "");
  return lines.join("\n");
}

function catalogLine(k: CatalogDelta): string {
  return `${k.sku} catalog: ${k.before.served} → ${k.after.served} chars (${signed(k.delta.served)}${percentOf(k.percent.served, "")}), ${k.before.tokens} → ${k.after.tokens} tokens (${signed(k.delta.tokens)}${percentOf(k.percent.tokens, "")})`;
}

function verdict(result: DeltaResult, c: Colors): string {
  const n = (status: DeltaStatus): number => result.tools.filter((d) => d.status === status).length;
  const parts = [`${n("changed")} changed`, `${n("added")} added`, `${n("removed")} removed`, `${n("same")} unchanged`];
  return c.bold(`${plural(result.tools.length, "tool")}: ${parts.join(", ")}`);
}

function count(n: number | null | undefined): string {
  return n === undefined ? "–" : n === null ? "?" : String(n);
}

/** A change with its sign: `+12`, `−7` (a minus sign), `0`; `?` where a side's size cannot be seen. */
function signed(n: number | null): string {
  if (n === null) return "?";
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function percentOf(p: number | null, sep = " "): string {
  if (p === null) return "";
  const text = p > 0 ? `+${p}%` : p < 0 ? `−${-p}%` : "0%";
  return sep === "" ? `, ${text}` : `${sep}(${text})`;
}


function short(commit: string): string {
  return commit.slice(0, 7);
}
