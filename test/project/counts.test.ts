// counts.files and counts.modules (SPEC §4): "N tools in M files" counts the tool files the globs match; every other
// module the census analyses (helpers, producers, guide, instructions, modules holding imported tool bodies) is a module.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
import { tempTree } from "../config/tempTree.js";

const HELPERS = `// The builder, its two producers and one validator.
export function status(word: string, message: string, hints: Record<string, unknown> = {}): string {
  return JSON.stringify({ status: word, message, hints });
}
export function formatError(operation: string, ex: unknown): string {
  return status("error", \`\${operation} failed: \${String(ex)}\`, { operation });
}
export function refusal(parameter: string, sentence: string): string {
  return status("invalid", sentence, { parameter });
}
export function validateTop(top: number): string | null {
  if (!Number.isInteger(top) || top < 1) return refusal("top", "top must be a positive integer.");
  return null;
}
`;

const RESOLVER = `import { refusal } from "./helpers.js";
export function resolveOrError(name: string): [string, null] | [null, string] {
  if (name === "") return [null, refusal("server_name", "Unknown server.")];
  return [name, null];
}
`;

// The one tool file: one tool, whose body lives in a handler module it imports.
const TOOL_FILE = `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { topQueries } from "../handlers/topQueries.js";
export function registerTop(server: McpServer): void {
  server.registerTool("get_top_queries", { description: "Lists the most expensive queries of one server." }, topQueries);
}
`;

const HANDLER = `import { formatError, validateTop } from "../helpers.js";
import { resolveOrError } from "../resolver.js";
export async function topQueries({ server_name, top }: { server_name: string; top: number }) {
  const topError = validateTop(top);
  if (topError != null) return topError;
  const [server, miss] = resolveOrError(server_name);
  if (miss) return miss;
  try {
    return JSON.stringify({ server, top, queries: [] });
  } catch (ex) {
    return formatError("get_top_queries", ex);
  }
}
`;

const CONFIG = {
  skus: [
    {
      name: "main",
      root: ".",
      helpers: "src/helpers.ts",
      producers: [
        { module: "src/helpers.ts", category: "validator", names: ["validate*"] },
        { module: "src/resolver.ts", category: "resolver" },
      ],
      tools: ["src/tools/*.ts"],
      guide: "src/toolGuide.ts",
      instructions: "src/instructions.ts",
    },
  ],
};

describe("counts.files and counts.modules", () => {
  it("a SKU whose one tool file imports its tool's body: 1 tool file; helpers, producer, guide, instructions and the handler module are modules", () => {
    const dir = tempTree({
      "payload-census.config.json": JSON.stringify(CONFIG, null, 2),
      "src/helpers.ts": HELPERS,
      "src/resolver.ts": RESOLVER,
      "src/tools/top.ts": TOOL_FILE,
      "src/handlers/topQueries.ts": HANDLER,
      "src/toolGuide.ts": "export const TOOL_GUIDE: Record<string, string> = {};\n",
      "src/instructions.ts": 'export const INSTRUCTIONS = "One tool.";\n',
    });
    const { report } = runCensus(loadConfig({ dir }));
    expect(report.findings).toEqual([]);
    expect(report.counts).toMatchObject({ files: 1, modules: 5, tools: 1, parseErrors: 0 });
    // The handler module holds the tool's body, so its pass-throughs are the tool's.
    expect(report.counts.passThroughs).toMatchObject({ total: 2, validator: 1, resolver: 1, unshared: 0 });
    expect(report.skus).toEqual([{ name: "main", counts: report.counts }]);
  });

  it("a module both matched by the tools globs and named as a producer is a tool file, counted once", () => {
    const config = { skus: [{ ...CONFIG.skus[0]!, tools: ["src/tools/*.ts", "src/resolver.ts"] }] };
    const dir = tempTree({
      "payload-census.config.json": JSON.stringify(config, null, 2),
      "src/helpers.ts": HELPERS,
      "src/resolver.ts": RESOLVER,
      "src/tools/top.ts": TOOL_FILE,
      "src/handlers/topQueries.ts": HANDLER,
      "src/toolGuide.ts": "export const TOOL_GUIDE: Record<string, string> = {};\n",
      "src/instructions.ts": 'export const INSTRUCTIONS = "One tool.";\n',
    });
    const { report } = runCensus(loadConfig({ dir }));
    expect(report.counts).toMatchObject({ files: 2, modules: 4, tools: 1 });
  });
});
