// A census that cannot see is a finding, never "clean": no tool at all exits 1, and an unseen description has no size.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../census/main.js";
import type { Report } from "../src/model.js";
import { captureIo } from "./census/io.js";
import { tempTree } from "./config/tempTree.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const red = (name: string) => path.join(root, "fixtures", "red", "tool-discovery", name);

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(root);
  const code = await main(argv, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

describe("a SKU in which the census finds no tool", () => {
  it("is a tool-discovery finding at the SKU's tools key, exit 1, and the summary says 0 tools", async () => {
    const { code, out } = await cli([red("no-tool-at-all")]);
    expect(code).toBe(1);
    expect(out).toMatch(/^main: 0 tools in /);
    expect(out).toContain("payload-census.config.json:11:7  tool-discovery  The census finds no tool in SKU main (1 tool file searched)");
    expect(out).not.toContain("✓ clean");
  });

  it("fails the JSON report too", async () => {
    const { code, out } = await cli([red("no-tool-at-all"), "--format", "json"]);
    const report = JSON.parse(out) as Report;
    expect(code).toBe(1);
    expect(report.ok).toBe(false);
    expect(report.counts.tools).toBe(0);
    expect(report.findings.map((f) => [f.rule, f.file, f.line, f.column])).toEqual([["tool-discovery", "payload-census.config.json", 11, 7]]);
  });
});

describe("a description the census cannot see", () => {
  it("is served: null in JSON, never 0", async () => {
    const { out } = await cli([red("description-not-visible"), "--format", "json"]);
    const report = JSON.parse(out) as Report;
    expect(report.descriptions.map((d) => [d.tool, d.served])).toEqual([["get_wait_stats", null]]);
  });

  it("is ? in the text table, and left out of the catalog total with a note", async () => {
    const { out } = await cli([red("description-not-visible")]);
    const table = out.split("\n").filter((line) => /^ {4}get_/.test(line) || line.includes("catalog") || line.startsWith("  tokens"));
    expect(table).toEqual([
      "    get_wait_stats       ?       ?      ?     –  2048",
      "  catalog 0 chars, no budget configured (1 description the census cannot see left out)",
      "  tokens 0 (o200k_base), no token budget configured · whole entries 0 (1 entry the census cannot see left out: --format json says why)",
    ]);
  });
});

describe("lists built to explode or to loop", () => {
  const config = JSON.stringify({ skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/*.ts"] }] });
  const helpers = 'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
    'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
    'export function refusal(p: string, s: string) { return status("invalid", s); }\n';
  const listServer = (tools: string) =>
    'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
    `export function serve(server: any) { server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ${tools} })); }\n`;

  it("a list doubled twenty times over is not enumerated: one unseen tool says so, and the run ends", async () => {
    const levels = ['const L0 = [{ name: "t", description: "d" }];'];
    for (let i = 1; i <= 20; i++) levels.push(`const L${i} = [...L${i - 1}, ...L${i - 1}];`);
    const dir = tempTree({
      "payload-census.config.json": config,
      "src/helpers.ts": helpers,
      "src/server.ts": `${levels.join("\n")}\n${listServer("L20")}`,
    });
    const { out } = await cli([dir, "--format", "json"]);
    const report = JSON.parse(out) as Report;
    expect(report.counts.tools).toBe(1);
    expect(report.findings.map((f) => f.message)).toEqual([
      expect.stringContaining("(it comes from a list the census cannot see: the list holds more than 10000 elements)"),
    ]);
  });

  it("two modules whose lists spread each other are a chain too deep or circular, not a hang", async () => {
    const dir = tempTree({
      "payload-census.config.json": config,
      "src/helpers.ts": helpers,
      "src/a.ts": 'import { B } from "./b.js";\nexport const A = [...B];\n',
      "src/b.ts": 'import { A } from "./a.js";\nexport const B = [...A];\n',
      "src/server.ts": `import { A } from "./a.js";\n${listServer("A")}`,
    });
    const { out } = await cli([dir, "--format", "json"]);
    const report = JSON.parse(out) as Report;
    expect(report.counts.tools).toBe(1);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]!.message).toContain("constant chain too deep or circular");
  });
});
