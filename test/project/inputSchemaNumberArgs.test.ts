// A bound, a size or a step given something other than a number (JavaScript lets `.gt("2")` through): zod compares it
// as it stands and its converter serves what it makes of that (a string bound dropped, or the numeric bound before it
// kept), so the census says it cannot see the schema rather than write a bound zod does not serve. Numbers, the same
// chains otherwise, are read as the MCP SDK serves them.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readAndServed, readForms } from "./servedSchemas.js";

describe("bounds and sizes that are no numbers", () => {
  it.each([
    ["gt", 'z.number().gt(3).gt("2")', '.gt() with "2"'],
    ["gte", 'z.number().gte("2")', '.gte() with "2"'],
    ["min of a number", 'z.number().min(3).min("5")', '.min() with "5"'],
    ["max of a number", "z.number().max(true)", ".max() with true"],
    ["lt", 'z.number().lt("9")', '.lt() with "9"'],
    ["lte", "z.number().lte(null)", ".lte() with null"],
    ["min of a string", 'z.string().min(2).min("1")', '.min() with "1"'],
    ["max of an array", 'z.array(z.string()).max("4")', '.max() with "4"'],
    ["length", 'z.string().length("3")', '.length() with "3"'],
    ["multipleOf", 'z.number().multipleOf("2")', '.multipleOf() with "2"'],
    ["step", 'z.number().step("2")', '.step() with "2"'],
  ])("%s: unseen, saying what it was given", (_name, form, given) => {
    const read = readForms({ t: form });
    expect(read["t"]).toEqual({ unseen: expect.stringContaining(`calls ${given}, not a number`) });
  });
});

it("the same chains with numbers are read as served", () => {
  const { read, served } = readAndServed({
    gt: ["z.number().gt(3).gt(2)", z.number().gt(3).gt(2)],
    gte: ["z.number().gte(2)", z.number().gte(2)],
    min_number: ["z.number().min(3).min(5)", z.number().min(3).min(5)],
    lt: ["z.number().lt(9)", z.number().lt(9)],
    min_string: ["z.string().min(2).min(1)", z.string().min(2).min(1)],
    max_array: ["z.array(z.string()).max(4)", z.array(z.string()).max(4)],
    length: ["z.string().length(3)", z.string().length(3)],
    multiple_of: ["z.number().multipleOf(2)", z.number().multipleOf(2)],
  });
  expect(JSON.stringify(read)).toBe(JSON.stringify(served));
});
