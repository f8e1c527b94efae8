// Input schemas built from consts and nested unions, against what the MCP SDK serves for the same zod values: a
// description given to a const that already holds a wrapper's description (zod writes it first, where the wrapper's
// was), and a union whose option is itself a union of objects (`anyOf` within `anyOf`, never a list of types).
import { expect, it } from "vitest";
import { z } from "zod";
import { readAndServed, readForms, servedSchema } from "./servedSchemas.js";

it("a const holding a described wrapper, described again: the new description where the wrapper's stood", () => {
  const read = readForms(
    { optional_again: 'OPTIONAL.describe("b")', default_again: 'DEFAULTED.describe("b")' },
    ['const OPTIONAL = z.string().optional().describe("a");', 'const DEFAULTED = z.number().default(1).describe("a");'],
  );
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
