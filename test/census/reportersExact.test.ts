// The reporters to the byte where the other reporter tests look at a part: the coloured counts, the code frame, unseen
// sizes, the boundaries of caps and of the shown rows, the verdicts, base folders, SARIF's fixed fields and fingerprints.
import { describe, expect, it } from "vitest";
import type * as Sarif from "sarif";
import { github } from "../../census/reporters/github.js";
import { loadReporters } from "../../census/reporters/index.js";
import { escapeMarkdown, markdown } from "../../census/reporters/markdown.js";
import { sarif } from "../../census/reporters/sarif.js";
import { text, type DescriptionBudget } from "../../census/reporters/text.js";
import type { DescriptionRow, Report } from "../../src/model.js";
import { cleanReport, counts, finding, smallReport } from "./reports.js";

const reporters = await loadReporters();

const NO_BUDGET: DescriptionBudget = { total: null, clientLimits: [] };
const plain = { color: false, quiet: false, budget: NO_BUDGET };
const red = (s: string | number) => `\u001b[31m${s}\u001b[39m`;

/** A description row of the one SKU "full"; `served` null is a size the census cannot see. */
function row(tool: string, served: number | null, cap = 100): DescriptionRow {
  return { sku: "full", tool, served, tail: null, cap, tokens: 1, entryTokens: 2, routes: [], unmentioned: [] };
}

/** One SKU of `tools` tools with the given description rows. */
function catalog(tools: number, rows: DescriptionRow[]): Report {
  const report = cleanReport();
  report.counts = counts({ tools, files: 1, failureProducers: 1, refusalProducers: 1 });
  report.skus = [{ name: "full", counts: report.counts }];
  report.descriptions = rows;
  return report;
}

/** The tool names of the text table's rows, in order. */
const tableTools = (out: string): string[] =>
  out
    .split("\n")
    .filter((l) => /^ {4}\S/.test(l) && !l.startsWith("    …"))
    .map((l) => l.trim().split(/\s+/)[0]!);

describe("text reporter, exactly", () => {
  it("reds only the defect counts over zero, and each producer count other than one", () => {
    const report = cleanReport();
    report.skus[0]!.counts = counts({
      tools: 1,
      files: 1,
      modules: 1,
      parseErrors: 0,
      passThroughs: { total: 3, unshared: 2 },
      bareSentences: { total: 1, unrostered: 0, stale: 1 },
      handBuilt: 1,
      failureProducers: 1,
      refusalProducers: 0,
    });
    const lines = text(report, { ...plain, color: true }).split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "\u001b[1mfull\u001b[22m: 1 tool in 1 file · 1 module · parse errors 0",
      `  pass-throughs 3: resolver 0 · validator 0 · gate 0 · carried 0 · unshared ${red(2)}`,
      `  bare sentences 1: rostered 0 · unrostered 0 · stale ${red(1)}`,
      `  hand-built ${red(1)} · producers: failure 1, refusal ${red(0)} · validators 0`,
    ]);
  });

  it("frames a finding's line with a caret under its column, and writes its line breaks as \\r and \\n", () => {
    const report = cleanReport();
    report.ok = false;
    report.findings = [finding({ rule: "bare-sentence-roster", file: "src/a.ts", line: 123, column: 5, message: "one\rtwo\nthree", source: "\treturn x;" })];
    const out = text(report, plain).split("\n");
    const at = out.indexOf("src/a.ts:123:5  bare-sentence-roster  one\\rtwo\\nthree");
    expect(at).toBeGreaterThan(0);
    expect(out.slice(at + 1, at + 3)).toEqual(["  123 |  return x;", "      |     ^"]);
  });

  it("sorts a size it cannot see after every size, whatever order the rows come in", () => {
    expect(tableTools(text(catalog(2, [row("seen", 0), row("unseen", null)]), plain))).toEqual(["seen", "unseen"]);
    expect(tableTools(text(catalog(2, [row("unseen", null), row("seen", 0)]), plain))).toEqual(["seen", "unseen"]);
  });

  it("a description at its cap is not over it: no mark, and not shown past the ten largest", () => {
    const rows = [...Array.from({ length: 10 }, (_, i) => row(`big_${i}`, 500, 1000)), row("at_cap", 100, 100), row("over_cap", 101, 100)];
    const out = text(catalog(12, rows), plain);
    expect(tableTools(out)).toEqual([...Array.from({ length: 10 }, (_, i) => `big_${i}`), "over_cap"]);
    expect(out).toContain("    … 1 more tool (payload-census --descriptions lists every one)");
    const all = text(catalog(12, rows), { ...plain, allDescriptions: true }).split("\n");
    expect(all.find((l) => l.startsWith("    at_cap"))).toBe("    at_cap         100       1      2     –   100");
    expect(all.find((l) => l.startsWith("    over_cap"))).toBe("    over_cap       101       1      2     –   100  ✗ over cap");
  });

  it("says how many entries it cannot see, in the plural", () => {
    const report = catalog(2, [{ ...row("a", 10), entryTokens: null }, { ...row("b", 10), entryTokens: null }]);
    expect(text(report, plain)).toContain(
      "  tokens 2 (o200k_base), no token budget configured · whole entries 0 (2 entries the census cannot see left out: --format json says why)",
    );
  });

  it("judges the client limits for a SKU whose rows the census saw even when it counted no tool", () => {
    expect(text(catalog(0, [row("a", 10)]), { ...plain, budget: { total: null, clientLimits: [5] } })).toContain("\n  0 tools: within 5 ✓\n");
  });

  it("aligns the floors' actual counts on the widest", () => {
    const report = cleanReport();
    report.floors = [
      { count: "tools", floor: 1, actual: 7, ok: true },
      { count: "passThroughs.total", floor: 200, actual: 120, ok: false },
    ];
    expect(text(report, plain)).toContain(["floors", "  ✓ tools                 7 ≥ 1", "  ✗ passThroughs.total  120 < 200  BELOW", ""].join("\n"));
  });

  it("a report that is not ok without findings is not clean", () => {
    const report = cleanReport();
    report.ok = false;
    expect(text(report, plain).trimEnd().split("\n").at(-1)).toBe("✗ not clean · no floors · roster exact");
    expect(text(report, { ...plain, color: true }).trimEnd().split("\n").at(-1)).toBe("\u001b[31m\u001b[1m✗ not clean\u001b[22m\u001b[39m · no floors · roster exact");
  });
});

