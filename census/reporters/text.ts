// The report for people: counts per SKU, floors against actual counts, findings as `file:line:col  rule  message`, a verdict.
import pc from "picocolors";
import { compareText, type Counts, type DescriptionRow, type Finding, type FloorResult, type Report } from "../../src/model.js";
import { plural } from "../plural.js";
import { definitionLines } from "../trace.js";

export interface TextOptions {
  /** ANSI colours; the CLI decides (terminal, NO_COLOR, FORCE_COLOR), the reporter never looks at the environment. */
  color: boolean;
  /** Only the findings, and nothing at all when there are none: for scripts that want silence on success. */
  quiet: boolean;
  /** What each SKU's descriptions are judged against: the config's, handed over by the CLI. */
  budget: DescriptionBudget;
  /** Every tool's row in the description table; otherwise the largest and any over its cap. */
  allDescriptions?: boolean;
}

/** How many of the largest descriptions the table shows without --descriptions (those over their cap always show). */
const LARGEST_SHOWN = 10;

/** The parts of the config's `descriptions` the report prints each SKU's catalog against. */
export interface DescriptionBudget {
  /** Largest catalog total per SKU; null when none is configured. */
  total: number | null;
  /** Largest catalog total per SKU in o200k_base tokens; null (or absent) when none is configured. */
  tokenTotal?: number | null;
  /** Tool counts some clients stop at (they send only the first N tools to the model). */
  clientLimits: readonly number[];
}

type Colors = ReturnType<typeof pc.createColors>;

/** The en dash a table prints where a tool has no tail. */
const NONE = "–";

export function text(report: Report, options: TextOptions): string {
  const c = pc.createColors(options.color);
  const findings = report.findings.flatMap((f, i) => {
    // Findings of one file stay together; a blank line marks the next file.
    const gap = i > 0 && report.findings[i - 1]!.file !== f.file && !options.quiet ? [""] : [];
    return [...gap, findingLine(f, c), ...(options.quiet ? [] : contextLines(f, c))];
  });
  if (options.quiet) return findings.map((line) => line + "\n").join("");

  const blocks: string[][] = report.skus.map((sku) => [
    ...countLines(sku.name, sku.counts, 1, c),
    ...descriptionLines(sku.counts.tools, report.descriptions.filter((d) => d.sku === sku.name), options.budget, c, options.allDescriptions === true),
  ]);
  // One SKU's block already is the total; with several, floors are judged on the sum, so show it. Descriptions are
  // not summed: each SKU is one server, with a catalog of its own.
  if (report.skus.length !== 1) blocks.push(countLines("total", report.counts, report.skus.length, c));
  blocks.push(floorLines(report.floors, c));
  if (findings.length > 0) blocks.push(findings);
  blocks.push([verdict(report, c)]);
  return blocks.map((lines) => lines.join("\n")).join("\n\n") + "\n";
}

export function findingLine(f: Finding, c: Colors): string {
  return `${oneLine(f.file)}:${f.line}:${f.column}  ${c.dim(f.rule)}  ${oneLine(f.message)}`;
}

/**
 * Under a finding: its line with a caret under the column (when the census read the file), and for a pass-through
 * every definition that reaches it, as `payload-census trace` shows them.
 */
function contextLines(f: Finding, c: Colors): string[] {
  const out: string[] = [];
  if (f.source !== undefined) {
    const number = String(f.line);
    const line = oneLine(f.source).replace(/\t/g, " ");
    out.push(`  ${c.dim(`${number} |`)} ${line}`);
    out.push(`  ${" ".repeat(number.length)} ${c.dim("|")} ${" ".repeat(Math.max(0, f.column - 1))}${c.red("^")}`);
  }
  for (const d of f.trace ?? []) definitionLines(d, f.file, 2, c, out);
  return out;
}

