// The report for people: counts per SKU, floors against actual counts, findings as `file:line:col  rule  message`, a verdict.
import pc from "picocolors";
import type { DescriptionRow, FloorResult, Report } from "../../src/census.js";
import type { Counts, Finding } from "../../src/model.js";

export interface TextOptions {
  /** ANSI colours; the CLI decides (terminal, NO_COLOR, FORCE_COLOR), the reporter never looks at the environment. */
  color: boolean;
  /** Only the findings, and nothing at all when there are none: for scripts that want silence on success. */
  quiet: boolean;
}

type Colors = ReturnType<typeof pc.createColors>;

/** How many of a SKU's largest served descriptions the summary names. */
const LARGEST = 3;

export function text(report: Report, options: TextOptions): string {
  const c = pc.createColors(options.color);
  const findings = report.findings.map((f) => findingLine(f, c));
  if (options.quiet) return findings.map((line) => line + "\n").join("");

  const blocks: string[][] = report.skus.map((sku) =>
    countLines(sku.name, sku.counts, 1, report.descriptions.filter((d) => d.sku === sku.name), c),
  );
  // One SKU's block already is the total; with several, floors are judged on the sum, so show it.
  if (report.skus.length !== 1) blocks.push(countLines("total", report.counts, report.skus.length, [], c));
  blocks.push(floorLines(report.floors, c));
  if (findings.length > 0) blocks.push(findings);
  blocks.push([verdict(report, c)]);
  return blocks.map((lines) => lines.join("\n")).join("\n\n") + "\n";
}

export function findingLine(f: Finding, c: Colors): string {
  return `${f.file}:${f.line}:${f.column}  ${c.dim(f.rule)}  ${f.message}`;
}

/** `producersExpected`: each SKU has exactly one failure and one refusal producer, so a total expects one per SKU. */
function countLines(name: string, counts: Counts, producersExpected: number, descriptions: DescriptionRow[], c: Colors): string[] {
  const pt = counts.passThroughs;
  const bs = counts.bareSentences;
  // Numbers that are defects when non-zero are red, so the eye finds them without reading every figure.
  const bad = (n: number): string => (n > 0 ? c.red(String(n)) : String(n));
  const once = (n: number): string => (n === producersExpected ? String(n) : c.red(String(n)));
  const lines = [
    `${c.bold(name)}: ${plural(counts.tools, "tool")} in ${plural(counts.files, "file")} · parse errors ${bad(counts.parseErrors)}`,
    `  pass-throughs ${pt.total}: resolver ${pt.resolver} · validator ${pt.validator} · gate ${pt.gate} · carried ${pt.carried} · unshared ${bad(pt.unshared)}`,
    `  bare sentences ${bs.total}: rostered ${bs.rostered} · unrostered ${bad(bs.unrostered)} · stale ${bad(bs.stale)}`,
    `  hand-built ${bad(counts.handBuilt)} · producers: failure ${once(counts.failureProducers)}, refusal ${once(counts.refusalProducers)} · validators ${counts.validators}`,
  ];
  if (descriptions.length > 0) lines.push(`  ${descriptionSummary(descriptions, c)}`);
  return lines;
}

function descriptionSummary(rows: DescriptionRow[], c: Colors): string {
  const catalog = rows.reduce((sum, d) => sum + d.served, 0);
  // Ties broken by name so that identical input prints identically.
  const largest = [...rows]
    .sort((a, b) => b.served - a.served || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0))
    .slice(0, LARGEST)
    .map((d) => `${d.tool} ${d.served > d.cap ? c.red(String(d.served)) : d.served}/${d.cap}`);
  return `descriptions ${rows.length}: catalog ${catalog} chars · largest ${largest.join(", ")}`;
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

function verdict(report: Report, c: Colors): string {
  const n = report.findings.length;
  if (n === 0 && report.ok) return c.green("✓ clean");
  // A report that is not ok without findings would be a census bug; say "not clean" rather than claim success.
  if (n === 0) return c.red(c.bold("✗ not clean"));
  return c.red(c.bold(`✗ ${plural(n, "finding")}`));
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