describe("markdown reporter, exactly", () => {
  it("a clean report with its floors held: the verdict, the counts and the floors, no findings heading", () => {
    const report = cleanReport();
    report.floors = [{ count: "tools", floor: 1, actual: 1, ok: true }];
    expect(markdown(report)).toBe(
      [
        "## payload-census",
        "",
        "**✓ clean** · floors held · roster exact",
        "",
        "### Counts",
        "",
        "| SKU | tools | files | modules | pass-throughs | unshared | bare sentences | unrostered | hand-built | parse errors |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        "| full | 1 | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 0 |",
        "",
        "### Floors",
        "",
        "| count | floor | actual | |",
        "|---|---:|---:|---|",
        "| `tools` | 1 | 1 | ✓ |",
        "",
      ].join("\n"),
    );
  });

  it("turns each line break, a lone \\r too, into one space", () => {
    expect(escapeMarkdown("a\rb\nc\r\nd")).toBe("a b c d");
  });

  /** The description rows of the summary: the lines from its heading on. */
  const descriptions = (report: Report): string[] => {
    const lines = markdown(report).split("\n");
    return lines.slice(lines.indexOf("### Descriptions, largest first") + 4);
  };

  it("sorts a size it cannot see last, and bolds only a size over its cap", () => {
    const rows = [row("at_cap", 100, 100), row("unseen", null), row("over", 101, 100)];
    const expected = ["| full | over | **101** ✗ | 1 | 2 | – | 100 |", "| full | at\\_cap | 100 | 1 | 2 | – | 100 |", "| full | unseen | ? | 1 | 2 | – | 100 |", ""];
    expect(descriptions(catalog(3, rows))).toEqual(expected);
    expect(descriptions(catalog(3, [...rows].reverse()))).toEqual(expected);
  });

  it("sorts a size it cannot see after a size of 0, whatever order the rows come in", () => {
    const expected = ["| full | zero | 0 | 1 | 2 | – | 100 |", "| full | unseen | ? | 1 | 2 | – | 100 |", ""];
    expect(descriptions(catalog(2, [row("zero", 0), row("unseen", null)]))).toEqual(expected);
    expect(descriptions(catalog(2, [row("unseen", null), row("zero", 0)]))).toEqual(expected);
  });

  it("shows the twenty largest descriptions and counts the rest", () => {
    const rows = Array.from({ length: 21 }, (_, i) => row(`t${String(i).padStart(2, "0")}`, 100 - i));
    expect(descriptions(catalog(21, rows)).slice(19)).toEqual(["| full | t19 | 81 | 1 | 2 | – | 100 |", "", "… and 1 more.", ""]);
    expect(descriptions(catalog(20, rows.slice(0, 20))).slice(19)).toEqual(["| full | t19 | 81 | 1 | 2 | – | 100 |", ""]);
  });
});

