// The text and JSON reporters on hand-made reports: exact text, colour only when asked, JSON key order and stable bytes.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/model.js";
import { colorEnabled } from "../../census/color.js";
import { FORMATS, isFormat, loadReporters } from "../../census/reporters/index.js";
import { json } from "../../census/reporters/json.js";
import { text, type DescriptionBudget } from "../../census/reporters/text.js";
import { cleanReport, counts, smallReport } from "./reports.js";

const reporters = await loadReporters();

const ANSI = /\u001b\[/;

/** No catalog budget and no client limits: only the table of the descriptions. */
const NO_BUDGET: DescriptionBudget = { total: null, clientLimits: [] };
/** The config's defaults for client limits, and a budget the small report's catalog (2120) is over. */
const BUDGET: DescriptionBudget = { total: 2000, clientLimits: [40, 80] };
const plain = { color: false, quiet: false, budget: BUDGET };

describe("text reporter", () => {
  it("prints counts, floors, findings and the verdict, in that order", () => {
    expect(text(smallReport(), plain)).toBe(
      [
        "full: 3 tools in 3 files · 2 modules · parse errors 0",
        "  pass-throughs 7: resolver 2 · validator 4 · gate 0 · carried 0 · unshared 1",
        "  bare sentences 2: rostered 1 · unrostered 1 · stale 0",
        "  hand-built 0 · producers: failure 1, refusal 1 · validators 3",
        "  descriptions      served  tokens  entry  tail   cap",
        "    get_plan          1100     230      ?  3000  1024  ✗ over cap",
        "    get_waits          900     180    260     –  1024",
        "    get_tool_guide     120      25     60     –  1024",
        "  catalog 2120 chars, budget 2000 ✗ over by 120",
        "  tokens 435 (o200k_base), no token budget configured · whole entries 320 (1 entry the census cannot see left out: --format json says why)",
        "  3 tools: within 40 ✓, within 80 ✓",
        "",
        "floors",
        "  ✓ passThroughs.total      7 ≥ 7",
        "  ✗ passThroughs.validator  4 < 10  BELOW",
        "",
        "src/tools/waits.ts:12:5  pass-through-producer  `hoursError` comes from `check()`, a local helper, not a shared producer",
        'src/tools/waits.ts:30:14  bare-sentence-roster  bare sentence "No waits." is not in the roster',
        "",
        "✗ 2 findings in 1 file · floors broken · roster off",
        "",
      ].join("\n"),
    );
  });

  it("says clean, in the singular where it should, and that no floors are configured (no descriptions: no table)", () => {
    expect(text(cleanReport(), plain)).toBe(
      [
        "full: 1 tool in 1 file · 1 module · parse errors 0",
        "  pass-throughs 0: resolver 0 · validator 0 · gate 0 · carried 0 · unshared 0",
        "  bare sentences 0: rostered 0 · unrostered 0 · stale 0",
        "  hand-built 0 · producers: failure 1, refusal 1 · validators 0",
        "  1 tool: within 40 ✓, within 80 ✓",
        "",
        "floors: none configured",
        "",
        "✓ clean · no floors · roster exact",
        "",
      ].join("\n"),
    );
  });

  it("adds a total block when there are several SKUs (floors are judged on the total)", () => {
    const report = smallReport();
    report.skus = [
      { name: "full", counts: counts({ tools: 2, files: 2, modules: 4 }) },
      { name: "lite", counts: counts({ tools: 1, files: 1, modules: 1 }) },
    ];
    report.counts = counts({ tools: 3, files: 3, modules: 5 });
    const out = text(report, plain);
    expect(out).toContain("full: 2 tools in 2 files · 4 modules · parse errors 0");
    expect(out).toContain("lite: 1 tool in 1 file · 1 module · parse errors 0");
    expect(out).toContain("total: 3 tools in 3 files · 5 modules · parse errors 0");
    expect(out.indexOf("lite:")).toBeLessThan(out.indexOf("total:"));
    // Descriptions are per SKU: lite has none in this report, so only full's block has a table, and the total none.
    expect(out.match(/descriptions/g)).toHaveLength(1);
    expect(out.match(/^ {2}catalog /gm)).toHaveLength(1);
    expect(out).toContain("  1 tool: within 40 ✓, within 80 ✓\n\ntotal:");
  });

  it("marks producer counts red unless each SKU has exactly one (a total of two SKUs has two)", () => {
    const report = smallReport();
    report.skus = [
      { name: "full", counts: counts({ failureProducers: 1, refusalProducers: 2 }) },
      { name: "lite", counts: counts({ failureProducers: 1, refusalProducers: 1 }) },
    ];
    report.counts = counts({ failureProducers: 2, refusalProducers: 3 });
    const producerLines = text(report, { color: true, quiet: false, budget: BUDGET })
      .split("\n")
      .filter((line) => line.includes("producers:"));
    const red = (n: number) => `\u001b[31m${n}\u001b[39m`;
    expect(producerLines).toHaveLength(3);
    expect(producerLines[0]).toContain(`failure 1, refusal ${red(2)}`);
    expect(producerLines[1]).toContain("failure 1, refusal 1 ");
    expect(producerLines[2]).toContain(`failure 2, refusal ${red(3)}`);
  });

  it("prints only the findings when quiet, and nothing at all when clean", () => {
    expect(text(smallReport(), { color: false, quiet: true, budget: BUDGET })).toBe(
      [
        "src/tools/waits.ts:12:5  pass-through-producer  `hoursError` comes from `check()`, a local helper, not a shared producer",
        'src/tools/waits.ts:30:14  bare-sentence-roster  bare sentence "No waits." is not in the roster',
        "",
      ].join("\n"),
    );
    expect(text(cleanReport(), { color: false, quiet: true, budget: BUDGET })).toBe("");
  });

  it("keeps the findings in the order given", () => {
    const report = smallReport();
    report.findings.reverse();
    const lines = text(report, { color: false, quiet: true, budget: BUDGET }).trimEnd().split("\n");
    expect(lines[0]).toMatch(/^src\/tools\/waits\.ts:30:14 {2}bare-sentence-roster {2}/);
  });

  it("colours only when asked, and the coloured text says the same once the escapes are stripped", () => {
    const uncoloured = text(smallReport(), plain);
    const coloured = text(smallReport(), { color: true, quiet: false, budget: BUDGET });
    expect(uncoloured).not.toMatch(ANSI);
    expect(coloured).toMatch(ANSI);
    expect(coloured.replace(/\u001b\[\d+m/g, "")).toBe(uncoloured);
  });

  it("does not read the environment: NO_COLOR is the CLI's business, not the reporter's", () => {
    const saved = process.env.NO_COLOR;
    process.env.NO_COLOR = "1";
    try {
      expect(text(smallReport(), { color: true, quiet: false, budget: BUDGET })).toMatch(ANSI);
    } finally {
      if (saved === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = saved;
    }
  });
});

describe("text reporter: the description table", () => {
  /** One SKU with `tools` tools, of which the rows are the named ones. */
  function catalog(tools: number, rows: Report["descriptions"]): Report {
    const report = cleanReport();
    report.counts = counts({ tools, files: 1, failureProducers: 1, refusalProducers: 1 });
    report.skus = [{ name: "full", counts: report.counts }];
    report.descriptions = rows;
    return report;
  }
  const row = (tool: string, served: number, tail: number | null = null, cap = 2048) => ({ sku: "full", tool, served, tail, cap, tokens: Math.ceil(served / 4), entryTokens: Math.ceil(served / 4) + 20, routes: [], unmentioned: [] });
  /** The lines between the counts and the floors: the SKU's description block. */
  const block = (report: Report, budget: DescriptionBudget): string[] => {
    const lines = text(report, { color: false, quiet: false, budget }).split("\n");
    return lines.slice(4, lines.indexOf(""));
  };

  it("sorts by served size, largest first, ties by name; widens columns to the largest figure", () => {
    const report = catalog(4, [row("list_b", 80), row("get_z", 12000, 34567, 20000), row("list_a", 80), row("get_tool_guide", 76)]);
    expect(block(report, NO_BUDGET)).toEqual([
      "  descriptions      served  tokens  entry   tail    cap",
      "    get_z            12000    3000   3020  34567  20000",
      "    list_a              80      20     40      –   2048",
      "    list_b              80      20     40      –   2048",
      "    get_tool_guide      76      19     39      –   2048",
      "  catalog 12236 chars, no budget configured",
      "  tokens 3059 (o200k_base), no token budget configured · whole entries 3139",
    ]);
  });

  it("gives the name column the width of the longest name", () => {
    const report = catalog(1, [row("get_index_fragmentation_by_partition", 112)]);
    expect(block(report, NO_BUDGET)).toEqual([
      "  descriptions                            served  tokens  entry  tail   cap",
      "    get_index_fragmentation_by_partition     112      28     48     –  2048",
      "  catalog 112 chars, no budget configured",
      "  tokens 28 (o200k_base), no token budget configured · whole entries 48",
    ]);
  });

  it("judges the catalog against its budget: at the budget is within", () => {
    const report = catalog(2, [row("a", 60), row("b", 40)]);
    expect(block(report, { total: 100, clientLimits: [] }).at(-2)).toBe("  catalog 100 chars, budget 100 ✓");
    expect(block(report, { total: 99, clientLimits: [] }).at(-2)).toBe("  catalog 100 chars, budget 99 ✗ over by 1");
  });

  it("judges the catalog's tokens against the token budget, and leaves out entries it cannot see", () => {
    const report = catalog(2, [row("a", 60), row("b", 40)]);
    expect(block(report, { total: null, clientLimits: [], tokenTotal: 25 }).at(-1)).toBe("  tokens 25 (o200k_base), token budget 25 ✓ · whole entries 65");
    report.descriptions[1]!.entryTokens = null;
    expect(block(report, { total: null, clientLimits: [], tokenTotal: 24 }).at(-1)).toBe(
      "  tokens 25 (o200k_base), token budget 24 ✗ over by 1 · whole entries 35 (1 entry the census cannot see left out: --format json says why)",
    );
  });

  it("counts the tools against each client limit, smallest first, and says how many a client would not see", () => {
    const rows = Array.from({ length: 84 }, (_, i) => row(`tool_${String(i).padStart(2, "0")}`, 10));
    expect(block(catalog(84, rows), { total: null, clientLimits: [80, 40] }).at(-1)).toBe(
      "  84 tools: over 40 ✗ (clients that send only the first 40 tools will not see 44 of them), over 80 ✗",
    );
    expect(block(catalog(34, rows.slice(0, 34)), { total: null, clientLimits: [40, 80] }).at(-1)).toBe("  34 tools: within 40 ✓, within 80 ✓");
    // A limit is "within" up to and including it; a repeated limit is printed once.
    expect(block(catalog(40, rows.slice(0, 40)), { total: null, clientLimits: [40, 40] }).at(-1)).toBe("  40 tools: within 40 ✓");
    expect(block(catalog(41, rows.slice(0, 41)), { total: null, clientLimits: [40, 80] }).at(-1)).toBe(
      "  41 tools: over 40 ✗ (clients that send only the first 40 tools will not see 1 of them), within 80 ✓",
    );
  });

  it("counts every tool of the SKU, named or not, against the limits (a tool with an unknown name is served too)", () => {
    const report = catalog(3, [row("a", 10), row("b", 10)]);
    expect(block(report, { total: null, clientLimits: [2] }).at(-1)).toBe(
      "  3 tools: over 2 ✗ (clients that send only the first 2 tools will not see 1 of them)",
    );
  });

  it("prints no table for a SKU without descriptions, and no limit line without limits", () => {
    expect(block(catalog(0, []), BUDGET)).toEqual([]);
    expect(block(catalog(2, []), NO_BUDGET)).toEqual([]);
  });

  it("colours the over-cap size and the verdicts, and leaves the same text once the escapes are stripped", () => {
    const report = catalog(41, [row("a", 3000, null, 2048)]);
    const budget = { total: 1000, clientLimits: [40] };
    const coloured = text(report, { color: true, quiet: false, budget });
    expect(coloured).toContain(`\u001b[31m3000\u001b[39m`);
    expect(coloured).toContain(`\u001b[31m✗ over by 2000\u001b[39m`);
    expect(coloured.replace(/\u001b\[\d+m/g, "")).toBe(text(report, { color: false, quiet: false, budget }));
  });

  it("leaves --quiet to the findings alone", () => {
    expect(text(catalog(84, [row("a", 3000, null, 2048)]), { color: false, quiet: true, budget: BUDGET })).toBe("");
  });
});

describe("json reporter", () => {
  it("is the report, two-space indented, with a final newline", () => {
    const out = json(smallReport());
    expect(out.endsWith("}\n")).toBe(true);
    expect(JSON.parse(out)).toEqual(smallReport());
    expect(out.split("\n")[1]).toBe('  "schemaVersion": 1,');
  });

  it("is byte-identical across runs", () => {
    expect(json(smallReport())).toBe(json(smallReport()));
  });

  it("puts every key in SPEC §4's order whatever order the census built the objects in", () => {
    const scrambled = reverseKeys(smallReport()) as Report;
    expect(Object.keys(scrambled)[0]).toBe("validators");
    const out = json(scrambled);
    expect(out).toBe(json(smallReport()));
    const parsed = JSON.parse(out) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(["schemaVersion", "ok", "counts", "skus", "floors", "findings", "descriptions", "validators"]);
    expect(Object.keys(parsed.counts as object)).toEqual([
      "files",
      "modules",
      "tools",
      "parseErrors",
      "passThroughs",
      "bareSentences",
      "handBuilt",
      "failureProducers",
      "refusalProducers",
      "validators",
    ]);
    const report = parsed as unknown as Report;
    expect(Object.keys(report.counts.passThroughs)).toEqual(["total", "resolver", "validator", "gate", "carried", "unshared"]);
    expect(Object.keys(report.counts.bareSentences)).toEqual(["total", "rostered", "unrostered", "stale"]);
    expect(Object.keys(report.skus[0]!)).toEqual(["name", "counts"]);
    expect(Object.keys(report.floors[0]!)).toEqual(["count", "floor", "actual", "ok"]);
    expect(Object.keys(report.findings[0]!)).toEqual(["rule", "file", "line", "column", "sku", "tool", "message"]);
    expect(Object.keys(report.descriptions[0]!)).toEqual(["sku", "tool", "served", "tail", "cap", "tokens", "entryTokens", "routes", "unmentioned"]);
    expect(Object.keys(report.validators[1]!)).toEqual(["sku", "validator", "module", "parameters", "parametersUnseen", "callers"]);
  });

  it("keeps null tools and tails as null (they are part of the stable fields)", () => {
    const parsed = JSON.parse(json(smallReport())) as Report;
    expect(parsed.descriptions[0]!.tail).toBeNull();
    const report = smallReport();
    report.findings[0]!.tool = null;
    expect((JSON.parse(json(report)) as Report).findings[0]!.tool).toBeNull();
  });
});

describe("reporter registry", () => {
  it("offers text and json by name", () => {
    expect(FORMATS).toEqual(["text", "json", "sarif", "github", "markdown"]);
    expect(isFormat("json")).toBe(true);
    expect(isFormat("xml")).toBe(false);
    // Inherited names must not pass for formats.
    expect(isFormat("toString")).toBe(false);
    expect(reporters.json(smallReport(), { color: true, quiet: true, budget: BUDGET, version: "1.0.0" })).toBe(json(smallReport()));
    expect(reporters.text(smallReport(), { color: false, quiet: true, budget: BUDGET, version: "1.0.0" })).toBe(
      text(smallReport(), { color: false, quiet: true, budget: BUDGET }),
    );
  });
});

describe("colour decision", () => {
  it("follows the terminal", () => {
    expect(colorEnabled({}, true)).toBe(true);
    expect(colorEnabled({}, false)).toBe(false);
  });

  it("is off with any non-empty NO_COLOR, even forced, and an empty NO_COLOR changes nothing", () => {
    expect(colorEnabled({ NO_COLOR: "1" }, true)).toBe(false);
    expect(colorEnabled({ NO_COLOR: "0" }, true)).toBe(false);
    expect(colorEnabled({ NO_COLOR: "1", FORCE_COLOR: "1" }, true)).toBe(false);
    expect(colorEnabled({ NO_COLOR: "" }, true)).toBe(true);
  });

  it("is forced by FORCE_COLOR off a terminal, and forced off by FORCE_COLOR=0 or false", () => {
    expect(colorEnabled({ FORCE_COLOR: "1" }, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: "" }, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: "0" }, true)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: "false" }, true)).toBe(false);
  });

  it("is off on a dumb terminal", () => {
    expect(colorEnabled({ TERM: "dumb" }, true)).toBe(false);
  });
});

