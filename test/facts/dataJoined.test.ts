// The data reader on lists and strings: how deep it reads a filtered list, a mapped element and the list a named
// mapper maps, and the parts it keeps of a template or `+` chain whose text depends on an element (an iteration's
// element inside a choice, a path, a nested template), while one that depends on nothing of the kind stays a string
// with the evaluator's reason.
import { describe, expect, it } from "vitest";
import { nested, readerOf } from "./dataReader.js";

const cut = (value: unknown): boolean => JSON.stringify(value).includes("is nested too deeply to read");

describe("63 arrays are read to the bottom, 64 are cut", () => {
  it.each([
    ["the list a `filter` reads", (n: number) => [`const probe = ${nested(n)}.filter(Boolean);`]],
    ["the element a `map` callback returns", (n: number) => ['const LIST = [{ name: "a" }];', `const probe = LIST.map((t) => ${nested(n)});`]],
    ["the list a named function maps", (n: number) => ["function toTool(t) { return t; }", `const probe = ${nested(n)}.map(toTool);`]],
    ["the list a `map` in an object's property iterates: read where its callback reads it", (n: number) => [`const probe = { a: ${nested(n)}.map((t) => t) };`]],
  ])("%s", (_, source) => {
    expect([cut(readerOf(source(63)).read("probe")), cut(readerOf(source(64)).read("probe"))]).toEqual([false, true]);
  });
});

describe("a template's parts", () => {
  /** The element `expr` is read as, inside `LIST.map((t) => expr)` in a function with a parameter `c`. */
  const element = (expr: string) => {
    const value = readerOf(['const LIST = [{ name: "a" }];', "function f(c) {", `  const probe = LIST.map((t) => ${expr});`, "}"]).read("probe");
    if (value.k !== "map") throw new Error(`no map: ${JSON.stringify(value)}`);
    return value.element;
  };
  const param = (column: number, path: string[] = ["name"]) => ({ k: "param", slot: 0, path, loc: { line: 3, column } });
  const str = (v: string, column: number, end: number) => ({ k: "string", expr: { k: "str", v }, loc: { line: 3, column }, end: { line: 3, column: end } });

  it("that depend on no element: a string, with the evaluator's reason", () => {
    expect(element("`v_${unknownFn()}`")).toEqual({
      k: "string",
      expr: { k: "cat", parts: [{ k: "str", v: "v_" }, { k: "unknown", why: "call to `unknownFn()`", line: 3, column: 38 }] },
      loc: { line: 3, column: 33 },
      end: { line: 3, column: 51 },
    });
  });

  it("an element alone: the element, and no empty strings around it", () => {
    expect(element("`${t.name}`")).toEqual({ k: "concat", parts: [param(36)], loc: { line: 3, column: 33 }, end: { line: 3, column: 44 } });
  });

  it("a choice of elements", () => {
    expect(element("`v_${c ? t.name : t.name}`")).toEqual({
      k: "concat",
      parts: [str("v_", 33, 59), { k: "choice", options: [param(42), param(51)], loc: { line: 3, column: 38 } }],
      loc: { line: 3, column: 33 },
      end: { line: 3, column: 59 },
    });
  });

  it("a path into a choice of elements", () => {
    expect(element("`v_${(c ? t : t).name}`")).toEqual({
      k: "concat",
      parts: [str("v_", 33, 56), { k: "get", base: { k: "choice", options: [param(43, []), param(47, [])], loc: { line: 3, column: 39 } }, path: ["name"], loc: { line: 3, column: 38 } }],
      loc: { line: 3, column: 33 },
      end: { line: 3, column: 56 },
    });
  });

  it("a template inside a template", () => {
    expect(element("`a${`b${t.name}`}`")).toEqual({
      k: "concat",
      parts: [str("a", 33, 51), { k: "concat", parts: [str("b", 37, 49), param(41)], loc: { line: 3, column: 37 }, end: { line: 3, column: 49 } }],
      loc: { line: 3, column: 33 },
      end: { line: 3, column: 51 },
    });
  });
});