describe("CI formats under a base folder", () => {
  const report = (): Report => {
    const r = cleanReport();
    r.ok = false;
    r.findings = [finding({ rule: "floor", file: "src/a.ts", line: 2, column: 3, message: "m", endLine: 2, endColumn: 9 })];
    return r;
  };
  const options = { color: false, quiet: false, budget: NO_BUDGET, version: "1.0.0" };
  const uri = (out: string) => (JSON.parse(out) as Sarif.Log).runs[0]!.results![0]!.locations![0]!.physicalLocation!.artifactLocation!.uri;

  it("github names files from the checkout's root, with or without a base", () => {
    const expected = (file: string) => `::error file=${file},line=2,col=3,endLine=2,endColumn=9,title=payload-census floor::m\npayload-census: ✗ 1 finding\n`;
    expect(github(report())).toBe(expected("src/a.ts"));
    expect(github(report(), "mon")).toBe(expected("mon/src/a.ts"));
    expect(reporters.github(report(), options)).toBe(expected("src/a.ts"));
    expect(reporters.github(report(), { ...options, base: "mon" })).toBe(expected("mon/src/a.ts"));
  });

  it("sarif does the same", () => {
    expect(uri(sarif(report(), options))).toBe("src/a.ts");
    expect(uri(sarif(report(), options, "mon"))).toBe("mon/src/a.ts");
    expect(uri(reporters.sarif(report(), options))).toBe("src/a.ts");
    expect(uri(reporters.sarif(report(), { ...options, base: "mon" }))).toBe("mon/src/a.ts");
  });
});

describe("sarif, exactly", () => {
  it("the log's fixed fields, each rule's level, and a result's whole shape, with its end only when it has one", () => {
    const report = smallReport();
    report.findings[1] = { ...report.findings[1]!, endLine: 30, endColumn: 25 };
    const log = JSON.parse(sarif(report, { version: "9.8.7" })) as Sarif.Log;
    expect(log.$schema).toBe("https://json.schemastore.org/sarif-2.1.0.json");
    const run = log.runs[0]!;
    expect(run.tool.driver.name).toBe("payload-census");
    expect(run.tool.driver.rules!.map((r) => r.defaultConfiguration)).toEqual(run.tool.driver.rules!.map(() => ({ level: "error" })));
    const [first, second] = run.results!;
    expect(run.tool.driver.rules![first!.ruleIndex!]!.id).toBe("pass-through-producer");
    expect(run.tool.driver.rules![second!.ruleIndex!]!.id).toBe("bare-sentence-roster");
    expect(first!.locations).toEqual([{ physicalLocation: { artifactLocation: { uri: "src/tools/waits.ts", uriBaseId: "%SRCROOT%" }, region: { startLine: 12, startColumn: 5 } } }]);
    expect(second!.locations![0]!.physicalLocation!.region).toEqual({ startLine: 30, startColumn: 14, endLine: 30, endColumn: 25 });
    expect(first!.properties).toEqual({ sku: "full", tool: "get_waits" });
  });

  it("fingerprints: fixed values of the v1 scheme (numbers written #, the tool, each occurrence of a key its own)", () => {
    const report = cleanReport();
    report.ok = false;
    const f = finding({ rule: "hand-built-status", file: "src/a.ts", line: 1, column: 1, tool: "get_x", message: "built at line 12 of 345" });
    report.findings = [f, { ...f, line: 9, message: "built at line 67 of 890" }, { ...f, tool: null }, { ...f, message: "built at line 1 of 2" }];
    const log = JSON.parse(sarif(report, { version: "1.0.0" })) as Sarif.Log;
    // Code scanning keeps an alert open across runs by this value: a change of it re-opens every alert, so it is fixed.
    expect(log.runs[0]!.results!.map((r) => r.partialFingerprints)).toEqual(
      ["0f876c7213806b3605f2d2f04ba94dc4", "71c444a102d36f871be0be1412602364", "a86ec56aec6c0eec063b86b893c1ea68", "eb90dc18d17430417ec7a988cf324f87"].map((fp) => ({ "payloadCensusFinding/v1": fp })),
    );
  });
});
