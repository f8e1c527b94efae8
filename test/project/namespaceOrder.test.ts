// The order of a namespace import's values (src/project/modules.ts exportNames): JavaScript lists a module namespace's
// keys sorted, whatever order the module exports them in, so the census reads `Object.values(tools)` in that order too.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const definition = (exported: string, description: string) =>
  `export const ${exported} = { name: "alpha", description: "${description}", schema: {}, handler: async () => JSON.stringify({}) };\n`;

it("a tool defined twice through a namespace: its definitions in the order of the namespace's keys", async () => {
  const report = await monitorReport({
    "src/tools/zeta.ts": definition("zetaTool", "Zeta tool."),
    "src/tools/alpha.ts": definition("alphaTool", "Alpha tool."),
    // Exported zeta first: the namespace still lists alphaTool before zetaTool.
    "src/tools/index.ts": 'export { zetaTool } from "./zeta.js";\nexport { alphaTool } from "./alpha.js";\n',
    "src/server.ts":
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
      'import * as tools from "./tools/index.js";\n' +
      'const server = new McpServer({ name: "s", version: "1" });\n' +
      "for (const t of Object.values(tools)) server.tool(t.name, t.description, t.schema, t.handler);\n",
  });
  // Both definitions are described, in the namespace's order: alphaTool's description (11 characters) first.
  expect(report.descriptions.map((d) => [d.tool, d.served])).toEqual([
    ["alpha", 11],
    ["alpha", 10],
  ]);
  expect(report.findings.filter((f) => f.rule === "tool-discovery").map((f) => f.tool)).toEqual(["alpha"]);
});
