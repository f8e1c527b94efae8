// The description checks at their edges (src/project/checks/descriptions.ts): token budgets in a linter, which counts
// no tokens for its rows; what a tool without a known name or without a description serves; where a description
// written in another module is reported; the budgets' edges and the largest descriptions they name; the rows' order;
// and which objects of a guide module hold tails.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { Report } from "../../src/model.js";
import { CensusSession } from "../../src/session.js";
import { captureIo } from "../census/io.js";
import { tempTree } from "../config/tempTree.js";

const HELPERS =
  'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
  'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
  'export function refusal(p: string, s: string) { return status("invalid", s); }\n';

/** A tool file registering each of `tools` (name source → description source; null: no description). */
function toolFile(tools: [string, string | null][], imports = ""): string {
  const registrations = tools.map(
    ([name, description]) => `  server.registerTool(${name}, { ${description === null ? "" : `description: ${description}`} }, async () => JSON.stringify({ ok: true }));\n`,
  );
  return `${imports}export function register(server: any): void {\n${registrations.join("")}}\n`;
}

function tree(tools: [string, string | null][], descriptions: Record<string, unknown> = {}, files: Record<string, string> = {}, sku: Record<string, unknown> = {}) {
  const config = { skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"], ...sku }], descriptions };
  return tempTree({
    "payload-census.config.json": JSON.stringify(config, null, 2),
    "src/helpers.ts": HELPERS,
    "src/tools/t.ts": toolFile(tools, files.imports ?? ""),
    ...Object.fromEntries(Object.entries(files).filter(([k]) => k !== "imports")),
  });
}

async function report(dir: string): Promise<Report> {
  const io = captureIo(dir);
  await main([dir, "--format", "json", "--no-cache"], io);
  return JSON.parse(io.out.join("")) as Report;
}

const budgetMessages = (r: Report) => r.findings.filter((f) => f.rule === "description-budget").map((f) => f.message);

describe("token budgets in a linter (no token counts in its rows)", () => {
  it("reports a description over the token cap", () => {
    const dir = tree([['"long_one"', `"${"Lists every wait of every server over the last hours. ".repeat(4)}"`]], { tokenCap: 5 });
    const session = new CensusSession(path.join(dir, "payload-census.config.json"), { cache: false });
    const findings = session.findingsFor(path.join(dir, "src", "tools", "t.ts"));
    expect(findings.map((f) => f.rule)).toEqual(["description-budget"]);
    expect(findings[0]!.message).toMatch(/^Tool long_one serves a description of \d+ tokens \(o200k_base\), over the token cap of 5;/);
  });

  it("reports a catalog over the token budget, at the helpers module", () => {
    const dir = tree([['"long_one"', `"${"Lists every wait of every server over the last hours. ".repeat(4)}"`]], { tokenTotal: 5 });
    const session = new CensusSession(path.join(dir, "payload-census.config.json"), { cache: false });
    const findings = session.findingsFor(path.join(dir, "src", "helpers.ts"));
    expect(findings.map((f) => `${f.rule} ${f.line}:${f.column}`)).toEqual(["description-budget 1:1"]);
    expect(findings[0]!.message).toMatch(/^The main catalog serves \d+ tokens \(o200k_base\) of tool descriptions, over its token budget of 5;/);
  });
});

describe("what a tool serves", () => {
  it("without a name the census can read, counts in the catalog's characters and tokens", async () => {
    const imports = 'import { nameOf } from "../names.js";\n';
    const named = ['"named"', '"Ten chars."'] as [string, string];
    const unnamed = ["nameOf()", '"Twenty characters!!!"'] as [string, string];
    const files = { imports, "src/names.ts": "export function nameOf(): string { return String(Date.now()); }\n" };
    const alone = await report(tree([named], { total: 25, tokenTotal: 1000 }, files));
    expect(budgetMessages(alone)).toEqual([]);
    const both = await report(tree([named, unnamed], { total: 25, tokenTotal: 1000 }, files));
    expect(budgetMessages(both)).toEqual([
      "The main catalog serves 30 characters of tool descriptions, over its budget of 25; shorten the largest (named 10) or split them into a head and a reading guide",
    ]);
    const tokens = (await report(tree([named], { tokenTotal: 1000 }, files))).descriptions[0]!.tokens!;
    const counted = await report(tree([named, unnamed], { tokenTotal: tokens }, files));
    expect(budgetMessages(counted)).toHaveLength(1);
    const [message] = budgetMessages(counted);
    expect(Number(/serves (\d+) tokens/.exec(message!)![1])).toBeGreaterThan(tokens);
  });

  it("without a description, serves nothing: 0 characters, an entry the census can count", async () => {
    const r = await report(tree([['"bare"', null]]));
    expect(r.descriptions[0]).toMatchObject({ tool: "bare", served: 0, tokens: 0 });
    expect(r.descriptions[0]!.entryUnknown).toBeUndefined();
  });

  it("with a description the census cannot see, has no size and no entry, and says why", async () => {
    const imports = 'import { describe } from "../describe.js";\n';
    const files = { imports, "src/describe.ts": "export function describe(s: string): string { return s.trim(); }\n" };
    const r = await report(tree([['"hidden"', 'describe("Counts.")']], {}, files));
    expect(r.descriptions[0]).toMatchObject({ tool: "hidden", served: null, tokens: null, entryTokens: null, entryUnknown: "the census cannot see its description" });
  });
});

describe("a description written in another module", () => {
  it("is reported where it is written: a tool class's description in the class it inherits it from", async () => {
    const base =
      "export abstract class ToolBase {\n" +
      "  abstract description: string;\n" +
      "  register(server: any) {\n" +
      "    server.tool(this.name, this.description, {}, async (args: any) => this.execute(args));\n" +
      "  }\n" +
      "}\n" +
      "export abstract class LongBase extends ToolBase {\n" +
      `  description = "${"x".repeat(60)}";\n` +
      "}\n";
    const tool = 'import { LongBase } from "../base.js";\nexport class Far extends LongBase {\n  static toolName = "far";\n  async execute() { return "{}"; }\n}\n';
    const dir = tempTree({
      "payload-census.config.json": JSON.stringify({
        skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }],
        descriptions: { cap: 50 },
        discovery: { classes: [{ extends: "ToolBase", name: "toolName", description: "description", body: "execute" }] },
      }),
      "src/helpers.ts": HELPERS,
      "src/base.ts": base,
      "src/tools/far.ts": tool,
    });
    const r = await report(dir);
    expect(r.descriptions.map((d) => [d.tool, d.served])).toEqual([["far", 60]]);
    expect(r.findings.filter((f) => f.rule === "description-budget").map((f) => `${f.file}:${f.line}`)).toEqual(["src/base.ts:8"]);
  });
});