/** The same data with every object's keys in reverse order, arrays kept in order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reverseKeys(v)]),
  );
}

describe("the description table without and with --descriptions", () => {
  /** A SKU of fourteen tools, one over its cap among the small ones. */
  function manyTools(): Report {
    const report = smallReport();
    report.skus = report.skus.slice(0, 1);
    report.descriptions = Array.from({ length: 14 }, (_, i) => ({ sku: "full", tool: `tool_${String(i).padStart(2, "0")}`, served: 1000 - i * 10, tail: null, cap: i === 13 ? 100 : 2048, tokens: 200 - i, entryTokens: 300 - i, routes: [], unmentioned: [] }));
    return report;
  }
  const options = { color: false, quiet: false, budget: { total: null, clientLimits: [] } };
  const rows = (out: string): string[] => out.split("\n").filter((l) => l.startsWith("    tool_") || l.startsWith("    …"));

  it("shows the ten largest, any over its cap, and how many more there are", () => {
    const shown = rows(text(manyTools(), options));
    expect(shown.map((l) => l.trim().split(/\s+/)[0])).toEqual([...Array.from({ length: 10 }, (_, i) => `tool_${String(i).padStart(2, "0")}`), "tool_13", "…"]);
    expect(shown.at(-1)).toBe("    … 3 more tools (payload-census --descriptions lists every one)");
  });

  it("shows every tool with --descriptions", () => {
    expect(rows(text(manyTools(), { ...options, allDescriptions: true })).length).toBe(14);
  });
});
