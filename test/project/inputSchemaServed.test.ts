// Input schemas read statically (src/project/inputSchema.ts) against what a running MCP SDK server serves for the same
// zod forms: for each form, one tool, and the census's JSON Schema is the served one, key for key. A form the census
// does not serialise says so instead of guessing.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractingStore } from "../../src/project/census.js";
import { SkuContext } from "../../src/project/context.js";
import { collectTools } from "../../src/project/tools.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
// Under the project's node_modules, so that the server's imports of @modelcontextprotocol/sdk and zod resolve.
const dir = path.join(root, "node_modules", ".cache", "payload-census-test", "input-schemas");

/** Each zod form, as the value of the one parameter `x` of a tool named after it. */
const FORMS: Record<string, string> = {
  string_length: "z.string().length(5)",
  string_nonempty: "z.string().nonempty()",
  string_min_max: "z.string().min(2).max(9)",
  string_regex: "z.string().regex(/^a+$/)",
  string_email: "z.string().email()",
  string_uuid: "z.string().uuid()",
  string_url: "z.string().url()",
  string_datetime: "z.string().datetime()",
  string_describe: 'z.string().describe("A word.")',
  string_nullable: "z.string().nullable()",
  string_or_number: "z.string().or(z.number())",
  string_array_step: "z.string().array()",
  array_nonempty: "z.array(z.string()).nonempty()",
  array_length: "z.array(z.number()).length(3)",
  array_min_max: "z.array(z.boolean()).min(1).max(4)",
  number_gt: "z.number().gt(1)",
  number_lt: "z.number().lt(9)",
  number_gte_lte: "z.number().gte(0).lte(1)",
  number_positive: "z.number().positive()",
  number_negative: "z.number().negative()",
  number_nonnegative: "z.number().nonnegative()",
  number_nonpositive: "z.number().nonpositive()",
  number_int: "z.number().int()",
  number_default: "z.number().default(3)",
  coerce_number: "z.coerce.number()",
  boolean_optional: "z.boolean().optional()",
  null_value: "z.null()",
  any_value: "z.any()",
  int_value: "z.int()",
  literal_null: "z.literal(null)",
  literal_negative: "z.literal(-2)",
  number_signed_bounds: "z.number().min(-3).max(+3)",
  object_nullable: "z.object({ a: z.string() }).nullable()",
  number_gt_then_gte: "z.number().gt(1).gte(2).lt(9).lte(8)",
  number_gte_then_gt: "z.number().gte(2).gt(1).lte(8).lt(9)",
  number_looser_later: "z.number().gt(3).gte(2).lt(5).lte(6)",
  number_ties: "z.number().gte(2).gt(2).lte(7).lt(7)",
  number_gt_int: "z.number().gt(0).int()",
  number_int_then_lt: "z.number().int().lt(5)",
  number_bounds_nonnegative: "z.number().positive().nonnegative().negative().nonpositive()",
  describe_then_bounds: 'z.number().describe("d").min(1).gt(0)',
  describe_then_int: 'z.number().describe("d").int()',
  describe_then_checks: 'z.string().describe("d").min(2).email()',
  describe_twice: 'z.string().describe("d").regex(/a/).describe("e")',
  string_sizes: "z.string().min(5).min(2).max(2).max(5)",
  string_length_then_min: "z.string().length(3).min(1).nonempty()",
  array_sizes: 'z.array(z.string()).min(3).min(1).max(2).max(9).describe("d")',
  optional_describe: 'z.string().optional().describe("d")',
  default_nullable: 'z.string().default("a").nullable()',
  enum_describe: 'z.enum(["a", "b"]).describe("d")',
  nullish_describe: 'z.number().nullish().describe("d")',
  array_nonempty_max: "z.array(z.number()).nonempty().max(3)",
  union_optional: "z.union([z.string(), z.number()]).optional()",
  boolean_default_describe: 'z.boolean().default(false).describe("d")',
  readonly: "z.array(z.string()).readonly()",
  nested_describe: 'z.object({ a: z.string().describe("A."), b: z.number().optional().describe("B.") })',
  record_enum: 'z.record(z.enum(["a", "b"]), z.string())',
  url_optional: "z.string().url().optional()",
  trim_min: "z.string().min(1).trim()",
  describe_nullable: 'z.string().describe("d").nullable()',
  describe_default: 'z.string().describe("d").default("x")',
  default_describe_optional: 'z.number().default(1).describe("d").optional()',
  literal_true: "z.literal(true)",
  union_objects: "z.union([z.object({ a: z.string() }), z.object({ b: z.number() })])",
  int_describe_min: 'z.number().int().describe("d").min(0)',
  uuid_describe: 'z.string().describe("d").uuid()',
  array_step_min: "z.string().array().min(1)",
  or_describe: 'z.string().or(z.number()).describe("d")',
  default_readonly: 'z.string().default("a").readonly()',
  readonly_describe: 'z.array(z.string()).readonly().describe("d")',
  describe_readonly: 'z.array(z.string()).describe("d").readonly()',
  readonly_nullable: "z.string().readonly().nullable()",
  default_array: 'z.string().default("a").array()',
  describe_optional_array: 'z.string().optional().describe("e").array()',
  default_or: 'z.string().default("a").or(z.number())',
  describe_or: 'z.string().describe("d").or(z.number())',
  default_nullish: 'z.string().default("a").nullish()',
  default_describe_nullable: 'z.string().default("a").describe("d").nullable()',
  nullable_describe: 'z.string().nullable().describe("d")',
  nullable_default: "z.string().nullable().default(null)",
  union_describe: 'z.union([z.string(), z.number()]).describe("d")',
  union_object_describe: 'z.union([z.object({ a: z.string() }), z.number()]).describe("d")',
  enum_or_describe: 'z.enum(["a"]).or(z.literal("b")).describe("d")',
  record_enum_optional: 'z.record(z.enum(["a", "b"]), z.string().optional())',
  record_enum_default: 'z.record(z.enum(["a", "b"]), z.string().default("x"))',
  record_literal: 'z.record(z.literal("a"), z.string())',
  union_optional_option: "z.union([z.string().optional(), z.number()])",
  email_optional_describe: 'z.string().email().optional().describe("x")',
  int_chain: 'z.number().int().positive().max(100).default(10).describe("x")',
  enum_default: 'z.enum(["a", "b"]).default("a")',
  array_default: "z.array(z.string()).default([])",
  object_optional: "z.object({ a: z.string() }).optional()",
  object_in_object: "z.object({ n: z.object({ a: z.string().optional() }) })",
  regex_flags: "z.string().regex(/^[a-z]+$/i)",
  coerce_boolean: "z.coerce.boolean()",
  coerce_string: "z.coerce.string()",
  literal_list: 'z.literal(["a", "b"])',
  datetime_message: 'z.string().datetime("Not a time.")',
  datetime_message_object: 'z.string().datetime({ message: "Not a time." })',
  email_message: 'z.string().email("Not an address.")',
  literal_numbers: "z.literal([1, 2])",
  literal_mixed: 'z.literal(["a", 1])',
  step: "z.number().step(2)",
  nullable_twice: "z.string().nullable().nullable()",
  catch_describe: 'z.string().catch("x").describe("d")',
  describe_catch: 'z.string().describe("d").catch("x")',
  catch_optional: 'z.string().catch("x").optional()',
  optional_nullable_describe: 'z.string().optional().nullable().describe("d")',
  min_message: 'z.string().min(1, "Required.")',
  max_message_object: 'z.string().max(10, { message: "Too long." })',
  multiple_of: "z.number().multipleOf(5)",
  describe_enum_optional: 'z.enum(["a", "b"]).describe("d").optional()',
  number_default_nullable_describe: 'z.number().default(1).nullable().describe("d")',
  string_catch: 'z.string().catch("x")',
  union_three: "z.union([z.string(), z.number(), z.boolean()])",
  union_nullable: "z.union([z.string(), z.number()]).nullable()",
  enum_nullable: 'z.enum(["a"]).nullable()',
  literal_optional_describe: 'z.literal("a").optional().describe("d")',
  record_union_keys: 'z.record(z.union([z.literal("a"), z.literal("b")]), z.string())',
  unknown_value: "z.unknown()",
  literal_string: 'z.literal("rows")',
  literal_number: "z.literal(3)",
  enum_words: 'z.enum(["a", "b"])',
  union_of_two: "z.union([z.string(), z.number()])",
  record_of_strings: "z.record(z.string(), z.number())",
  object_nested: "z.object({ a: z.string(), b: z.number().optional() })",
  object_strict: "z.strictObject({ a: z.string() })",
  object_loose: "z.looseObject({ a: z.string() })",
  object_extend: "z.object({ a: z.string() }).extend({ b: z.boolean() })",
  object_merge: "z.object({ a: z.string() }).merge(z.object({ b: z.number() }))",
  object_partial: "z.object({ a: z.string(), b: z.number() }).partial()",
  object_optional_keys: 'z.object({ a: z.string().optional(), b: z.number().default(2).describe("B.") })',
  string_date: "z.string().date()",
  string_trim_lower: "z.string().trim().toLowerCase()",
  string_refine: 'z.string().refine((s) => s.length > 1, "too short")',
  nullish_value: "z.string().nullish()",
  default_then_describe: 'z.string().default("a").describe("A word.")',
  describe_then_optional: 'z.string().describe("A word.").optional()',
  number_int_gt: "z.number().int().gt(0)",
  number_int_lt: "z.number().int().lt(10)",
  number_int_min_max: "z.number().int().min(1).max(50)",
  array_of_objects: "z.array(z.object({ id: z.string() }))",
  union_with_literal: 'z.union([z.literal("a"), z.literal("b")])',
  enum_optional_describe: 'z.enum(["x", "y"]).optional().describe("Which.")',
};