/** `producersExpected`: each SKU has exactly one failure and one refusal producer, so a total expects one per SKU. */
function countLines(name: string, counts: Counts, producersExpected: number, c: Colors): string[] {
  const pt = counts.passThroughs;
  const bs = counts.bareSentences;
  // Numbers that are defects when non-zero are red, so the eye finds them without reading every figure.
  const bad = (n: number): string => (n > 0 ? c.red(String(n)) : String(n));
  const once = (n: number): string => (n === producersExpected ? String(n) : c.red(String(n)));
  return [
    `${c.bold(name)}: ${plural(counts.tools, "tool")} in ${plural(counts.files, "file")} · ${plural(counts.modules, "module")} · parse errors ${bad(counts.parseErrors)}`,
    `  pass-throughs ${pt.total}: resolver ${pt.resolver} · validator ${pt.validator} · gate ${pt.gate} · carried ${pt.carried} · unshared ${bad(pt.unshared)}`,
    `  bare sentences ${bs.total}: rostered ${bs.rostered} · unrostered ${bad(bs.unrostered)} · stale ${bad(bs.stale)}`,
    `  hand-built ${bad(counts.handBuilt)} · producers: failure ${once(counts.failureProducers)}, refusal ${once(counts.refusalProducers)} · validators ${counts.validators}`,
  ];
}

/**
 * One SKU's catalog: every tool's served size, tail size and cap, largest first (ties by name, so identical input
 * prints identically); the catalog total against its budget; the tool count against the clients' limits.
 */
function descriptionLines(tools: number, rows: readonly DescriptionRow[], budget: DescriptionBudget, c: Colors, all: boolean): string[] {
  const lines: string[] = [];
  if (rows.length > 0) {
    // Unseen sizes sort last: they are no size at all.
    const sorted = [...rows].sort((a, b) => (b.served ?? -1) - (a.served ?? -1) || compareText(a.tool, b.tool));
    const shown = all ? sorted : sorted.filter((d, i) => i < LARGEST_SHOWN || (d.served !== null && d.served > d.cap));
    const cells = shown.map((d) => ({
      tool: oneLine(d.tool),
      served: d.served === null ? "?" : String(d.served),
      tokens: d.tokens === null ? "?" : String(d.tokens),
      entry: d.entryTokens === null ? "?" : String(d.entryTokens),
      tail: d.tail === null ? NONE : String(d.tail),
      cap: String(d.cap),
      over: d.served !== null && d.served > d.cap,
    }));
    const label = "descriptions";
    const columns = ["served", "tokens", "entry", "tail", "cap"] as const;
    // Rows sit two spaces deeper than the header: the name column is as wide as the longest name or the label.
    const nameWidth = Math.max(label.length - 2, ...cells.map((r) => r.tool.length));
    const width = Object.fromEntries(columns.map((k) => [k, Math.max(k.length, ...cells.map((r) => r[k].length))])) as Record<(typeof columns)[number], number>;
    lines.push(`  ${label.padEnd(nameWidth + 2)}  ${columns.map((k) => k.padStart(width[k])).join("  ")}`);
    for (const r of cells) {
      const served = " ".repeat(width.served - r.served.length) + (r.over ? c.red(r.served) : r.served);
      const row = `    ${r.tool.padEnd(nameWidth)}  ${served}  ${r.tokens.padStart(width.tokens)}  ${r.entry.padStart(width.entry)}  ${r.tail.padStart(width.tail)}  ${r.cap.padStart(width.cap)}`;
      lines.push(r.over ? `${row}  ${c.red("✗ over cap")}` : row);
    }
    const hidden = sorted.length - shown.length;
    if (hidden > 0) lines.push(`    … ${plural(hidden, "more tool")} (payload-census --descriptions lists every one)`);
    const unseen = rows.filter((d) => d.served === null).length;
    const catalog = catalogLine(rows.reduce((sum, d) => sum + (d.served ?? 0), 0), budget.total, c);
    lines.push(`  ${unseen === 0 ? catalog : `${catalog} (${plural(unseen, "description")} the census cannot see left out)`}`);
    lines.push(`  ${tokenLine(rows, budget.tokenTotal ?? null, c)}`);
  }
  const limits = [...new Set(budget.clientLimits)].sort((a, b) => a - b);
  if (limits.length > 0 && (tools > 0 || rows.length > 0)) lines.push(`  ${clientLimitLine(tools, limits, c)}`);
  return lines;
}

