// Bounds, sizes and wrappers in a zod chain, against the JSON Schema the MCP SDK serves for the same value: the
// tightest bound of several (an exclusive one over an inclusive one at the same value), the largest least size and the
// smallest most, the checks in zod's order whatever the chain's, and a description after `.nullish()` (zod's
// `nullable().optional()`: written before the union).
import { expect, it } from "vitest";
import { z } from "zod";
import { readAndServed, type Forms } from "./servedSchemas.js";

const FORMS: Forms = {
  min_then_lower: ["z.number().min(5).min(3)", z.number().min(5).min(3)],
  min_then_higher: ["z.number().min(3).min(5)", z.number().min(3).min(5)],
  gt_then_min_same: ["z.number().gt(3).min(3)", z.number().gt(3).min(3)],
  min_then_gt_same: ["z.number().min(3).gt(3)", z.number().min(3).gt(3)],
  gt_twice: ["z.number().gt(3).gt(3)", z.number().gt(3).gt(3)],
  max_then_lt_same: ["z.number().max(5).lt(5)", z.number().max(5).lt(5)],
  lt_then_max_lower: ["z.number().lt(5).max(4)", z.number().lt(5).max(4)],
  described_bounds: ['z.number().describe("d").min(1).max(9)', z.number().describe("d").min(1).max(9)],
  string_min_twice: ["z.string().min(3).min(3)", z.string().min(3).min(3)],
  string_min_lower: ["z.string().min(5).min(2)", z.string().min(5).min(2)],
  string_max_higher: ["z.string().max(3).max(5)", z.string().max(3).max(5)],
  array_min_same: ["z.array(z.string()).min(2).min(2)", z.array(z.string()).min(2).min(2)],
  array_max_lower: ["z.array(z.string()).max(4).max(2)", z.array(z.string()).max(4).max(2)],
  min_then_int: ["z.number().min(5).int()", z.number().min(5).int()],
  lt_then_int: ["z.number().lt(5).int()", z.number().lt(5).int()],
  min_then_length: ["z.string().min(3).length(5)", z.string().min(3).length(5)],
  max_then_length: ["z.string().max(9).length(5)", z.string().max(9).length(5)],
  array_min_then_length: ["z.array(z.number()).min(1).length(2)", z.array(z.number()).min(1).length(2)],
  // Written in zod's order of checks whatever the chain's: lower before upper, then a number's multipleOf, a string's
  // format and pattern after its lengths, an array's sizes before its type.
  max_then_min: ["z.number().max(5).min(1)", z.number().max(5).min(1)],
  lt_then_gt: ["z.number().lt(5).gt(1)", z.number().lt(5).gt(1)],
  max_then_int: ["z.number().max(5).int()", z.number().max(5).int()],
  multiple_then_bounds: ['z.number().multipleOf(2).max(5).min(1).describe("d")', z.number().multipleOf(2).max(5).min(1).describe("d")],
  string_max_then_min: ["z.string().max(9).min(2)", z.string().max(9).min(2)],
  string_regex_then_lengths: ["z.string().regex(/a/).max(9).min(2)", z.string().regex(/a/).max(9).min(2)],
  string_email_then_max: ["z.string().email().max(40)", z.string().email().max(40)],
  string_max_then_email: ["z.string().max(40).email()", z.string().max(40).email()],
  array_max_then_min: ["z.array(z.string()).max(9).min(2)", z.array(z.string()).max(9).min(2)],
  // The same inside what wraps the schema next: an array of it, a union with it.
  max_then_min_array: ["z.string().max(9).min(2).array()", z.string().max(9).min(2).array()],
  max_then_min_or: ["z.string().max(9).min(2).or(z.number())", z.string().max(9).min(2).or(z.number())],
  default_max_then_min_array: ["z.number().max(5).min(1).default(2).array()", z.number().max(5).min(1).default(2).array()],
  array_describe_then_min: ['z.array(z.string()).describe("d").min(1)', z.array(z.string()).describe("d").min(1)],
  array_min_then_describe_max: ['z.array(z.string()).min(1).describe("d").max(3)', z.array(z.string()).min(1).describe("d").max(3)],
  nullable_max_then_min: ['z.number().max(5).min(1).nullable().describe("d")', z.number().max(5).min(1).nullable().describe("d")],
  default_max_then_min: ["z.string().max(9).min(2).default(\"abc\")", z.string().max(9).min(2).default("abc")],
  optional_array_describe: ['z.string().optional().array().describe("d")', z.string().optional().array().describe("d")],
  literal_false: ["z.literal(false)", z.literal(false)],
  literal_true_default_false: ["z.boolean().default(false)", z.boolean().default(false)],
  record_union_mixed_keys: ['z.record(z.union([z.literal("a"), z.string()]), z.number())', z.record(z.union([z.literal("a"), z.string()]), z.number())],
  union_described_nullable: ['z.union([z.string(), z.number()]).describe("d").nullable()', z.union([z.string(), z.number()]).describe("d").nullable()],
  union_nullable_bare: ["z.union([z.string(), z.number()]).nullable()", z.union([z.string(), z.number()]).nullable()],
  union_twice_the_type: ["z.union([z.string(), z.string()])", z.union([z.string(), z.string()])],
  union_nullable_and_null: ["z.union([z.string().nullable(), z.null()])", z.union([z.string().nullable(), z.null()])],
  union_of_unions: ["z.union([z.union([z.string(), z.number()]), z.boolean()])", z.union([z.union([z.string(), z.number()]), z.boolean()])],
  union_of_nullable: ["z.union([z.string().nullable(), z.number()])", z.union([z.string().nullable(), z.number()])],
  nullish_describe: ['z.string().nullish().describe("d")', z.string().nullish().describe("d")],
  describe_nullish: ['z.string().describe("d").nullish()', z.string().describe("d").nullish()],
  optional_nullish_describe: ['z.string().optional().nullish().describe("d")', z.string().optional().nullish().describe("d")],
  default_nullish_describe: ['z.string().default("a").nullish().describe("d")', z.string().default("a").nullish().describe("d")],
  checked_nullish_describe: ['z.string().min(2).nullish().describe("d")', z.string().min(2).nullish().describe("d")],
  number_default_nullish_describe: ['z.number().default(1).nullish().describe("d")', z.number().default(1).nullish().describe("d")],
  nullish_nullable_describe: ['z.string().min(2).nullish().nullable().describe("d")', z.string().min(2).nullish().nullable().describe("d")],
  nullish_optional_describe: ['z.string().min(2).nullish().optional().describe("d")', z.string().min(2).nullish().optional().describe("d")],
  nullish_default_describe: ['z.string().nullish().default("a").describe("d")', z.string().nullish().default("a").describe("d")],
};

it("each chain is read as the SDK serves it, key for key and in its order", () => {
  const { read, served } = readAndServed(FORMS);
  const differing = Object.keys(FORMS).filter((name) => JSON.stringify(read[name]) !== JSON.stringify(served[name]));
  expect(differing.map((name) => ({ name, census: JSON.stringify(read[name]), served: JSON.stringify(served[name]) }))).toEqual([]);
});

it("a format given options other than a message is unseen, not served without them", () => {
  const { read } = readAndServed({ datetime_options: ['z.string().datetime({ message: "m", offset: true })', z.string().datetime({ message: "m", offset: true })] });
  expect(read["datetime_options"]).toEqual({ unseen: '`z.string().datetime({ message: "m", off…` gives .datetime() options the census does not serialise' });
});
