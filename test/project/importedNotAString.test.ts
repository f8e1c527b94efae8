// An imported constant that is no string, read where a string is wanted (a description's template): the finding says
// why and in which module.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

describe("an imported constant that is not a string", () => {
  it("names the module that declares it", async () => {
    const server =
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
      'import { LIMIT } from "./limits.js";\n' +
      'const server = new McpServer({ name: "s", version: "1" });\n' +
      "server.registerTool(\"list\", { description: `Lists ${LIMIT} rows.` }, async () => JSON.stringify({}));\n";
    const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/limits.ts": "export const LIMIT = Math.max(5, 10);\n", "src/server.ts": server }, { tools: ["src/server.ts"] });
    expect(report.findings.map((f) => `${f.rule} ${f.line} ${f.message}`)).toEqual([
      "tool-discovery 4 The census cannot see the served description of tool list (`LIMIT` from \"./limits.js\": no constant string or `as const` object `LIMIT` there (in src/limits.ts)); build it from literals and constants so its size can be checked",
    ]);
  });
});
