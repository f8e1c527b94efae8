// A tools/call handler that looks its tool up in a Map (`toolMap.get(request.params.name)`): the Map is read as the
// list of its [key, value] pairs, the pair keyed by each tool's name answers it, and what is called is read off the
// pair's value. A Map filled at run time (`new Map()` then `.set`) is named as what the census cannot see.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const IMPORTS =
  'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
  'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n';

const TOOLS =
  "const tools = [\n" +
  '  { name: "navigate", description: "Opens a URL.", inputSchema: { type: "object" as const, properties: {} }, handler: async (a: any) => "Navigated." },\n' +
  '  { name: "screenshot", description: "Takes a screenshot.", inputSchema: { type: "object" as const, properties: {} }, handler: async (a: any) => JSON.stringify(a) },\n' +
  "];\n";

/** Lines 1–6: imports and tools; `map` declares the Map at line 7; the handler calls `call`. */
function server(map: string, call: string): string {
  return (
    IMPORTS +
    TOOLS +
    map +
    'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map(({ handler, ...t }) => t) }));\n" +
    `server.setRequestHandler(CallToolRequestSchema, async (request) => { ${call} });\n`
  );
}

async function census(source: string) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": source });
  return { findings: report.findings.map((f) => `${f.rule} ${f.line} ${f.tool ?? "-"}`), messages: report.findings.map((f) => f.message) };
}

describe("a tools/call handler that looks its tool up in a Map", () => {
  it("a Map of the tools keyed by name, the tool's handler called through a const", async () => {
    const r = await census(server("const toolMap = new Map(tools.map((t) => [t.name, t]));\n", "const tool = toolMap.get(request.params.name); if (!tool) throw new Error('unknown'); return tool.handler(request.params.arguments);"));
    expect(r.findings).toEqual(["bare-sentence-roster 4 navigate"]);
  });

  it("a Map of [name, handler] pairs written out, the handler called directly", async () => {
    const r = await census(
      server(
        "const handlers = new Map<string, (a: any) => Promise<string>>([\n" +
          '  ["navigate", async () => "Opened."],\n' +
          '  ["screenshot", async (a) => JSON.stringify(a)],\n' +
          "]);\n",
        "const { name, arguments: args } = request.params; return handlers.get(name)!(args);",
      ),
    );
    expect(r.findings).toEqual(["bare-sentence-roster 8 navigate"]);
  });

  it("a Map of an object's entries", async () => {
    const r = await census(
      server(
        'const byName = { navigate: async () => "Opened.", screenshot: async () => JSON.stringify({}) };\nconst handlers = new Map(Object.entries(byName));\n',
        "return handlers.get(request.params.name)?.();",
      ),
    );
    expect(r.findings).toEqual(["bare-sentence-roster 7 navigate"]);
  });

  it("a Map filled at run time is named as the table the census cannot see", async () => {
    const r = await census(
      server("const handlers = new Map();\nfor (const t of tools) handlers.set(t.name, t.handler);\n", "return handlers.get(request.params.name)(request.params.arguments);"),
    );
    expect(r.findings).toEqual(["tool-discovery 10 navigate", "tool-discovery 10 screenshot"]);
    expect(r.messages[0]).toContain("a table the census cannot see (`new Map(...)` is built at run time)");
  });

  it("near miss: a Map read with another key than the tool name answers nothing", async () => {
    const r = await census(server("const toolMap = new Map(tools.map((t) => [t.name, t]));\n", "return toolMap.get('navigate')!.handler(request.params.arguments);"));
    expect(r.findings).toEqual(["tool-discovery 9 navigate", "tool-discovery 9 screenshot"]);
  });
});