/**
 * The catalog in tokens (o200k_base): the served descriptions against the token budget, and the whole entries
 * (name, description, input schema) clients are sent, with how many the census cannot see.
 */
function tokenLine(rows: readonly DescriptionRow[], budget: number | null, c: Colors): string {
  const tokens = rows.reduce((sum, d) => sum + (d.tokens ?? 0), 0);
  const entries = rows.reduce((sum, d) => sum + (d.entryTokens ?? 0), 0);
  const unseen = rows.filter((d) => d.entryTokens === null).length;
  const verdict =
    budget === null ? "no token budget configured" : tokens <= budget ? `token budget ${budget} ${c.green("✓")}` : `token budget ${budget} ${c.red(`✗ over by ${tokens - budget}`)}`;
  const whole = `whole entries ${entries}${unseen === 0 ? "" : ` (${unseen} ${unseen === 1 ? "entry" : "entries"} the census cannot see left out: --format json says why)`}`;
  return `tokens ${tokens} (o200k_base), ${verdict} · ${whole}`;
}

function catalogLine(catalog: number, total: number | null, c: Colors): string {
  if (total === null) return `catalog ${catalog} chars, no budget configured`;
  if (catalog <= total) return `catalog ${catalog} chars, budget ${total} ${c.green("✓")}`;
  return `catalog ${catalog} chars, budget ${total} ${c.red(`✗ over by ${catalog - total}`)}`;
}

/** Clients that send only the first N tools hide the rest from the model: the first limit passed says how many. */
function clientLimitLine(tools: number, limits: readonly number[], c: Colors): string {
  let explained = false;
  const verdicts = limits.map((limit) => {
    if (tools <= limit) return `within ${limit} ${c.green("✓")}`;
    const verdict = `over ${limit} ${c.red("✗")}`;
    if (explained) return verdict;
    explained = true;
    return `${verdict} (clients that send only the first ${limit} tools will not see ${tools - limit} of them)`;
  });
  return `${plural(tools, "tool")}: ${verdicts.join(", ")}`;
}

function floorLines(floors: FloorResult[], c: Colors): string[] {
  if (floors.length === 0) return ["floors: none configured"];
  const width = Math.max(...floors.map((f) => f.count.length));
  const actualWidth = Math.max(...floors.map((f) => String(f.actual).length));
  return [
    "floors",
    ...floors.map((f) => {
      const actual = String(f.actual).padStart(actualWidth);
      return f.ok
        ? `  ${c.green("✓")} ${f.count.padEnd(width)}  ${actual} ≥ ${f.floor}`
        : `  ${c.red("✗")} ${f.count.padEnd(width)}  ${actual} < ${f.floor}  ${c.red("BELOW")}`;
    }),
  ];
}

/** The last line, readable at a glance: the findings and the files they are in, the floors, the roster. */
function verdict(report: Report, c: Colors): string {
  const n = report.findings.length;
  const floors = report.floors.length === 0 ? "no floors" : report.floors.every((f) => f.ok) ? "floors held" : "floors broken";
  const { stale, unrostered } = report.counts.bareSentences;
  const roster = stale + unrostered === 0 ? "roster exact" : "roster off";
  const state = `${floors} · ${roster}`;
  if (n === 0 && report.ok) return `${c.green("✓ clean")} · ${state}`;
  // A report that is not ok without findings would be a census bug; say "not clean" rather than claim success.
  if (n === 0) return `${c.red(c.bold("✗ not clean"))} · ${state}`;
  const files = new Set(report.findings.map((f) => f.file)).size;
  return `${c.red(c.bold(`✗ ${plural(n, "finding")} in ${plural(files, "file")}`))} · ${state}`;
}

/**
 * Text from the monitor on one line: a line break in a name or a sentence would start a line the reader (or a CI
 * runner reading `::` commands) takes for another.
 */
function oneLine(text: string): string {
  return text.replace(/\r/g, "\\r").replace(/\n/g, "\\n");
}
