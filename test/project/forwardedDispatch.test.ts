// A tools/call handler that forwards the tool name to a function of another module (src/project/tools.ts,
// `readForward`) the census cannot follow: the finding names the function as the handler imports it.
import { expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const SERVER = (imports: string, call: string) =>
  'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
  'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
  imports +
  'const TOOLS = [{ name: "navigate", description: "Opens a URL.", inputSchema: { type: "object" } }];\n' +
  'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
  "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));\n" +
  `server.setRequestHandler(CallToolRequestSchema, ${call});\n`;

async function census(files: Record<string, string>) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, ...files });
  return { findings: report.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.tool ?? "-"}`), messages: report.findings.map((f) => f.message) };
}

it("names an unfollowable function as the handler imports it", async () => {
  const r = await census({ "src/server.ts": SERVER('import { handleToolCall as dispatchCall } from "./missing.js";\n', "async (request) => dispatchCall(request.params.name)") });
  expect(r.findings).toEqual(["tool-discovery src/server.ts:6 navigate"]);
  expect(r.messages[0]).toContain("the handler hands the tool name to `dispatchCall`, which the census cannot follow");
});
