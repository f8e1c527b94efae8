// A list that depends on a condition (`flag ? A : [...A, c]`) holds each element of every option once: an element
// both options share (the same definition) is one, and two different definitions are two, whatever their kind.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const loop = (element: string, list: string, name: string, handler: string) =>
  `export function register(server, flag) {\n  for (const ${element} of ${list}) server.registerTool(${name}, { description: "D." }, ${handler});\n}\n`;

it("strings: each shared one once, each other one too", async () => {
  const report = await monitorReport({ "src/server.ts": `const A = ["a", "b"];\n${loop("name", 'flag ? A : [...A, "c"]', "name", "async () => ({ content: [] })")}` });
  expect(report.descriptions.map((d) => d.tool)).toEqual(["a", "b", "c"]);
});

it("functions: each shared handler once, each other one too", async () => {
  const handlers = "async function h1() { return { content: [] }; }\nasync function h2() { return { content: [] }; }\nconst A = [h1];\n";
  const report = await monitorReport({ "src/server.ts": handlers + loop("h", "flag ? A : [...A, h2]", '"t"', "h") });
  expect(report.descriptions.map((d) => d.tool)).toEqual(["t", "t"]);
});

it("tools a definer made, listed by a tools/list handler: each once, from a choice or mapped", async () => {
  const source =
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
    'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
    'import { defineTool } from "./def.js";\n' +
    'const a = defineTool({ name: "a", description: "A.", run: async () => ({ content: [] }) });\n' +
    'const b = defineTool({ name: "b", description: "B.", run: async () => ({ content: [] }) });\n' +
    "const ALL = [a, b];\n" +
    "export function start(flag) {\n" +
    '  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    "  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (flag ? [a] : ALL).map(({ run, ...t }) => t) }));\n" +
    "  server.setRequestHandler(CallToolRequestSchema, async (request) => ALL.find((t) => t.name === request.params.name).run(request.params.arguments));\n" +
    "}\n";
  const report = await monitorReport({ "src/server.ts": source }, { discovery: { definers: ["defineTool"], bodyKey: "run" } });
  expect(report.descriptions.map((d) => [d.tool, d.served])).toEqual([
    ["a", 2],
    ["b", 2],
  ]);
  expect(report.counts.tools).toBe(2);
  expect(report.findings).toEqual([]);
});
