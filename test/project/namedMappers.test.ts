// A list of tools mapped by a function of the file given by name (`tools.map(toTool)`, a function declaration or a
// const arrow): its tools are the list's, named and described as the function reads them, as with a callback in place.
import { describe, expect, it } from "vitest";
import { monitorReport, servedTools } from "./monitorReport.js";

const DEFS =
  "const DEFS = [\n" +
  '  { id: "alpha", text: "Alpha tool.", schema: {} },\n' +
  '  { id: "beta", text: "Beta tool here.", schema: {} },\n' +
  "];\n";

function server(declarations: string, list: string): string {
  return (
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
    'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
    DEFS +
    `${declarations}\n` +
    "export function createServer(): Server {\n" +
    '  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    `  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ${list} }));\n` +
    "  server.setRequestHandler(CallToolRequestSchema, async (request) => {\n" +
    "    switch (request.params.name) {\n" +
    '      case "alpha":\n      case "beta":\n        return { content: [{ type: "text", text: "{}" }] };\n' +
    "    }\n" +
    '    throw new Error("unknown tool");\n' +
    "  });\n" +
    "  return server;\n" +
    "}\n"
  );
}

async function census(source: string) {
  const report = await monitorReport({ "src/server.ts": source });
  return { tools: servedTools(report), unseen: report.findings.filter((f) => f.rule === "tool-discovery").map((f) => f.message) };
}

const BOTH = [
  ["alpha", 11],
  ["beta", 15],
];

describe("a list mapped by a function given by name", () => {
  it.each([
    ["a function declaration", "function toTool(d: (typeof DEFS)[number]) { return { name: d.id, description: d.text, inputSchema: d.schema }; }"],
    ["a const arrow", "const toTool = (d: (typeof DEFS)[number]) => ({ name: d.id, description: d.text, inputSchema: d.schema });"],
    ["a const function expression", "const toTool = function (d: any) { return { name: d.id, description: d.text, inputSchema: d.schema }; };"],
  ])("%s: every tool, with its description", async (_, declaration) => {
    expect(await census(server(declaration, "DEFS.map(toTool)"))).toEqual({ tools: BOTH, unseen: [] });
  });

  it("one function mapping two lists: each list's own elements", async () => {
    const declarations =
      "const MORE = [{ id: \"gamma\", text: \"Gamma.\", schema: {} }];\n" +
      "function toTool(d: any) { return { name: d.id, description: d.text, inputSchema: d.schema }; }";
    const r = await census(server(declarations, "[...DEFS.map(toTool), ...MORE.map(toTool)]"));
    expect(r.tools).toEqual([...BOTH, ["gamma", 6]]);
  });

  it("a function that reads no element's name leaves its tools unnamed, and says so", async () => {
    const r = await census(server('function toTool(d: any) { return { name: String(d), description: "x", inputSchema: {} }; }', "DEFS.map(toTool)"));
    expect(r.tools).toEqual([]);
    expect(r.unseen.length).toBeGreaterThan(0);
  });

  it("a function that is not the file's own (a let, a parameter) is not followed", async () => {
    const r = await census(server("let toTool = (d: any) => ({ name: d.id, description: d.text, inputSchema: {} });", "DEFS.map(toTool)"));
    expect(r.tools).toEqual([]);
    expect(r.unseen.length).toBeGreaterThan(0);
  });
});
