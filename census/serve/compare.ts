// The census's static descriptions against what a running server serves: a row per tool, flagged where the texts differ.
import pc from "picocolors";
import type { ListedTool } from "./listTools.js";
import { compareText, type DescriptionRow, type ServedDescription } from "../../src/model.js";
import { TokenCounter } from "../../src/tokens.js";
import { plural } from "../plural.js";

export type ServeStatus =
  | "same"
  /** Both know the tool; the texts differ. */
  | "differs"
  /** Served, but the census does not know the tool (registered outside the tool files, or its name unknown). */
  | "not-in-census"
  /** The census knows the tool; the server does not list it. */
  | "not-served"
  /** The census cannot evaluate the tool's description: unknown never passes. */
  | "unseen"
  /**
   * The census defines the tool more than once in the SKU (a tool-discovery finding) and the served text is that of
   * some of the definitions only: the row's `file` names the one that matched; the others are not what runs.
   */
  | "matches-one";

export interface ServeRow {
  tool: string;
  /** The census's served text's length (UTF-16 code units); null when it does not know the tool or cannot see the text. */
  static: number | null;
  /** The length tools/list sends; null when the tool is not served. */
  served: number | null;
  status: ServeStatus;
  /** 1-based position of the first differing character, when both texts are known and differ. */
  firstDifference: number | null;
  /**
   * Only when the census defines the tool more than once in the SKU: the file (relative to the config's folder) of
   * the definition the row's numbers come from: for `matches-one` the one that matched, for `differs` the one that
   * differs latest, for `not-served` the first by file.
   */
  file?: string;
  /** With `file`: how many definitions of the tool the census has in the SKU. */
  definitions?: number;
  /** The census's estimate of the tool's tools/list entry in o200k_base tokens; null when it cannot see it or the tool. */
  staticEntryTokens: number | null;
  /** The exact count of the entry the server lists (name, description, input schema); null when it is not served. */
  servedEntryTokens: number | null;
}

export interface ServeResult {
  ok: boolean;
  sku: string;
  /** What was listed: the module (relative to the working folder, `/` separators), or the --stdio command as typed. */
  source: { module: string } | { command: string };
  tools: ServeRow[];
}

/**
 * One row per tool name of either side, sorted by name, with the census's estimate of each entry's tokens (`rows`, the
 * SKU's description rows) beside the exact count of the entry served.
 */
export function compareServed(statics: readonly ServedDescription[], served: readonly ListedTool[], rows: readonly DescriptionRow[] = []): ServeRow[] {
  const counter = new TokenCounter();
  const estimates = new Map<string, number | null>();
  // A tool defined twice has one estimate only when its definitions agree.
  for (const r of rows) estimates.set(r.tool, estimates.has(r.tool) && estimates.get(r.tool) !== r.entryTokens ? null : r.entryTokens);
  const entries = new Map(served.map((s) => [s.tool, s.entry]));
  return compareTexts(statics, served).map((row) => {
    const entry = entries.get(row.tool);
    return { ...row, staticEntryTokens: estimates.get(row.tool) ?? null, servedEntryTokens: entry === undefined ? null : counter.count(entry) };
  });
}

type TextRow = Omit<ServeRow, "staticEntryTokens" | "servedEntryTokens">;

function compareTexts(statics: readonly ServedDescription[], served: readonly ListedTool[]): TextRow[] {
  const known = new Map<string, ServedDescription[]>();
  for (const s of statics) known.set(s.tool, [...(known.get(s.tool) ?? []), s]);
  const listed = new Map(served.map((s) => [s.tool, s.description]));
  const names = [...new Set([...known.keys(), ...listed.keys()])].sort(compareText);
  return names.map((tool): TextRow => {
    const definitions = known.get(tool) ?? [];
    const description = listed.get(tool);
    if (definitions.length > 1) return compareDefinedTwice(tool, definitions, description);
    const head = definitions[0]?.head;
    const served = description === undefined ? null : description.length;
    if (head === undefined) return { tool, static: null, served, status: "not-in-census", firstDifference: null };
    if (head === null) return { tool, static: null, served, status: "unseen", firstDifference: null };
    if (description === undefined) return { tool, static: head.length, served: null, status: "not-served", firstDifference: null };
    if (head === description) return { tool, static: head.length, served, status: "same", firstDifference: null };
    return { tool, static: head.length, served, status: "differs", firstDifference: firstDifference(head, description) };
  });
}

/**
 * A tool the census defines more than once in the SKU, against the one text the server serves: `same` only when every
 * definition has that text, `matches-one` when some do, else `differs` from the definition that differs latest.
 */
function compareDefinedTwice(tool: string, definitions: readonly ServedDescription[], description: string | undefined): TextRow {
  const seen = [...definitions].sort((a, b) => compareText(a.file, b.file)).filter((d): d is ServedDescription & { head: string } => d.head !== null);
  const served = description === undefined ? null : description.length;
  const count = { definitions: definitions.length };
  const first = seen[0];
  if (first === undefined) return { tool, static: null, served, status: "unseen", firstDifference: null };
  if (description === undefined) return { tool, static: first.head.length, served: null, status: "not-served", firstDifference: null, file: first.file, ...count };
  const matching = seen.filter((d) => d.head === description);
  if (matching.length === definitions.length) return { tool, static: description.length, served, status: "same", firstDifference: null };
  const match = matching[0];
  if (match !== undefined) return { tool, static: match.head.length, served, status: "matches-one", firstDifference: null, file: match.file, ...count };
  const closest = seen.reduce((best, d) => (firstDifference(d.head, description) > firstDifference(best.head, description) ? d : best));
  return { tool, static: closest.head.length, served, status: "differs", firstDifference: firstDifference(closest.head, description), file: closest.file, ...count };
}

