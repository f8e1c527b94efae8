// Paths the data reader takes into values: a parameter's default read at the same path, a path into a value only the
// project can take apart, an element read at an awaited literal index, and destructuring by position, by name
// inside a position, and by a computed key (which it does not read).
import { expect, it } from "vitest";
import { readerOf } from "./dataReader.js";

const probe = (...lines: string[]) => readerOf(lines).read("probe");

it("a property of a parameter with a default: the caller's value at that path, or the default's", () => {
  expect(probe('function f(options = { name: "x" }) {', "  const probe = options.name;", "}")).toEqual({
    k: "arg",
    fn: "f",
    index: 0,
    path: ["name"],
    fallback: { k: "string", expr: { k: "str", v: "x" }, loc: { line: 1, column: 30 }, end: { line: 1, column: 33 } },
    loc: { line: 2, column: 17 },
  });
});

it("a path read on from a path into a value only the project can take apart: one path", () => {
  expect(probe('const LIST = [{ name: "a" }];', "function f(c) {", "  const probe = LIST.map((t) => (c ? t : t).a.b);", "}")).toMatchObject({
    k: "map",
    element: { k: "get", base: { k: "choice" }, path: ["a", "b"], loc: { line: 3, column: 33 } },
  });
});

it("an element at an awaited literal index is the element at that index", () => {
  expect(probe('const LIST = ["a", "b"];', "async function f() { const probe = LIST[await 1]; }")).toEqual({
    k: "local",
    key: "LIST",
    path: ["1"],
    loc: { line: 2, column: 36 },
  });
});

it("destructuring by position, and by name inside a position", () => {
  expect(probe('const LIST = ["a", "b"];', "const [, a] = LIST;", "const probe = a;")).toEqual({ k: "local", key: "LIST", path: ["1"], loc: { line: 3, column: 15 } });
  expect(probe('const OBJ = { k: "a" };', "const [{ k }] = [OBJ];", "const probe = k;")).toEqual({ k: "local", key: "@2:7", path: ["0", "k"], loc: { line: 3, column: 15 } });
});

it("destructuring by a computed key is not read, and says so", () => {
  expect(probe('const OBJ = { k: "a" };', "const { [K]: a } = OBJ;", "const probe = a;")).toEqual({
    k: "unknown",
    why: "`a` is destructured in a way the census does not read",
    loc: { line: 3, column: 15 },
  });
});
