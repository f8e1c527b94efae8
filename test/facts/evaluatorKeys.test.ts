// Keys the evaluator reads: enum members by every name TypeScript lets them have (an identifier, a string, a computed
// string), numeric keys of an `as const` object; and String.raw however it is reached.
import { expect, it } from "vitest";
import { probe, str } from "./strExprs.js";

it("a member named by a string or a computed string is read as any other", () => {
  expect(probe('enum E { "a-b" = "x" }\nconst probe = E["a-b"];')).toEqual(str("x"));
  expect(probe('enum E { ["a-b"] = "x" }\nconst probe = E["a-b"];')).toEqual(str("x"));
  expect(probe('enum E { [`c`] = "y", D = "z" }\nconst probe = `${E.c}${E.D}`;')).toEqual(str("yz"));
});

it("a numeric key reads the member it names", () => {
  expect(probe('const O = { 0: "x", 1: "y" } as const;\nconst probe = O[1];')).toEqual(str("y"));
});

it("String.raw awaited before its template is String.raw", () => {
  expect(probe("async function f() { const probe = (await String.raw)`a\\nb`; }")).toEqual(str("a\\nb"));
});
