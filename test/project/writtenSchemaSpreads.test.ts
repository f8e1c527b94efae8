// A tool listed as data whose written input schema spreads a value (src/project/inputSchema.ts, `json`): an object's
// keys are the schema's; anything else (a list, a string, a number, null) is no object, and the schema is unseen.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

async function entry(extra: string) {
  const source =
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
    'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
    `const EXTRA = ${extra};\n` +
    'const TOOLS = [{ name: "a", description: "A.", inputSchema: { type: "object", ...EXTRA } }];\n' +
    'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));\n" +
    'server.setRequestHandler(CallToolRequestSchema, async (request) => {\n  switch (request.params.name) {\n    case "a":\n      return { content: [] };\n  }\n});\n';
  const report = await monitorReport({ "src/server.ts": source });
  return report.descriptions.map((d) => [d.entryTokens, d.entryUnknown?.replace("the census cannot see its input schema: ", "") ?? null]);
}

it("spreads an object's keys into the schema, and names any other value", async () => {
  // `{"name":"a","description":"A.","inputSchema":{"type":"object","properties":{}}}` in o200k_base tokens.
  expect(await entry("{ properties: {} }")).toEqual([[21, null]]);
  for (const extra of ["[1]", '"s"', "5", "null"]) {
    expect(await entry(extra)).toEqual([[null, "its schema spreads `EXTRA`, which is no object"]]);
  }
});
