// A low-level server whose tools/call handler finds its tool by looking it up (src/facts/toolLists.ts, src/project/
// tools.ts): a list searched with find for the element named by the request, then a member of it called
// (`tools.find((t) => t.name === name)?.handler(args)`), a table of objects whose member is called
// (`TOOLS[name].run(args)`), directly or through a const; and tools/list answering each element without its handler
// (`tools.map(({ handler, ...tool }) => tool)`). Every tool's body is the function found, and its returns are checked.
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { Report } from "../../src/model.js";
import { captureIo } from "../census/io.js";
import { tempTree } from "../config/tempTree.js";

const HELPERS =
  'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
  'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
  'export function refusal(p: string, s: string) { return status("invalid", s); }\n';

function server(list: string, call: string, declarations: string): string {
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

/** Tools as elements with their handler; alpha's returns a bare sentence when `bare`. */
const LIST = (bare: boolean) =>
  "const tools = [\n" +
  `  { name: "alpha", description: "Alpha tool.", inputSchema: { type: "object", properties: {} }, handler: async (args: any) => { if (!args.x) return refusal("x", "x is required."); return ${bare ? '"Nothing found."' : "JSON.stringify({ ok: true })"}; } },\n` +
  '  { name: "beta", description: "Beta tool here.", inputSchema: { type: "object", properties: {} }, handler: async () => { try { return JSON.stringify({}); } catch (ex) { return formatError("beta", ex); } } },\n' +
  "];";

const TABLE = (bare: boolean) =>
  "const TOOLS = {\n" +
  `  alpha: { def: { name: "alpha", description: "Alpha tool.", inputSchema: {} }, run: async (a: any) => ${bare ? '"Nothing here."' : "JSON.stringify(a)"} },\n` +
  '  beta: { def: { name: "beta", description: "Beta tool here.", inputSchema: {} }, run: async (a: any) => JSON.stringify(a) },\n' +
  "};";

async function census(source: string) {
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/server.ts"] }] }),
    "src/helpers.ts": HELPERS,
    "src/server.ts": source,
  });
  const io = captureIo(dir);
  await main([dir, "--format", "json", "--no-cache"], io);
  const report = JSON.parse(io.out.join("")) as Report;
  return { tools: report.descriptions.map((d) => [d.tool, d.served]), findings: report.findings.map((f) => `${f.rule} ${f.tool}`) };
}

const BOTH = [
  ["alpha", 11],
  ["beta", 15],
];

const FIND_CALLS: [string, string][] = [
  ["a const found, then its member called", "    const tool = tools.find((t) => t.name === request.params.name);\n    if (!tool) throw new Error('unknown');\n    return tool.handler(request.params.arguments);"],
  ["called where found", "    return tools.find((t) => request.params.name === t.name)!.handler(request.params.arguments);"],
  ["a block that returns the comparison", "    const { name } = request.params;\n    const tool = tools.find(function (t) { return t.name === name; });\n    return await tool!.handler(request.params.arguments);"],
];

describe("a list searched for the tool by name", () => {
  it.each(FIND_CALLS)("%s: every tool's body is its handler", async (_, call) => {
    const list = "tools.map(({ handler, ...tool }) => tool)";
    expect(await census(server(list, call, LIST(false)))).toEqual({ tools: BOTH, findings: [] });
    expect(await census(server(list, call, LIST(true)))).toEqual({ tools: BOTH, findings: ["bare-sentence-roster alpha"] });
  });

  it("tools/list answering each element picked apart", async () => {
    const list = "tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))";
    expect(await census(server(list, FIND_CALLS[0]![1], LIST(true)))).toEqual({ tools: BOTH, findings: ["bare-sentence-roster alpha"] });
  });

  it("a search that compares something else than the element's name finds no body", async () => {
    const call = "    const tool = tools.find((t) => t.description === request.params.name);\n    return tool!.handler(request.params.arguments);";
    const r = await census(server("tools.map(({ handler, ...tool }) => tool)", call, LIST(false)));
    expect(r.findings).toEqual(["tool-discovery alpha", "tool-discovery beta"]);
  });
});

describe("a table of objects looked up by name", () => {
  it.each([
    ["a const looked up, then its member called", "    const t = TOOLS[request.params.name as keyof typeof TOOLS];\n    return t.run(request.params.arguments);"],
    ["called where looked up", "    return TOOLS[request.params.name as keyof typeof TOOLS].run(request.params.arguments);"],
  ])("%s: every tool's body is that member", async (_, call) => {
    const list = "Object.values(TOOLS).map((t) => t.def)";
    expect(await census(server(list, call, TABLE(false)))).toEqual({ tools: BOTH, findings: [] });
    expect(await census(server(list, call, TABLE(true)))).toEqual({ tools: BOTH, findings: ["bare-sentence-roster alpha"] });
  });
});
