// A tools/call handler that looks its handler up in a table (`handlers[request.params.name](args)`): the table as the
// object holds it at run time, a spread table's handlers where the spread stands and a later key over an earlier one,
// a branch written before the lookup first; a spread the census cannot see is named for the tools no handler it sees
// answers.
import { expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

/** navigate answers a bare sentence (line 4) by `nav`, data by `navData`; screenshot data by `shot`. */
const server = (tables: string, call = "handlers[request.params.name](request.params.arguments)") =>
  'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
  'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
  'const TOOLS = [{ name: "navigate", description: "Opens a URL.", inputSchema: { type: "object" } }, { name: "screenshot", description: "Takes one.", inputSchema: { type: "object" } }];\n' +
  'async function nav() { return "Navigated."; }\n' +
  "async function navData() { return JSON.stringify({ ok: true }); }\n" +
  "async function shot() { return JSON.stringify({ ok: true }); }\n" +
  tables +
  'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
  "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));\n" +
  `server.setRequestHandler(CallToolRequestSchema, async (request) => ${call});\n`;

async function census(tables: string, call?: string) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": server(tables, call) });
  return { findings: report.findings.map((f) => `${f.rule} ${f.line} ${f.tool}`), messages: report.findings.map((f) => f.message) };
}

it("a spread table's handlers answer their tools", async () => {
  const r = await census("const READ = { screenshot: shot };\nconst handlers = { ...READ, navigate: nav };\n");
  expect(r.findings).toEqual(["bare-sentence-roster 4 navigate"]);
  const nested = await census("const BASE = { screenshot: shot };\nconst READ = { ...BASE };\nconst handlers = { ...READ, navigate: navData };\n");
  expect(nested.findings).toEqual([]);
});

it("a later key answers over an earlier one, a spread's included", async () => {
  expect((await census("const BASE = { navigate: navData, screenshot: shot };\nconst handlers = { ...BASE, navigate: nav };\n")).findings).toEqual([
    "bare-sentence-roster 4 navigate",
  ]);
  expect((await census("const OVERRIDES = { navigate: navData };\nconst handlers = { navigate: nav, screenshot: shot, ...OVERRIDES };\n")).findings).toEqual([]);
});

it("a branch before the table answers its tool, the table the others", async () => {
  const call = '{\n  if (request.params.name === "navigate") return navData();\n  return handlers[request.params.name](request.params.arguments);\n}';
  expect((await census("const handlers = { navigate: nav, screenshot: shot };\n", call)).findings).toEqual([]);
});

it("a key whose value is no function answers nothing", async () => {
  const r = await census('const handlers = { navigate: navData, screenshot: "soon" };\n');
  expect(r.findings).toEqual(["tool-discovery 9 screenshot"]);
  expect(r.messages[0]).toContain('no branch of a tools/call handler in the tool files answers "screenshot"');
});

it("a spread the census cannot see is named for the tools no handler it sees answers", async () => {
  const r = await census("const handlers = { ...loadHandlers(), navigate: navData };\n");
  expect(r.findings).toEqual(["tool-discovery 9 screenshot"]);
  expect(r.messages[0]).toContain("(call to `loadHandlers()`)");
  const list = await census('const LIST = ["a"];\nconst handlers = { ...LIST, navigate: navData };\n');
  expect(list.messages[0]).toContain("(the object spreads `LIST`, a list, not an object)");
});
