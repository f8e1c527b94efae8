// What the census says when it cannot serialise a tool's input schema as tools/list serves it (src/project/inputSchema.ts):
// each zod schema it cannot read, and each value of a schema written as JSON that is not JSON, names what it could not
// see in the tool's row (the entry has no size), never a schema it made up.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/model.js";
import { servedEntryText } from "../../src/project/entries.js";
import { TokenCounter } from "../../src/tokens.js";
import { lowLevelServer, monitorReport } from "./monitorReport.js";

const unseen = (report: Report) => Object.fromEntries(report.descriptions.map((d) => [d.tool, d.entryUnknown ?? d.entryTokens]));

/** One McpServer registering a tool per entry of `shapes` (name → the raw shape's source), after `declarations`. */
function zodServer(declarations: string, shapes: Record<string, string>): string {
  return (
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\n' +
    `${declarations}\n` +
    "export function createServer(server: McpServer): void {\n" +
    Object.entries(shapes)
      .map(([name, shape]) => `  server.tool(${JSON.stringify(name)}, "T.", ${shape}, async () => ({ content: [] }));\n`)
      .join("") +
    "}\n"
  );
}

describe("a zod input schema the census cannot serialise", () => {
  it("names what it could not see", async () => {
    const report = await monitorReport({
      "src/server.ts": zodServer(
        "declare function values(): string[];\ndeclare function shapeOf(): any;\ndeclare function options(): any[];\ndeclare function limit(): number;\n" +
          "declare function pattern(): RegExp;\ndeclare const Base: any;\nconst Text: any = \"text\";\nconst Str = z.string();\nconst Loop1: any = Loop2.optional();\nconst Loop2: any = Loop1.nullable();\n" +
          'import { Remote } from "remote-schemas";\n',
        {
          enum_values: "{ q: z.enum(values()) }",
          object_shape: "{ q: z.object(shapeOf()) }",
          object_texts: '{ q: z.object({ a: "text" }) }',
          union_options: "{ q: z.union(options()) }",
          date: "{ q: z.date() }",
          regex_call: "{ q: z.string().regex(pattern()) }",
          extend_text: '{ q: z.object({}).extend("text") }',
          extend_string: "{ q: z.string().extend({ a: z.string() }) }",
          partial_string: "{ q: z.string().partial() }",
          pipe: "{ q: z.string().pipe(z.string()) }",
          max_call: "{ q: z.string().max(limit()) }",
          max_missing: "{ q: z.string().max() }",
          loop: "{ q: Loop1 }",
          remote: "{ q: Remote }",
          a_text: '{ q: "text" }',
          array_call: "{ q: z.array(shapeOf()) }",
          array_literal: "{ q: z.array(5) }",
          enum_text: '{ q: z.enum("abc") }',
          base_unknown: "{ q: Base.optional() }",
          base_text: "{ q: Text.optional() }",
          starts_with: '{ q: z.string().startsWith("a") }',
          spread_string: "{ ...Str.shape }",
          datetime_options: "{ q: z.string().datetime({ offset: true }) }",
          multiple_twice: "{ q: z.number().multipleOf(5).multipleOf(3) }",
          catch_function: '{ q: z.string().catch(() => "y") }',
        },
      ),
    });
    const cannot = (why: string) => `the census cannot see its input schema: ${why}`;
    expect(unseen(report)).toEqual({
      // Not a raw shape (its values are no schemas): the SDK takes it for annotations, and the tool has no parameters.
      a_text: expect.any(Number),
      array_call: cannot("`shapeOf()` is no zod schema the census can read"),
      array_literal: cannot("an argument of `z.array(5)` cannot be seen"),
      base_unknown: cannot("`Base.optional()` starts from a value the census cannot see (`Base` is declared without a value)"),
      base_text: cannot("`Text.optional()` starts from a string"),
      starts_with: cannot('`z.string().startsWith("a")` calls .startsWith(), which the census does not serialise'),
      spread_string: cannot("the schema spreads `Str.shape`, the shape of no zod object"),
      datetime_options: cannot("`z.string().datetime({ offset: true })` gives .datetime() options the census does not serialise"),
      multiple_twice: cannot("`z.number().multipleOf(5).multipleOf(3)` calls .multipleOf() twice, which the census does not serialise"),
      catch_function: cannot('an argument of `z.string().catch(() => "y")` is a function, whose value the census cannot see'),
      date: cannot("`z.date()` uses z.date(), which the census does not serialise"),
      enum_text: cannot('the values of `z.enum("abc")` cannot be seen'),
      enum_values: cannot("`values()` in its schema is built at run time"),
      extend_string: cannot("`z.string().extend({ a: z.string() })` extends a schema the census cannot see"),
      extend_text: cannot('`z.object({}).extend("text")` extends a schema the census cannot see'),
      loop: cannot("its schema extends itself"),
      max_call: cannot("`limit()` in its schema is built at run time"),
      max_missing: cannot("an argument of `z.string().max()` is missing"),
      object_shape: cannot("the shape of `z.object(shapeOf())` is `shapeOf()`"),
      object_texts: cannot('the shape of `z.object({ a: "text" })` holds values that are no schemas'),
      partial_string: cannot("`z.string().partial()` makes partial a schema that is no object"),
      // A step that serialises as what it wraps.
      pipe: expect.any(Number),
      regex_call: cannot("the pattern of `z.string().regex(pattern())` cannot be seen"),
      remote: cannot(
        'a parameter\'s schema is a value the census cannot see ("remote-schemas" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor)',
      ),
      union_options: cannot("the options of `z.union(options())` cannot be seen"),
    });
  });
});

