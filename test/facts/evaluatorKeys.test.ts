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

it("a numeric key is the number it writes, however it writes it", () => {
  expect(probe('const O = { 1e3: "k", 0x10: "h", 1.50: "d" } as const;\nconst probe = `${O[1000]}${O[16]}${O["1.5"]}`;')).toEqual(str("khd"));
});

it("only a `__proto__:` property sets the prototype: a shorthand or a method of that name is a member", () => {
  expect(probe('const __proto__ = "p";\nconst O = { __proto__, a: "x" } as const;\nconst probe = `${O.a}${O.__proto__}`;')).toEqual(str("xp"));
  expect(probe('const O = { __proto__() {}, a: "x" } as const;\nconst probe = O.a;')).toEqual(str("x"));
  expect(probe('const O = { __proto__: null, a: "x" } as const;\nconst probe = O.a;')).toMatchObject({ k: "unknown", why: "the object sets its prototype with `__proto__`" });
});

it("a part of an `as const` value inside an enum still reads the enum's members by their bare names", () => {
  expect(probe('enum E { A = "x", B = `${A}y` as const }\nconst probe = E.B;')).toEqual(str("xy"));
});

it("String.raw awaited before its template is String.raw", () => {
  expect(probe("async function f() { const probe = (await String.raw)`a\\nb`; }")).toEqual(str("a\\nb"));
});
