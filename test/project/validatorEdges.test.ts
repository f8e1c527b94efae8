// Edges of validator-builds-refusal's table and of its refusal-parameter finding: validators reached under two names
// or through another producer's module, a refusal builder the helpers do not export, tools whose parameters are
// defined twice or written where they are no object, and where each finding's span ends.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
import { tempTree } from "../config/tempTree.js";

const BUILDER =
  "export function status(word: string, message: string): string { return JSON.stringify({ status: word, message }); }\n" +
  'export function formatError(operation: string, ex: unknown): string { return status("error", String(ex)); }\n';
const REFUSAL = 'export function refusal(parameter: string, sentence: string): string { return status("invalid", sentence); }\n';

/** A tool file registering `name` with a zod shape of `parameters`, whose body calls `validateTop(1)` and passes it on. */
const tool = (name: string, parameters: readonly string[], call = "validateTop"): string =>
  'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
  'import { z } from "zod";\n' +
  `import { ${call} } from "../helpers.js";\n` +
  `export function register(server: McpServer): void {\n` +
  `  server.registerTool(${JSON.stringify(name)}, { description: "Does one thing.", inputSchema: { ${parameters.map((p) => `${p}: z.number()`).join(", ")} } }, async () => {\n` +
  `    const err = ${call}(1);\n` +
  "    if (err != null) return err;\n" +
  '    return "{}";\n' +
  "  });\n" +
  "}\n";

interface Case {
  files: Record<string, string>;
  producers?: { module: string; category: string; names?: string[] }[];
}

function census({ files, producers }: Case) {
  const sku = {
    name: "main",
    root: ".",
    helpers: "src/helpers.ts",
    producers: producers ?? [{ module: "src/helpers.ts", category: "validator", names: ["validate*"] }],
    tools: ["src/tools/*.ts"],
  };
  const dir = tempTree({ "payload-census.config.json": JSON.stringify({ skus: [sku] }), ...files });
  const { report } = runCensus(loadConfig({ dir }));
  return {
    table: report.validators.map((v) => ({ validator: v.validator, parameters: v.parameters, callers: v.callers, unseen: v.parametersUnseen })),
    findings: report.findings
      .filter((f) => f.rule === "validator-builds-refusal")
      .map((f) => ({ file: f.file, line: f.line, column: f.column, end: [f.endLine, f.endColumn], message: f.message })),
    validators: report.counts.validators,
  };
}

describe("which validators the table holds", () => {
  it("a validator its module also exports under another name counts once, under the first name", () => {
    const result = census({
      files: {
        "src/helpers.ts":
          BUILDER +
          REFUSAL +
          'export function validateTop(top: number): string | null { return top < 1 ? refusal("top", "top must be positive.") : null; }\n' +
          "export { validateTop as validateLimit };\n",
        "src/tools/top.ts": tool("get_top", ["top"]),
      },
    });
    expect(result.table).toEqual([{ validator: "validateTop", parameters: ["top"], callers: ["get_top"], unseen: undefined }]);
    expect(result.validators).toBe(1);
  });

  it("a resolver module listed first that re-exports a validator under a name of its own does not rename it", () => {
    const result = census({
      files: {
        "src/helpers.ts":
          BUILDER +
          REFUSAL +
          'export function validateTop(top: number): string | null { return top < 1 ? refusal("top", "top must be positive.") : null; }\n',
        "src/resolver.ts": 'export { validateTop as checkTop } from "./helpers.js";\n',
        "src/tools/top.ts": tool("get_top", ["top"]),
      },
      producers: [
        { module: "src/resolver.ts", category: "resolver", names: ["resolve*"] },
        { module: "src/helpers.ts", category: "validator", names: ["validate*"] },
      ],
    });
    expect(result.table.map((v) => v.validator)).toEqual(["validateTop"]);
  });
});

describe("the parameters a validator's refusals name", () => {
  it("a refusal builder the helpers declare without exporting is still the one the validators call", () => {
    const result = census({
      files: {
        "src/helpers.ts":
          BUILDER +
          REFUSAL.replace("export ", "") +
          'export function validateTop(top: number): string | null { return top < 1 ? refusal("limit", "top must be positive.") : null; }\n',
        "src/tools/top.ts": tool("get_top", ["top"]),
      },
    });
    expect(result.table).toEqual([{ validator: "validateTop", parameters: ["limit"], callers: ["get_top"], unseen: undefined }]);
  });

  it("a parameter the census cannot read says why, not that none is passed", () => {
    const result = census({
      files: {
        "src/helpers.ts":
          BUILDER +
          REFUSAL +
          'export function validateTop(top: number, name: string): string | null { return top < 1 ? refusal(name, "too small.") : null; }\n',
        "src/tools/top.ts": tool("get_top", ["top"]),
      },
    });
    expect(result.table).toHaveLength(1);
    expect(result.table[0]!.parameters).toEqual([]);
    expect(result.table[0]!.unseen).toMatch(/\bname\b/);
    expect(result.table[0]!.unseen).not.toBe("no parameter is passed");
  });
});

describe("the refusal-parameter finding", () => {
  const helpers =
    BUILDER +
    REFUSAL +
    "export function validateTop(top: number): string | null {\n" +
    "  if (top < 1)\n" +
    '    return refusal("limit", "top must be positive.");\n' +
    "  if (top > 9)\n" +
    '    return refusal("limit", "top must be at most 9.");\n' +
    "  return null;\n" +
    "}\n";

  it("names every caller and what each takes, and each finding spans its own return", () => {
    const result = census({
      files: { "src/helpers.ts": helpers, "src/tools/a.ts": tool("get_a", ["top"]), "src/tools/b.ts": tool("get_b", ["top", "hours"]) },
    });
    const message =
      'Validator validateTop refuses with parameter "limit", which no tool that calls it takes (get_a takes top; get_b takes top, hours); ' +
      "name in refusal(parameter, sentence) the parameter the caller must change";
    expect(result.findings).toEqual([
      { file: "src/helpers.ts", line: 6, column: 12, end: [6, 53], message },
      { file: "src/helpers.ts", line: 8, column: 12, end: [8, 54], message },
    ]);
  });

  it("a tool defined twice takes the parameters of both definitions", () => {
    const result = census({
      files: {
        "src/helpers.ts": helpers.replaceAll('"limit"', '"hours"'),
        "src/tools/a.ts": tool("get_a", ["top"]),
        "src/tools/b.ts": tool("get_a", ["hours"]),
      },
    });
    expect(result.findings).toEqual([]);
    expect(result.table[0]!.callers).toEqual(["get_a"]);
  });

  it("a tool whose schema's properties are no object: what it takes is not seen, so nothing is said", () => {
    const server =
      'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
      'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
      'import { validateTop } from "../helpers.js";\n' +
      "export function createServer(): Server {\n" +
      '  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
      '  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "get_a", description: "Does one thing.", inputSchema: { type: "object", properties: 5 } }] }));\n' +
      "  server.setRequestHandler(CallToolRequestSchema, async (request) => {\n" +
      "    switch (request.params.name) {\n" +
      '      case "get_a": {\n' +
      "        const err = validateTop(1);\n" +
      "        if (err != null) return err;\n" +
      '        return { content: [{ type: "text", text: "{}" }] };\n' +
      "      }\n" +
      "    }\n" +
      '    throw new Error("unknown tool");\n' +
      "  });\n" +
      "  return server;\n" +
      "}\n";
    const result = census({ files: { "src/helpers.ts": helpers, "src/tools/server.ts": server } });
    expect(result.table[0]!.callers).toEqual(["get_a"]);
    expect(result.findings).toEqual([]);
  });
});