describe("a registration's config and its input schema", () => {
  it("a config without one (here, spread or imported) has none; a zod schema that is no object is no input schema, and says what it serialises as", async () => {
    const report = await monitorReport({
      "src/server.ts":
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\n' +
        'import { CONFIG } from "./config.js";\nconst SHARED = { description: "T." };\n' +
        "function add(server: McpServer, name: string, config: any) {\n  server.registerTool(name, config, async () => ({ content: [] }));\n}\n" +
        "export function createServer(server: McpServer): void {\n" +
        '  server.registerTool("no_schema", SHARED, async () => ({ content: [] }));\n' +
        '  server.registerTool("spread", { ...SHARED }, async () => ({ content: [] }));\n' +
        '  server.registerTool("imported", CONFIG, async () => ({ content: [] }));\n' +
        '  add(server, "helper_a", { description: "T." });\n' +
        '  add(server, "helper_b", { description: "T.", inputSchema: { n: z.number() } });\n' +
        '  server.registerTool("a_string", { description: "T.", inputSchema: z.string().describe("A word the caller gives, at length.") }, async () => ({ content: [] }));\n' +
        "}\n",
      "src/config.ts": 'export const CONFIG = { description: "T." };\n',
    });
    const none = (name: string) => new TokenCounter().count(servedEntryText({ name, description: "T.", inputSchema: { type: "object", properties: {} } }));
    expect(unseen(report)).toEqual({
      a_string: 'the census cannot see its input schema: its input schema is not a zod object (it serialises as {"type":"string","description":"A word t)',
      helper_a: none("helper_a"),
      helper_b: expect.any(Number),
      imported: none("imported"),
      no_schema: none("no_schema"),
      spread: none("spread"),
    });
  });
});

describe("an input schema written as JSON", () => {
  it("reads numbers, booleans and null as JSON, and names what is not JSON", async () => {
    const deep = `${"{ a: ".repeat(70)}1${" }".repeat(70)}`;
    const tools: Record<string, string> = {
      spelled_a: '{ type: "object", properties: { n: { type: "number", minimum: -1.5e3, maximum: 2E+2, default: 0x10, multipleOf: 1_0 }, b: { type: "boolean", default: false }, c: { type: "boolean", const: true }, d: { default: null } } }',
      spelled_b: '{ type: "object", properties: { n: { type: "number", minimum: -1500, maximum: 200, default: 16, multipleOf: 10 }, b: { type: "boolean", default: false }, c: { type: "boolean", const: true }, d: { default: null } } }',
      run_time: '{ type: "object", properties: { n: { type: "number", maximum: limit() } } }',
      template: "{ type: \"object\", description: `Up to ${limit()}.` }",
      spread_list: '{ type: "object", ...["a"] }',
      a_function: '{ type: "object", default: limit }',
      deep: `{ type: "object", default: ${deep} }`,
      deep_constants: '{ type: "object", default: L0 }',
    };
    const list = `[${Object.entries(tools).map(([name, schema]) => `{ name: ${JSON.stringify(name)}, description: "T.", inputSchema: ${schema} }`).join(", ")}]`;
    // Each level a constant of its own: no one value nests deeply, the schema they make does, and the values are
    // followed 32 deep.
    const levels = Array.from({ length: 70 }, (_, i) => `const L${i} = { a: ${i === 69 ? "1" : `L${i + 1}`} };`).join("\n");
    const report = await monitorReport({ "src/server.ts": lowLevelServer(`declare function limit(): number;\n${levels}`, list, Object.keys(tools)) });
    const cannot = (why: string) => `the census cannot see its input schema: ${why}`;
    expect(unseen(report)).toEqual({
      a_function: cannot("its schema holds a function"),
      deep: cannot("its schema holds a value the census cannot see (`{ a: { a: { a: { a: { a: { a: { a: { a:…` is nested too deeply to read)"),
      deep_constants: cannot("its schema holds a value the census cannot see (`{ a: L31 }` is nested too deeply to read)"),
      spelled_a: expect.any(Number),
      spelled_b: expect.any(Number),
      run_time: cannot("`limit()` in its schema is built at run time"),
      spread_list: cannot('its schema spreads `["a"]`, which is no object'),
      template: cannot("a text in its schema cannot be seen: call to `limit()`"),
    });
    // The same JSON however its numbers are written: signed, with an exponent, in hex or with separators.
    const tokens = Object.fromEntries(report.descriptions.map((d) => [d.tool, d.entryTokens]));
    expect(tokens.spelled_a).toBe(tokens.spelled_b);
    const served = {
      type: "object",
      properties: {
        n: { type: "number", minimum: -1500, maximum: 200, default: 16, multipleOf: 10 },
        b: { type: "boolean", default: false },
        c: { type: "boolean", const: true },
        d: { default: null },
      },
    };
    expect(tokens.spelled_b).toBe(new TokenCounter().count(servedEntryText({ name: "spelled_b", description: "T.", inputSchema: served })));
  });
});
