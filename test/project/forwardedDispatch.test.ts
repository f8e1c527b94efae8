// A tools/call handler that forwards the tool name to a function of another module (src/project/tools.ts,
// `readForward`): only that function's dispatch on the argument and path handed over answers the tools (not another
// function's, not one on another path of the request); one the census cannot follow is named as the handler imports it.
import { expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const SERVER = (imports: string, call: string) =>
  'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
  'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
  imports +
  'const TOOLS = [{ name: "navigate", description: "Opens a URL.", inputSchema: { type: "object" } }, { name: "screenshot", description: "Takes one.", inputSchema: { type: "object" } }];\n' +
  'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
  "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));\n" +
  `server.setRequestHandler(CallToolRequestSchema, ${call});\n`;

async function census(files: Record<string, string>) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, ...files });
  return { findings: report.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.tool ?? "-"}`), messages: report.findings.map((f) => f.message) };
}

/** A switch on `on` whose two cases answer `answer`. */
const SWITCH = (on: string, answer: string) => `  switch (${on}) {\n    case "navigate":\n      return ${answer};\n    case "screenshot":\n      return ${answer};\n  }\n`;

it("answers by the dispatch of the function it forwards to, on the path it hands over, alone", async () => {
  const handlers =
    // Another function's switch on the same path of its own request parameter.
    `export function other(request: any) {\n${SWITCH("request.params.name", '"Other."')}  return "";\n}\n` +
    // The forwarded function: a switch on another path of the request, one on its name, then a forward of its own.
    `import { third } from "./third.js";\nexport function callTool(request: any) {\n${SWITCH("request.params.arguments.mode", '"Mode."')}${SWITCH("request.params.name", "JSON.stringify({ ok: true })")}  return third(request);\n}\n`;
  const third = `export function third(request: any) {\n${SWITCH("request.params.name", '"Third."')}  return "";\n}\n`;
  const r = await census({ "src/third.ts": third, "src/handlers.ts": handlers, "src/server.ts": SERVER('import { callTool } from "./handlers.js";\n', "callTool as never") });
  expect(r.findings).toEqual([]);
});

it("names an unfollowable function as the handler imports it", async () => {
  const r = await census({ "src/server.ts": SERVER('import { handleToolCall as dispatchCall } from "./missing.js";\n', "async (request) => dispatchCall(request.params.name)") });
  expect(r.findings).toEqual(["tool-discovery src/server.ts:6 navigate", "tool-discovery src/server.ts:6 screenshot"]);
  expect(r.messages[0]).toContain("the handler hands the tool name to `dispatchCall`, which the census cannot follow");
});