/** Tools whose whole input schema is a form of its own: a zod object's `shape`, given to either registration. */
const WHOLE: Record<string, string> = {
  shape_of_object: 'server.registerTool("shape_of_object", { description: "Form shape_of_object.", inputSchema: ARGS.shape }, answer);',
  shape_positional: 'server.tool("shape_positional", "Form shape_positional.", ARGS.shape, answer);',
  shape_spread: 'server.registerTool("shape_spread", { description: "Form shape_spread.", inputSchema: { ...ARGS.shape, more: z.boolean() } }, answer);',
};

const TOOLS = `import { z } from "zod";
import { textTool } from "../helpers.mjs";

const answer = textTool(async () => JSON.stringify({}));
const ARGS = z.object({ city: z.string().describe("City."), days: z.number().int().optional() });

export function registerTools(server) {
${Object.entries(FORMS)
  .map(([name, form]) => `  server.registerTool("${name}", { description: "Form ${name}.", inputSchema: { x: ${form} } }, answer);`)
  .join("\n")}
${Object.values(WHOLE)
  .map((line) => `  ${line}`)
  .join("\n")}
}
`;

const NAMES = [...Object.keys(FORMS), ...Object.keys(WHOLE)].sort();

const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerTools } from "./tools/tools.mjs";
export function createServer() {
  const server = new McpServer({ name: "input-schemas", version: "1.0.0" });
  registerTools(server);
  return server;
}
`;

const servedSchemas = new Map<string, unknown>();

/**
 * The census's schemas of the same tools. Read inside the test that checks them, not in `beforeAll`: the mutation run
 * credits the code a test runs to that test only, and code run before every test to none.
 */
function staticSchemas(): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const config = loadConfig({ dir });
  const sku = config.skus[0]!;
  for (const tool of collectTools(new SkuContext(config, sku, extractingStore(config)), sku.toolFiles).tools) {
    out.set(tool.name!, tool.input.known ? tool.input.schema : { unseen: tool.input.why });
  }
  return out;
}

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "tools"), { recursive: true });
  writeFileSync(path.join(dir, "payload-census.config.json"), readFileSync(path.join(root, "fixtures", "serve", "payload-census.config.json"), "utf8").replace('"../../schema', '"../../../../schema'));
  writeFileSync(path.join(dir, "helpers.mjs"), readFileSync(path.join(root, "fixtures", "serve", "helpers.mjs"), "utf8"));
  writeFileSync(path.join(dir, "tools", "tools.mjs"), TOOLS);
  writeFileSync(path.join(dir, "server.mjs"), SERVER);

  const { createServer } = (await import(pathToFileURL(path.join(dir, "server.mjs")).href)) as {
    createServer: () => { connect(t: unknown): Promise<void>; close(): Promise<void> };
  };
  const server = createServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "input-schemas-test", version: "1.0.0" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    for (const tool of (await client.listTools()).tools) servedSchemas.set(tool.name, tool.inputSchema);
  } finally {
    await client.close();
    await server.close();
  }
});

describe("an input schema read statically is the one the SDK serves", () => {
  // Key for key and in the served order: a tools/list entry's tokens are those of its JSON text.
  it("lists every form in both, each the same JSON text", () => {
    const statics = staticSchemas();
    expect([...statics.keys()].sort()).toEqual(NAMES);
    expect([...servedSchemas.keys()].sort()).toEqual(NAMES);
    // Every form that differs at once, each with both texts.
    const differing = NAMES.filter((name) => JSON.stringify(statics.get(name)) !== JSON.stringify(servedSchemas.get(name)));
    expect(differing.map((name) => ({ name, census: JSON.stringify(statics.get(name)), served: JSON.stringify(servedSchemas.get(name)) }))).toEqual([]);
  });
});
