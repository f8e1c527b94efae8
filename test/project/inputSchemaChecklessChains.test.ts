// A check (a bound, a size, a pattern, a format, an object's keys) called on a wrapper or a union, in the chain or on a
// const that holds one: zod's value there has no such method, so the tools module throws as it loads and serves
// nothing; the census says it cannot see the schema instead of writing one. The same checks before the wrapper, and on
// an array of it, are read as the MCP SDK serves them.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readAndServed, readForms } from "./servedSchemas.js";

const NO_METHOD = "schema, which has no such method (the server fails as it loads)";

describe("checks zod has not on a wrapper or a union", () => {
  it.each([
    ["optional", "z.number().optional().gt(3)", ".gt()"],
    ["nullable", "z.string().nullable().min(2)", ".min()"],
    ["nullish", "z.string().nullish().regex(/a/)", ".regex()"],
    ["default", 'z.string().default("a").email()', ".email()"],
    ["catch", "z.number().catch(1).int()", ".int()"],
    ["readonly", "z.number().readonly().multipleOf(2)", ".multipleOf()"],
    ["union", "z.union([z.string(), z.number()]).max(4)", ".max()"],
    ["or", "z.string().or(z.number()).length(2)", ".length()"],
    ["optional object, extended", "z.object({ a: z.string() }).optional().extend({ b: z.number() })", ".extend()"],
    ["optional object, partial", "z.object({ a: z.string() }).optional().partial()", ".partial()"],
    ["described wrapper", 'z.number().optional().describe("d").nonnegative()', ".nonnegative()"],
    ["optional, nonpositive", "z.number().optional().nonpositive()", ".nonpositive()"],
    ["nullable, lt", "z.number().nullable().lt(9)", ".lt()"],
    ["default, nonempty", 'z.array(z.string()).default([]).nonempty()', ".nonempty()"],
  ])("%s: unseen, naming the call", (_name, form, call) => {
    expect(readForms({ t: form })["t"]).toEqual({ unseen: expect.stringContaining(`\` calls ${call} on an optional, nullable, default, catch, readonly or union ${NO_METHOD}`) });
  });

  it.each([
    ["a described optional", 'const W = z.number().optional().describe("d");', "W.min(3).gt(3)", ".min()"],
    ["a defaulted string", 'const W = z.string().default("x");', "W.min(1).min(1)", ".min()"],
    ["a union", "const W = z.union([z.string(), z.number()]);", "W.max(4)", ".max()"],
  ])("on a const holding %s: unseen", (_name, declaration, form, call) => {
    expect(readForms({ t: form }, [declaration])["t"]).toEqual({ unseen: `\`${form}\` calls ${call} on an optional, nullable, default, catch, readonly or union ${NO_METHOD}` });
  });
});

it("checks before the wrapper, on an array of it, and a description after it are read as served", () => {
  const { read, served } = readAndServed({
    before: ["z.number().gt(3).gt(3).optional()", z.number().gt(3).gt(3).optional()],
    array_of: ['z.string().optional().array().min(1).describe("d")', z.string().optional().array().min(1).describe("d")],
    described: ['z.string().min(2).nullable().describe("d")', z.string().min(2).nullable().describe("d")],
  });
  expect(JSON.stringify(read)).toBe(JSON.stringify(served));
});

it("a const holding a described number or string takes more checks, as served", () => {
  const read = readForms({ n: "N.min(3).gt(3).gt(3)", s: "S.min(2).min(2)" }, ['const N = z.number().describe("d");', 'const S = z.string().describe("d");']);
  const { served } = readAndServed({ n: ["", z.number().describe("d").min(3).gt(3).gt(3)], s: ["", z.string().describe("d").min(2).min(2)] });
  expect(JSON.stringify(read)).toBe(JSON.stringify(served));
});