describe("the budgets' edges and the largest descriptions they name", () => {
  const four: [string, string | null][] = [
    ['"c_mid"', `"${"y".repeat(20)}"`],
    ['"a_big"', `"${"x".repeat(40)}"`],
    ['"d_small"', `"${"z".repeat(10)}"`],
    ['"b_mid"', `"${"w".repeat(20)}"`],
  ];

  it("holds a catalog exactly at its budget, characters and tokens", async () => {
    const counts = await report(tree(four, { tokenTotal: 100_000 }));
    const tokens = counts.descriptions.reduce((n, d) => n + d.tokens!, 0);
    expect(budgetMessages(await report(tree(four, { total: 90, tokenTotal: tokens })))).toEqual([]);
    expect(budgetMessages(await report(tree(four, { total: 89, tokenTotal: tokens - 1 })))).toHaveLength(2);
  });

  it("names the three largest, largest first, a tie by name, a description it cannot see last", async () => {
    const r = await report(tree(four, { total: 10 }));
    expect(budgetMessages(r)).toEqual([
      "The main catalog serves 90 characters of tool descriptions, over its budget of 10; shorten the largest (a_big 40, b_mid 20, c_mid 20) or split them into a head and a reading guide",
    ]);
    const imports = 'import { describe } from "../describe.js";\n';
    const files = { imports, "src/describe.ts": "export function describe(s: string): string { return s.trim(); }\n" };
    const withUnseen = await report(tree([['"a_empty"', '""'], ['"b_unseen"', 'describe("x")'], ['"c_big"', `"${"x".repeat(40)}"`]], { total: 10, tokenTotal: 1 }, files));
    const messages = budgetMessages(withUnseen);
    expect(messages[0]).toContain("(c_big 40, a_empty 0, b_unseen null)");
    expect(messages[1]).toMatch(/\(c_big \d+, a_empty 0, b_unseen null\)/);
  });

  it("orders the token budget's largest by tokens, a tie by name", async () => {
    const r = await report(tree(four, { tokenTotal: 1 }));
    const byTokens = [...r.descriptions].sort((a, b) => b.tokens! - a.tokens! || (a.tool < b.tool ? -1 : 1)).slice(0, 3);
    expect(budgetMessages(r)[0]).toContain(`(${byTokens.map((d) => `${d.tool} ${d.tokens}`).join(", ")})`);
    expect(new Set(r.descriptions.map((d) => d.tokens)).size).toBeGreaterThan(1);
  });
});

describe("the rows", () => {
  it("come sorted by tool name, whatever order the tools are registered in", async () => {
    const r = await report(tree([['"zeta"', '"Z."'], ['"alpha"', '"A."'], ['"mu"', '"M."']]));
    expect(r.descriptions.map((d) => d.tool)).toEqual(["alpha", "mu", "zeta"]);
  });
});

describe("the guide module's tails", () => {
  const POINTER = "Reading guide: get_tool_guide.";

  it("are read from its exported objects only", async () => {
    const guide =
      "const LOCAL: Record<string, string> = { guided: 'The rest.', stale_local: 'Nothing.' };\n" +
      "export const TOOL_GUIDE: Record<string, string> = { other: 'More.' };\n" +
      "export const USED = Object.keys(LOCAL);\n";
    const r = await report(tree([['"guided"', `"Counts. ${POINTER}"`], ['"other"', `"Lists. ${POINTER}"`]], {}, { "src/guide.ts": guide }, { guide: "src/guide.ts" }));
    expect(r.findings.map((f) => `${f.rule} ${f.tool}`)).toEqual(["description-pointer guided"]);
    expect(r.findings[0]!.message).toContain("src/guide.ts has no entry for it");
  });

  it("tell no tool it lacks one when a key cannot be read", async () => {
    const guide = "import { keyOf } from './keys.js';\nexport const TOOL_GUIDE: Record<string, string> = { [keyOf()]: 'The rest.' };\n";
    const files = { "src/guide.ts": guide, "src/keys.ts": "export function keyOf(): string { return 'guided'; }\n" };
    const r = await report(tree([['"guided"', `"Counts. ${POINTER}"`]], {}, files, { guide: "src/guide.ts" }));
    expect(r.findings.map((f) => `${f.rule} ${f.file}`)).toEqual(["description-pointer src/guide.ts"]);
    expect(r.findings[0]!.message).toMatch(/^The census cannot see the reading guide entry \(a key it cannot read\)/);
  });
});
