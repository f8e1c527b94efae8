// A tools/call handler that covers one name twice answers it by the first dispatch that covers it at run time (src/
// project/tools.ts, `readDispatch`): an `if` before a function the name is handed on to, the first element of a list
// that `find` searches, an `if` before a table lookup written on the same line. The later one is no body of the tool,
// so its bare sentence is no tool's.
import { describe, expect, it } from "vitest";
import { monitorReport, servedTools } from "./monitorReport.js";

/** A server listing alpha and beta, whose tools/call handler's body is `call`, after `declarations`. */
function server(declarations: string, call: string): string {
  return (
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
    'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
    `${declarations}\n` +
    'const TOOLS = [{ name: "alpha", description: "Alpha tool.", inputSchema: {} }, { name: "beta", description: "Beta tool here.", inputSchema: {} }];\n' +
    "export function createServer(): Server {\n" +
    '  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    "  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));\n" +
    "  server.setRequestHandler(CallToolRequestSchema, async (request) => {\n" +
    `${call}\n` +
    "  });\n" +
    "  return server;\n" +
    "}\n"
  );
}

async function census(source: string) {
  const report = await monitorReport({ "src/server.ts": source });
  return { tools: servedTools(report), findings: report.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.tool}`) };
}

const BOTH = [
  ["alpha", 11],
  ["beta", 15],
];

describe("a name covered twice is answered by the first that covers it", () => {
  it("an `if` of the handler, before the switch of the function it hands the name on to", async () => {
    const ALPHA = '    if (request.params.name === "alpha") return JSON.stringify({ ok: true });\n';
    const rest = '    if (request.params.name === "beta") return JSON.stringify({ ok: true });\n    return legacy(request.params.name);';
    // Declared after the handler: a switch that answers alpha too, with a bare sentence, which alpha never reaches.
    const legacy = '\nfunction legacy(name: string) {\n  switch (name) {\n    case "alpha":\n      return "Alpha is gone.";\n  }\n  throw new Error("unknown tool");\n}\n';
    expect(await census(server("", ALPHA + rest) + legacy)).toEqual({ tools: BOTH, findings: [] });
    // Near miss: without the handler's `if` for alpha, the switch answers it, and its sentence is alpha's.
    expect(await census(server("", rest) + legacy)).toEqual({ tools: BOTH, findings: ["bare-sentence-roster src/server.ts:18 alpha"] });
  });

  it("the first element of a searched list with that name, not a later one", async () => {
    const OVERRIDE = '  { name: "alpha", run: async (args: any) => JSON.stringify({ override: args }) },';
    const BETA = '  { name: "beta", run: async (args: any) => JSON.stringify(args) },';
    const BUILT_IN = '  { name: "alpha", run: async () => "Built-in alpha." },';
    const handlers = (...elements: string[]) => ["const HANDLERS = [", ...elements, "];"].join("\n");
    const call = "    return HANDLERS.find((h) => h.name === request.params.name)!.run(request.params.arguments);";
    // An override before the built-in handler of the same name: `find` gives the override.
    expect(await census(server(handlers(OVERRIDE, BETA, BUILT_IN), call))).toEqual({ tools: BOTH, findings: [] });
    // Near miss: the built-in first, and its sentence is alpha's.
    expect(await census(server(handlers(BUILT_IN, BETA, OVERRIDE), call))).toEqual({ tools: BOTH, findings: ["bare-sentence-roster src/server.ts:4 alpha"] });
  });

  it("an `if` before a table lookup on the same line", async () => {
    const declarations =
      "const handlers: Record<string, (args: any) => Promise<string>> = {\n" +
      '  alpha: async () => "From the table.",\n' +
      "  beta: async (args: any) => JSON.stringify(args),\n" +
      "};";
    const call = '    const { name, arguments: args } = request.params; if (name === "alpha") return JSON.stringify({ ok: true }); return handlers[name]!(args);';
    expect(await census(server(declarations, call))).toEqual({ tools: BOTH, findings: [] });
    // Near miss: without the `if`, the table answers alpha, and its sentence is alpha's.
    const tableOnly = call.replace(' if (name === "alpha") return JSON.stringify({ ok: true });', "");
    expect(await census(server(declarations, tableOnly))).toEqual({ tools: BOTH, findings: ["bare-sentence-roster src/server.ts:4 alpha"] });
  });
});
