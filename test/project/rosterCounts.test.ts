// The bare-sentence counts of a census: a sentence the roster lists counts as rostered, one it does not as unrostered,
// whether its tool is named or its name is unseen, and an entry matching nothing as stale.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS } from "./monitorReport.js";

const tool = (name: string, sentence: string) =>
  `  server.registerTool(${name}, { description: "Summarises a plan." }, async ({ plan }: { plan?: string }) => {\n` +
  `    if (plan === undefined) return ${JSON.stringify(sentence)};\n` +
  "    return JSON.stringify({ plan });\n" +
  "  });\n";

const TOOLS =
  'import { nameOf } from "./names.js";\n' +
  "export function register(server: any): void {\n" +
  tool('"get_plan"', "No plan given.") +
  tool('"get_other_plan"', "No other plan given.") +
  tool('nameOf("plan")', "No plan to show.") +
  "}\n";

const ROSTER = {
  schemaVersion: 1,
  entries: [
    { file: "src/tools.ts", tool: "get_plan", sentence: "No plan given." },
    { file: "src/tools.ts", tool: "get_plan", sentence: "A sentence no tool returns." },
  ],
};

describe("bare-sentence counts", () => {
  it("one rostered, two unrostered (one of a tool whose name is unseen), one stale entry", () => {
    const sku = { name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools.ts"] };
    const dir = tempTree({
      "payload-census.config.json": JSON.stringify({ skus: [sku] }),
      "payload-census.roster.json": JSON.stringify(ROSTER),
      "src/helpers.ts": CONTRACT_HELPERS,
      "src/names.ts": "export function nameOf(base: string): string { return `get_${base}`; }\n",
      "src/tools.ts": TOOLS,
    });
    const { report } = runCensus(loadConfig({ dir }));
    expect(report.counts.bareSentences).toEqual({ total: 3, rostered: 1, unrostered: 2, stale: 1 });
    expect(report.findings.filter((f) => f.rule === "bare-sentence-roster").map((f) => [f.file, f.line, f.tool])).toEqual([
      ["payload-census.roster.json", 1, "get_plan"],
      ["src/tools.ts", 8, "get_other_plan"],
      ["src/tools.ts", 12, null],
    ]);
  });
});
