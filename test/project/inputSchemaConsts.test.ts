// Input schemas built from consts and nested unions, against what the MCP SDK serves for the same zod values: a
// description given to a const that already holds a wrapper's description (zod writes it first, where the wrapper's
// was), and a union whose option is itself a union of objects (`anyOf` within `anyOf`, never a list of types).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../src/config/load.js";
import { extractingStore } from "../../src/project/census.js";
import { SkuContext } from "../../src/project/context.js";
import { collectTools } from "../../src/project/tools.js";
import { readAndServed, servedSchema } from "./servedSchemas.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The census's schema of `x` for each tool, its registrations after `consts` in one tools module. */
function readWith(consts: string[], forms: Record<string, string>): Record<string, unknown> {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-consts-"));
  try {
    mkdirSync(path.join(dir, "tools"));
    writeFileSync(path.join(dir, "payload-census.config.json"), readFileSync(path.join(root, "fixtures", "serve", "payload-census.config.json"), "utf8"));
    writeFileSync(path.join(dir, "helpers.mjs"), readFileSync(path.join(root, "fixtures", "serve", "helpers.mjs"), "utf8"));
    const registrations = Object.entries(forms).map(
      ([name, form]) => `  server.registerTool("${name}", { description: "Form ${name}.", inputSchema: { x: ${form} } }, answer);`,
    );
    const head = ['import { z } from "zod";', 'import { textTool } from "../helpers.mjs";', "const answer = textTool(async () => JSON.stringify({}));"];
    writeFileSync(path.join(dir, "tools", "tools.mjs"), [...head, ...consts, "export function registerTools(server) {", ...registrations, "}", ""].join("\n"));
    const config = loadConfig({ dir });
    const sku = config.skus[0]!;
    const read: Record<string, unknown> = {};
    for (const tool of collectTools(new SkuContext(config, sku, extractingStore(config)), sku.toolFiles).tools) {
      read[tool.name!] = tool.input.known ? (tool.input.schema as { properties: Record<string, unknown> }).properties["x"] : { unseen: tool.input.why };
    }
    return read;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it("a const holding a described wrapper, described again: the new description where the wrapper's stood", () => {
  const read = readWith(['const OPTIONAL = z.string().optional().describe("a");', 'const DEFAULTED = z.number().default(1).describe("a");'], {
    optional_again: 'OPTIONAL.describe("b")',
    default_again: 'DEFAULTED.describe("b")',
  });
  const OPTIONAL = z.string().optional().describe("a");
  const DEFAULTED = z.number().default(1).describe("a");
  // Key for key in the served order: a tools/list entry's tokens are those of its JSON text.
  expect(JSON.stringify(read["optional_again"])).toBe(JSON.stringify(servedSchema(OPTIONAL.describe("b"))));
  expect(JSON.stringify(read["default_again"])).toBe(JSON.stringify(servedSchema(DEFAULTED.describe("b"))));
  expect(JSON.stringify(read["optional_again"])).toBe('{"description":"b","type":"string"}');
});

it("a union with a union of objects among its options: `anyOf` of `anyOf`, as zod writes it", () => {
  const objects = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
  const { read, served } = readAndServed({
    union_of_object_unions: ["z.union([z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]), z.string()])", z.union([objects, z.string()])],
    or_object_union: ["z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]).or(z.boolean())", objects.or(z.boolean())],
  });
  expect(JSON.stringify(read)).toBe(JSON.stringify(served));
  expect(read["union_of_object_unions"]).toMatchObject({ anyOf: [{ anyOf: [{ type: "object" }, { type: "object" }] }, { type: "string" }] });
});
