// A zod object merged into another (`z.object({}).merge(M)`) is read through as many consts as the census follows a
// schema's chain (32, src/project/inputSchema.ts `zod`): the merge's argument counts one level, as the chain's root
// does, so a chain of 32 merges is served as the SDK serves it and one of 33 is unseen, never read past the bound.
import { expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../src/config/load.js";
import { extractingStore } from "../../src/project/census.js";
import { SkuContext } from "../../src/project/context.js";
import { collectTools } from "../../src/project/tools.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS } from "./monitorReport.js";
import { servedSchema } from "./servedSchemas.js";

/** By tool name: the census's schema of the parameter `q`, or that it cannot see it. */
function census(consts: string[], shapes: Record<string, string>): Record<string, unknown> {
  const server =
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\n' +
    `${consts.join("\n")}\n` +
    "export function createServer(server: McpServer): void {\n" +
    Object.entries(shapes)
      .map(([name, shape]) => `  server.tool(${JSON.stringify(name)}, "T.", ${shape}, async () => ({ content: [] }));\n`)
      .join("") +
    "}\n";
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/server.ts"] }] }),
    "src/helpers.ts": CONTRACT_HELPERS,
    "src/server.ts": server,
  });
  const config = loadConfig({ dir });
  const sku = config.skus[0]!;
  const read: Record<string, unknown> = {};
  for (const tool of collectTools(new SkuContext(config, sku, extractingStore(config)), sku.toolFiles).tools) {
    read[tool.name!] = tool.input.known ? (tool.input.schema as { properties: Record<string, unknown> }).properties["q"] : "unseen";
  }
  return read;
}

it("32 merges, each of the const before, are read to the first; 33 are not", () => {
  // M0 = z.object({ a: z.string() }), and each next const merges the one before into an empty object.
  const consts = ["const M0 = z.object({ a: z.string() });"];
  for (let i = 1; i <= 33; i++) consts.push(`const M${i} = z.object({}).merge(M${i - 1});`);
  let merged: z.ZodObject = z.object({ a: z.string() });
  for (let i = 1; i <= 32; i++) merged = z.object({}).merge(merged);
  // (The reason for m33 is left out: it reads "its schema extends itself", which a chain that is only long does not.)
  expect(census(consts, { m32: "{ q: M32 }", m33: "{ q: M33 }" })).toEqual({ m32: servedSchema(merged), m33: "unseen" });
  expect(servedSchema(merged)).toEqual({ type: "object", properties: { a: { type: "string" } }, required: ["a"] });
});
