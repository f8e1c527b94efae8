// A tool listed as data whose written input schema spreads a value (src/project/inputSchema.ts, `json`): an object's
// keys are the schema's; anything else (a list, a string, a number, null) is no object, and the schema is unseen. The
// literals it holds are the JSON values they spell.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractingStore } from "../../src/project/census.js";
import { SkuContext } from "../../src/project/context.js";
import { collectTools } from "../../src/project/tools.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

/** A low-level server listing one tool whose schema is `schema`, after `const EXTRA = extra`. */
const server = (extra: string, schema = '{ type: "object", ...EXTRA }') =>
  'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
  'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
  `const EXTRA = ${extra};\n` +
  `const TOOLS = [{ name: "a", description: "A.", inputSchema: ${schema} }];\n` +
  'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
  "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));\n" +
  'server.setRequestHandler(CallToolRequestSchema, async (request) => {\n  switch (request.params.name) {\n    case "a":\n      return { content: [] };\n  }\n});\n';

async function entry(extra: string) {
  const report = await monitorReport({ "src/server.ts": server(extra) });
  return report.descriptions.map((d) => [d.entryTokens, d.entryUnknown?.replace("the census cannot see its input schema: ", "") ?? null]);
}

it("spreads an object's keys into the schema, and names any other value", async () => {
  // `{"name":"a","description":"A.","inputSchema":{"type":"object","properties":{}}}` in o200k_base tokens.
  expect(await entry("{ properties: {} }")).toEqual([[21, null]]);
  for (const extra of ["[1]", '"s"', "5", "null"]) {
    expect(await entry(extra)).toEqual([[null, "its schema spreads `EXTRA`, which is no object"]]);
  }
});

it("reads the literals it holds as the JSON values they spell", () => {
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/server.ts"] }] }),
    "src/helpers.ts": CONTRACT_HELPERS,
    "src/server.ts": server("{}", '{ type: "object", additionalProperties: false, properties: { n: { type: "number", minimum: -1.5e3, maximum: 0x10, default: null, readOnly: true } } }'),
  });
  const config = loadConfig({ dir });
  const sku = config.skus[0]!;
  const [tool] = collectTools(new SkuContext(config, sku, extractingStore(config)), sku.toolFiles).tools;
  expect(tool!.input).toEqual({
    known: true,
    schema: { type: "object", additionalProperties: false, properties: { n: { type: "number", minimum: -1500, maximum: 16, default: null, readOnly: true } } },
  });
});
