// A function where the census reads a string (a description's template holding `${what}`, where `what` is a function): the
// finding says it is a function, not a string.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const server = (helper: string) =>
  'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
  `const what = ${helper};\n` +
  'const server = new McpServer({ name: "s", version: "1" });\n' +
  "server.registerTool(\"list\", { description: `Lists ${what}.` }, async () => JSON.stringify({}));\n";

describe("a function in a description's template", () => {
  it.each([
    ["an arrow function", '() => "Lists."'],
    ["a function expression", 'function () { return "Lists."; }'],
  ])("%s: a function, not a string", async (_kind, description) => {
    const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": server(description) }, { tools: ["src/server.ts"] });
    expect(report.findings.map((f) => `${f.rule} ${f.line} ${f.message}`)).toEqual([
      "tool-discovery 4 The census cannot see the served description of tool list (a function, not a string); build it from literals and constants so its size can be checked",
    ]);
  });
});
