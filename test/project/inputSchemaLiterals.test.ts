// `z.literal` given a list, against the JSON Schema the MCP SDK serves for it (its own zod converter, the one its
// tools/list runs): a list of one value is that value, an empty list a schema nothing meets, longer lists an enum.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toJsonSchemaCompat } from "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js";
import { afterAll, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../src/config/load.js";
import { extractingStore } from "../../src/project/census.js";
import { SkuContext } from "../../src/project/context.js";
import { collectTools } from "../../src/project/tools.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Each form as source, and as the value zod builds from it. */
const FORMS: Record<string, [string, z.ZodType]> = {
  one_string: ['z.literal(["a"])', z.literal(["a"])],
  one_number: ["z.literal([7])", z.literal([7])],
  one_null: ["z.literal([null])", z.literal([null])],
  one_boolean: ["z.literal([false])", z.literal([false])],
  none: ["z.literal([])", z.literal([])],
  two_strings: ['z.literal(["a", "b"])', z.literal(["a", "b"])],
  two_nulls: ["z.literal([null, null])", z.literal([null, null])],
  mixed: ['z.literal([null, "a"])', z.literal([null, "a"])],
};

const dir = mkdtempSync(path.join(tmpdir(), "payload-census-literals-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("each literal list is read as the SDK serves it", () => {
  mkdirSync(path.join(dir, "tools"));
  writeFileSync(path.join(dir, "payload-census.config.json"), readFileSync(path.join(root, "fixtures", "serve", "payload-census.config.json"), "utf8"));
  writeFileSync(path.join(dir, "helpers.mjs"), readFileSync(path.join(root, "fixtures", "serve", "helpers.mjs"), "utf8"));
  const registrations = Object.entries(FORMS).map(
    ([name, [form]]) => `  server.registerTool("${name}", { description: "Form ${name}.", inputSchema: { x: ${form} } }, answer);`,
  );
  writeFileSync(
    path.join(dir, "tools", "tools.mjs"),
    ['import { z } from "zod";', 'import { textTool } from "../helpers.mjs";', "const answer = textTool(async () => JSON.stringify({}));", "export function registerTools(server) {", ...registrations, "}", ""].join("\n"),
  );

  const config = loadConfig({ dir });
  const sku = config.skus[0]!;
  const read = new Map<string, unknown>();
  for (const tool of collectTools(new SkuContext(config, sku, extractingStore(config)), sku.toolFiles).tools) {
    read.set(tool.name!, tool.input.known ? (tool.input.schema as { properties: Record<string, unknown> }).properties["x"] : { unseen: tool.input.why });
  }
  const served = (schema: z.ZodType) => (toJsonSchemaCompat(z.object({ x: schema }), { strictUnions: true, pipeStrategy: "input" }) as { properties: Record<string, unknown> }).properties["x"];
  expect(Object.fromEntries([...read].sort(([a], [b]) => a.localeCompare(b)))).toEqual(
    Object.fromEntries(Object.entries(FORMS).map(([name, [, schema]]) => [name, served(schema)]).sort(([a], [b]) => String(a).localeCompare(String(b)))),
  );
  // The forms as the SDK serves them, so that a change of zod's shows here first.
  expect(served(FORMS["one_string"]![1])).toEqual({ type: "string", const: "a" });
  expect(served(FORMS["none"]![1])).toEqual({ not: {} });
});
