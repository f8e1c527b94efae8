// A tools/call handler forwarding the tool name to a function of a module that also registers a tools/call handler of
// its own (src/project/tools.ts, `readForward`): that module's dispatches outside any exported function are not the
// forwarded function's, and its switch alone answers the tools.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const SERVER =
  'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
  'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
  'import { callTool } from "./handlers.js";\n' +
  'const TOOLS = [{ name: "navigate", description: "Opens a URL.", inputSchema: { type: "object" } }, { name: "screenshot", description: "Takes one.", inputSchema: { type: "object" } }];\n' +
  'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
  "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));\n" +
  "server.setRequestHandler(CallToolRequestSchema, callTool as never);\n";

// The forwarded function's switch (navigate answers a bare sentence), then a legacy server's own handler, whose
// switch answers navigate with another sentence.
const HANDLERS =
  'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
  'import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
  "export function callTool(request: any) {\n" +
  "  switch (request.params.name) {\n" +
  '    case "navigate":\n' +
  '      return "Nothing to open.";\n' +
  '    case "screenshot":\n' +
  "      return JSON.stringify({ ok: true });\n" +
  "  }\n" +
  '  throw new Error("unknown tool");\n' +
  "}\n" +
  'const legacy = new Server({ name: "l", version: "1" }, { capabilities: { tools: {} } });\n' +
  "legacy.setRequestHandler(CallToolRequestSchema, async (request) => {\n" +
  "  switch (request.params.name) {\n" +
  '    case "navigate":\n' +
  '      return "Legacy navigation.";\n' +
  "  }\n" +
  '  throw new Error("unknown tool");\n' +
  "});\n";

it("answers by the forwarded function's switch, past the module's own tools/call handler", async () => {
  const report = await monitorReport({ "src/handlers.ts": HANDLERS, "src/server.ts": SERVER });
  expect(report.descriptions.map((d) => d.tool)).toEqual(["navigate", "screenshot"]);
  expect(report.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.tool}`)).toEqual(["bare-sentence-roster src/handlers.ts:6 navigate"]);
  expect(report.findings[0]!.message).toContain('returns the bare sentence "Nothing to open."');
});
