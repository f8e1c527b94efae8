// A tools/call handler that calls the function it looked up through the function's own call, apply or bind
// (`tool.handler.call(this, args)`, `HANDLERS[name].apply(undefined, [args])`): each tool's body is that function, as
// when it is called directly; a member that is itself named `call` is that member.
import { describe, expect, it } from "vitest";
import { monitorReport, servedTools } from "./monitorReport.js";

/** A server listing `tools` (each element's `handler` left out) and answering tools/call with `call`. */
function server(declarations: string, call: string, list = "tools.map(({ handler, ...tool }) => tool)"): string {
  return (
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
    'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
    'import { formatError, refusal } from "./helpers.js";\n' +
    `${declarations}\n` +
    "export function createServer(): Server {\n" +
    '  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    `  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ${list} }));\n` +
    "  server.setRequestHandler(CallToolRequestSchema, async (request) => {\n" +
    `${call}\n` +
    "  });\n" +
    "  return server;\n" +
    "}\n"
  );
}

/** Two tools as elements with their handler (`member`); alpha's answers a bare sentence. */
const LIST = (member = "handler") =>
  "const tools = [\n" +
  `  { name: "alpha", description: "Alpha tool.", inputSchema: {}, ${member}: async (args: any) => { if (!args.x) return refusal("x", "x is required."); return "Nothing found."; } },\n` +
  `  { name: "beta", description: "Beta tool here.", inputSchema: {}, ${member}: async () => { try { return JSON.stringify({}); } catch (ex) { return formatError("beta", ex); } } },\n` +
  "];";

const HANDLERS =
  "const HANDLERS: Record<string, (args: any) => Promise<string>> = {\n" +
  '  alpha: async (args: any) => (args.x ? JSON.stringify(args) : "Nothing found."),\n' +
  "  beta: async (args: any) => JSON.stringify(args),\n" +
  "};\n" +
  'const tools = [{ name: "alpha", description: "Alpha tool.", inputSchema: {} }, { name: "beta", description: "Beta tool here.", inputSchema: {} }];';

async function census(source: string) {
  const report = await monitorReport({ "src/server.ts": source });
  return { tools: servedTools(report), findings: report.findings.map((f) => `${f.rule} ${f.tool}`) };
}

const BOTH = [
  ["alpha", 11],
  ["beta", 15],
];
const FOUND = "    const tool = tools.find((t) => t.name === request.params.name);\n    if (!tool) throw new Error('unknown');\n";

describe("a found tool's handler called through the function's own members", () => {
  it.each([
    ["call", `${FOUND}    return tool.handler.call(tool, request.params.arguments);`],
    ["apply", `${FOUND}    return tool.handler.apply(tool, [request.params.arguments]);`],
    ["bind", `${FOUND}    return tool.handler.bind(tool)(request.params.arguments);`],
    ["call where found", "    return tools.find((t) => t.name === request.params.name)!.handler.call(undefined, request.params.arguments);"],
  ])("%s: each tool's body is its handler", async (_, call) => {
    expect(await census(server(LIST(), call))).toEqual({ tools: BOTH, findings: ["bare-sentence-roster alpha"] });
  });

  it("a handler member named call is the member itself", async () => {
    const call = `${FOUND}    return tool.call(request.params.arguments);`;
    expect(await census(server(LIST("call"), call, "tools.map(({ call, ...tool }) => tool)"))).toEqual({ tools: BOTH, findings: ["bare-sentence-roster alpha"] });
  });

  it("a member the element does not have, called through call, is no body", async () => {
    const call = `${FOUND}    return tool.run.call(tool, request.params.arguments);`;
    const r = await census(server(LIST(), call));
    expect(r.tools).toEqual(BOTH);
    expect(r.findings).toEqual(["tool-discovery alpha", "tool-discovery beta"]);
  });
});

describe("a table of handlers called through the function's own members", () => {
  it.each([
    ["call", "    return HANDLERS[request.params.name].call(null, request.params.arguments);"],
    ["apply", "    return HANDLERS[request.params.name]!.apply(null, [request.params.arguments]);"],
    ["through a const", "    const run = HANDLERS[request.params.name];\n    return run.call(undefined, request.params.arguments);"],
  ])("%s: each tool's body is its handler", async (_, call) => {
    expect(await census(server(HANDLERS, call, "tools"))).toEqual({ tools: BOTH, findings: ["bare-sentence-roster alpha"] });
  });
});
