// Object keys computed from a value only the project can read (`[searchTool.name]: handleSearch`, `[ToolName.Search]`
// of an imported enum, `[FIELD]` of an imported constant): a tools/call table keyed so answers each tool, a table of
// tools keyed so lists them, an input schema keyed so serialises its properties; a key the census cannot compute is
// named in the finding, never taken for another.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, discoveryReasons, monitorReport } from "./monitorReport.js";

const LOW_LEVEL =
  'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
  'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n';

/** A tool of its own module: its definition and its handler, which answers a bare sentence when `bare`. */
const toolModule = (name: string, exported: string, bare: boolean) =>
  `export const ${exported}Tool = { name: "${name}", description: "The ${name} tool.", inputSchema: { type: "object", properties: {} } };\n` +
  `export async function handle${exported}(args: any) {\n` +
  `  return ${bare ? '"Nothing found."' : "JSON.stringify(args)"};\n` +
  "}\n";

const SERVER =
  LOW_LEVEL +
  'import { tools, handlers } from "./tools/index.js";\n' +
  "export function createServer() {\n" +
  '  const server = new Server({ name: "notes", version: "1.0.0" }, { capabilities: { tools: {} } });\n' +
  "  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));\n" +
  "  server.setRequestHandler(CallToolRequestSchema, async (request) => {\n" +
  "    const handler = handlers[request.params.name];\n" +
  "    if (!handler) throw new Error(`Unknown tool: ${request.params.name}`);\n" +
  "    return handler(request.params.arguments);\n" +
  "  });\n" +
  "  return server;\n" +
  "}\n";

async function census(files: Record<string, string>) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, ...files }, { tools: ["src/**/*.ts"] });
  return {
    tools: report.descriptions.map((d) => [d.tool, d.served]),
    findings: report.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.tool}`),
    reasons: discoveryReasons(report),
    report,
  };
}

describe("keys computed from another module's values", () => {
  it("a handlers table keyed by each tool's imported name answers each tool: its body's returns are checked", async () => {
    const r = await census({
      "src/tools/search.ts": toolModule("search", "Search", true),
      "src/tools/list.ts": toolModule("list", "List", false),
      "src/tools/index.ts":
        'import { SearchTool, handleSearch } from "./search.js";\n' +
        'import { ListTool, handleList } from "./list.js";\n' +
        "export const tools = [SearchTool, ListTool];\n" +
        "export const handlers: Record<string, (args: any) => Promise<any>> = {\n" +
        "  [SearchTool.name]: handleSearch,\n" +
        "  [ListTool.name]: handleList,\n" +
        "};\n",
      "src/server.ts": SERVER,
    });
    expect(r.tools).toEqual([
      ["list", 14],
      ["search", 16],
    ]);
    expect(r.findings).toEqual(["bare-sentence-roster src/tools/search.ts:3 search"]);
  });

  it("a method with a computed name, keyed by an imported enum's member", async () => {
    const r = await census({
      "src/names.ts": 'export enum ToolName { Search = "search", List = "list" }\n',
      "src/tools/index.ts":
        'import { ToolName } from "../names.js";\n' +
        "export const tools = [\n" +
        '  { name: ToolName.Search, description: "Searches.", inputSchema: { type: "object", properties: {} } },\n' +
        '  { name: ToolName.List, description: "Lists.", inputSchema: { type: "object", properties: {} } },\n' +
        "];\n" +
        "export const handlers = {\n" +
        '  async [ToolName.Search](args: any) { return "No match."; },\n' +
        "  async [ToolName.List](args: any) { return JSON.stringify(args); },\n" +
        "};\n",
      "src/server.ts": SERVER,
    });
    expect(r.tools).toEqual([
      ["list", 6],
      ["search", 9],
    ]);
    expect(r.findings).toEqual(["bare-sentence-roster src/tools/index.ts:7 search"]);
  });

  it("Object.values of a table keyed by imported names lists its tools", async () => {
    const r = await census({
      "src/names.ts": 'export const NAMES = { search: "search", list: "list" } as const;\n',
      "src/server.ts":
        LOW_LEVEL +
        'import { NAMES } from "./names.js";\n' +
        "const TOOLS = {\n" +
        '  [NAMES.search]: { name: NAMES.search, description: "Searches.", inputSchema: { type: "object", properties: {} }, run: async () => JSON.stringify([]) },\n' +
        '  [NAMES.list]: { name: NAMES.list, description: "Lists.", inputSchema: { type: "object", properties: {} }, run: async () => "Empty." },\n' +
        "};\n" +
        "export function createServer() {\n" +
        '  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
        "  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: Object.values(TOOLS) }));\n" +
        "  server.setRequestHandler(CallToolRequestSchema, async (request) => TOOLS[request.params.name as keyof typeof TOOLS].run());\n" +
        "  return server;\n" +
        "}\n",
    });
    expect(r.tools).toEqual([
      ["list", 6],
      ["search", 9],
    ]);
    expect(r.findings).toEqual(["bare-sentence-roster src/server.ts:6 list"]);
  });

  it("an input schema's property keyed by an imported constant is served under its name", async () => {
    const withKey = await census({
      "src/fields.ts": 'export const QUERY = "query";\n',
      "src/server.ts":
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
        'import { z } from "zod";\n' +
        'import { QUERY } from "./fields.js";\n' +
        "export function register(server: McpServer) {\n" +
        '  server.registerTool("search", { description: "Searches.", inputSchema: { [QUERY]: z.string() } }, async () => JSON.stringify([]));\n' +
        "}\n",
    });
    const written = await census({
      "src/server.ts":
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
        'import { z } from "zod";\n' +
        "export function register(server: McpServer) {\n" +
        '  server.registerTool("search", { description: "Searches.", inputSchema: { query: z.string() } }, async () => JSON.stringify([]));\n' +
        "}\n",
    });
    expect(withKey.report.descriptions[0]!.entryTokens).not.toBeNull();
    expect(withKey.report.descriptions[0]!.entryTokens).toBe(written.report.descriptions[0]!.entryTokens);
  });

  it("a key from a package's value is named where the table is read, not skipped", async () => {
    const r = await census({
      "src/server.ts":
        LOW_LEVEL +
        'import { SEARCH } from "some-package";\n' +
        "const tools = [{ name: \"search\", description: \"Searches.\", inputSchema: { type: \"object\", properties: {} } }];\n" +
        "const handlers = { [SEARCH]: async () => JSON.stringify([]) };\n" +
        "export function createServer() {\n" +
        '  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
        "  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));\n" +
        "  server.setRequestHandler(CallToolRequestSchema, async (request) => handlers[request.params.name]());\n" +
        "  return server;\n" +
        "}\n",
    });
    expect(r.tools).toEqual([["search", 9]]);
    expect(r.findings).toEqual(["tool-discovery src/server.ts:8 search"]);
    expect(r.report.findings[0]!.message).toContain("the key `[SEARCH]` cannot be evaluated");
  });
});