export function formatServe(result: ServeResult, options: { color: boolean; quiet: boolean }): string {
  const c = pc.createColors(options.color);
  const rows = result.tools.filter((r) => !options.quiet || r.status !== "same");
  const cells = rows.map((r) => ({
    row: r,
    static: sizeOf(r.static, r.status === "unseen"),
    served: sizeOf(r.served, false),
    estimate: tokensOf(r.staticEntryTokens, r.status !== "not-in-census"),
    exact: tokensOf(r.servedEntryTokens, false),
  }));
  const nameWidth = Math.max("tool".length, ...cells.map((x) => x.row.tool.length));
  const staticWidth = Math.max("static".length, ...cells.map((x) => x.static.length));
  const servedWidth = Math.max("served".length, ...cells.map((x) => x.served.length));
  const estimateWidth = Math.max(ESTIMATE.length, ...cells.map((x) => x.estimate.length));
  const exactWidth = Math.max(EXACT.length, ...cells.map((x) => x.exact.length));
  const lines = cells.map(
    (x) =>
      `  ${x.row.tool.padEnd(nameWidth)}  ${x.static.padStart(staticWidth)}  ${x.served.padStart(servedWidth)}  ${x.estimate.padStart(estimateWidth)}  ${x.exact.padStart(exactWidth)}  ${mark(x.row, c)}`,
  );
  if (options.quiet) return lines.map((line) => line + "\n").join("");

  const servedCount = result.tools.filter((r) => r.served !== null).length;
  const staticCount = result.tools.filter((r) => r.status !== "not-in-census").length;
  const shown = "module" in result.source ? result.source.module : result.source.command;
  const header = `${shown} serves ${plural(servedCount, "tool")}; the census of SKU ${result.sku} sees ${staticCount}`;
  const table = [
    `  ${"tool".padEnd(nameWidth)}  ${"static".padStart(staticWidth)}  ${"served".padStart(servedWidth)}  ${ESTIMATE.padStart(estimateWidth)}  ${EXACT.padStart(exactWidth)}`,
    ...lines,
  ];
  const legend = "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)";
  return [header, ...table, legend, "", verdict(result, c)].join("\n") + "\n";
}

/** The result with every key in a fixed order: scripts compare it byte for byte. */
export function serveJson(result: ServeResult): string {
  const ordered = {
    schemaVersion: 1,
    ok: result.ok,
    sku: result.sku,
    ...("module" in result.source ? { module: result.source.module } : { command: result.source.command }),
    tools: result.tools.map((r) => ({
      tool: r.tool,
      static: r.static,
      served: r.served,
      status: r.status,
      firstDifference: r.firstDifference,
      staticEntryTokens: r.staticEntryTokens,
      servedEntryTokens: r.servedEntryTokens,
      // Only on a tool the census defines more than once: rows of the usual case keep their shape.
      ...(r.file === undefined ? {} : { file: r.file, definitions: r.definitions }),
    })),
  };
  return JSON.stringify(ordered, null, 2) + "\n";
}

type Colors = ReturnType<typeof pc.createColors>;

function mark(r: ServeRow, c: Colors): string {
  switch (r.status) {
    case "same":
      return c.green("✓");
    case "differs":
      return c.red(`✗ differs from character ${r.firstDifference}${r.file === undefined ? "" : ` of ${r.file}'s text (the closest of ${r.definitions} definitions)`}`);
    case "matches-one":
      return c.red(`✗ matches ${r.file}'s text only, of ${r.definitions} definitions in the SKU`);
    case "not-in-census":
      return c.red("✗ not in the census");
    case "not-served":
      return c.red("✗ not served");
    case "unseen":
      return c.red("✗ the census cannot see its description");
  }
}

function verdict(result: ServeResult, c: Colors): string {
  const total = result.tools.length;
  const differing = result.tools.filter((r) => r.status !== "same").length;
  if (differing === 0) return c.green(`✓ ${plural(total, "tool")}: every served description is the census's text`);
  return c.red(c.bold(`✗ ${differing} of ${plural(total, "tool")} ${differing === 1 ? "differs" : "differ"} between the census and the running server`));
}

/** The table's two entry-token columns: the census's estimate, the running server's exact count. */
const ESTIMATE = "entry≈";
const EXACT = "entry";

/** `?` where the census knows the tool but cannot see its entry; `–` where a side has no such tool. */
function tokensOf(n: number | null, known: boolean): string {
  if (n !== null) return String(n);
  return known ? "?" : NONE;
}

const NONE = "–";

function sizeOf(n: number | null, unseen: boolean): string {
  if (unseen) return "?";
  return n === null ? "–" : String(n);
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i + 1;
}


