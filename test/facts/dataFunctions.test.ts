// Which functions' parameters the data reader reads as a caller's argument (a function called by a name: a
// declaration, or an arrow or function expression a `const` holds, through parentheses and casts) and which it leaves
// unseen (a callback, a `let`'s function, a method); and which functions `map` calls by name.
import { describe, expect, it } from "vitest";
import { readerOf } from "./dataReader.js";

const probe = (...lines: string[]) => readerOf(lines).read("probe");

describe("a parameter read as the caller's argument", () => {
  it.each([
    ["of an arrow a const holds", "const f = (name) => { const probe = name; };", "@1:11", 37],
    ["of an arrow a const holds through parentheses and a cast", "const f = ((name) => { const probe = name; }) as F;", "@1:12", 38],
    ["of a function expression a const holds", "const f = function (name) { const probe = name; };", "@1:11", 43],
    ["of a function declared inside another", "function outer() { function inner(name) { const probe = name; } }", "@1:20", 57],
  ])("%s", (_, line, fn, column) => {
    expect(probe(line)).toEqual({ k: "arg", fn, index: 0, path: [], fallback: null, loc: { line: 1, column } });
  });
});

describe("a parameter no call can be pinned to: a string the census cannot see", () => {
  it.each([
    ["of a callback", "setTimeout((name) => { const probe = name; });", 38],
    ["of an arrow a `let` holds", "let f = (name) => { const probe = name; };", 35],
    ["of a method", "class A { m(name) { const probe = name; } }", 35],
    ["of an arrow a const destructures", "const { length } = (name) => { const probe = name; };", 46],
  ])("%s", (_, line, column) => {
    expect(probe(line)).toEqual({
      k: "string",
      expr: { k: "unknown", why: "`name` is a parameter", line: 1, column },
      loc: { line: 1, column },
      end: { line: 1, column: column + 4 },
    });
  });
});

describe("the function a `map` calls by name", () => {
  const LIST = 'const LIST = [{ name: "a" }];';

  it("a const holding an awaited arrow", () => {
    expect(probe(LIST, "async function f() { const toTool = await ((t) => t.name); const probe = LIST.map(toTool); }")).toMatchObject({
      k: "map",
      element: { k: "param", path: ["name"] },
    });
  });

  it.each([
    ["a member of an object", "const probe = LIST.map(helpers.toTool);"],
    ["a global", "const probe = LIST.map(String);"],
    ["a const holding what a call returns", "const toTool = make();\nconst probe = LIST.map(toTool);"],
  ])("%s: a call the census cannot read", (_, line) => {
    expect(probe(LIST, ...line.split("\n"))).toMatchObject({ k: "other", why: "call to `LIST.map()`" });
  });
});
