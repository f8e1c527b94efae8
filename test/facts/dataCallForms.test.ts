// How deep the data reader reads a parameter's default, a configured adapter's argument and a shorthand's const, what
// it keeps in place inside an iteration, the slot a named mapper shares between its maps, a method awaited before its
// call, and the values it reads as of another kind than a string.
import { describe, expect, it } from "vitest";
import { nested, readerOf } from "./dataReader.js";

const cut = (value: unknown): boolean => JSON.stringify(value).includes("is nested too deeply to read");

describe("one level below", () => {
  it("a parameter's default: 63 arrays are read to the bottom, 64 are cut", () => {
    const probe = (n: number) => readerOf([`function f(name = ${nested(n)}) {`, "  const probe = name;", "}"]).read("probe");
    expect(probe(63)).toMatchObject({ k: "arg", fn: "f", index: 0 });
    expect([cut(probe(63)), cut(probe(64))]).toEqual([false, true]);
  });

  it("the function a configured adapter wraps: 63 arrays are read to the bottom, 64 are cut", () => {
    const probe = (n: number) => readerOf([`const probe = wrap(${nested(n)});`], ["wrap"]).read("probe");
    expect(probe(63)).toMatchObject({ k: "array" });
    expect([cut(probe(63)), cut(probe(64))]).toEqual([false, true]);
  });
});

describe("iterations", () => {
  it("a const read inside a callback from a path into its element stays in place, not declared once", () => {
    const { read, declared } = readerOf(['const LIST = [{ def: { name: "a" } }];', "const probe = LIST.map((t) => { const d = ({ ...t }).def; return d; });"]);
    expect(read("probe")).toMatchObject({ k: "map", slot: 0, element: { k: "get", base: { k: "object", entries: [{ spread: { k: "param", slot: 0 } }] }, path: ["def"] } });
    expect(Object.keys(declared)).toEqual(["LIST"]);
  });

  it("a named function mapped over two lists: both maps bind its one slot", () => {
    const { read } = readerOf(['const LIST = [{ name: "a" }];', "function toTool(t) { return { name: t.name }; }", "const one = LIST.map(toTool);", "const two = LIST.map(toTool);"]);
    const element = { k: "object", entries: [{ key: "name", value: { k: "param", slot: 0, path: ["name"] } }] };
    expect(read("one")).toMatchObject({ k: "map", slot: 0, element });
    expect(read("two")).toMatchObject({ k: "map", slot: 0, element });
  });
});

it("a method awaited before its call is no call of the method", () => {
  const { read } = readerOf(["const LIST = [1];", "async function f() { const probe = (await LIST.filter)(Boolean); }"]);
  expect(read("probe")).toEqual({ k: "other", what: "(await LIST.filter)(Boolean)", why: "call to `(await LIST.filter)()`", loc: { line: 2, column: 36 } });
});

it("`values` and `entries` of a global other than Object are no Object.values or Object.entries", () => {
  const { read } = readerOf(['const LIST = ["a"];', "const probe = Lists.values(LIST);"]);
  expect(read("probe")).toMatchObject({ k: "other" });
});

it("a const read by a shorthand property is read one level below the object: 62 arrays to the bottom, 63 cut", () => {
  const declared = (n: number) => {
    const reader = readerOf([`const a = ${nested(n)};`, "const probe = { a };"]);
    reader.read("probe");
    return reader.declared;
  };
  expect([cut(declared(62)), cut(declared(63))]).toEqual([false, true]);
});

it("a number, a boolean, a call and a `new` are values of another kind, not strings", () => {
  const read = (value: string) => readerOf([`const probe = ${value};`]).read("probe");
  expect(read("5")).toEqual({ k: "other", what: "5", why: "`5` is a number, not a string", loc: { line: 1, column: 15 } });
  expect(read("true")).toEqual({ k: "other", what: "true", why: "`true` is a boolean, not a string", loc: { line: 1, column: 15 } });
  expect(read("f()")).toEqual({ k: "other", what: "f()", why: "call to `f()`", loc: { line: 1, column: 15 } });
  expect(read("new F()")).toEqual({ k: "other", what: "new F()", why: "`new F(...)` is built at run time", loc: { line: 1, column: 15 } });
});
