// What the data reader makes of forms it cannot read, and why it says so: imports from a module it cannot name,
// destructuring it does not follow, a const defined in terms of itself, a missing property; how far it reads into
// `||` fallbacks, `concat` arguments and `new`; and which iterations a value reads (iterationsIn).
import { describe, expect, it } from "vitest";
import { returnedExpression, returnedExpressions } from "../../src/facts/data.js";
import type { DataValue } from "../../src/facts/types.js";
import { parseSource, ts } from "../../src/ts.js";
import { declarationOf, innermost, nested, readerOf, x } from "./dataReader.js";

describe("what the data reader cannot read, and why", () => {
  it("a name imported from a module written as no string is an unknown that says the module cannot be named", () => {
    const { read } = readerOf(["import { A } from 5;", "const probe = A;"]);
    expect(read("probe")).toEqual({ k: "unknown", why: "`A` is imported from a module the census cannot name", loc: { line: 2, column: 15 } });
  });

  it("a name bound by a rest element of a const's array pattern is destructured in a way the census does not read", () => {
    const { read } = readerOf(['const L = ["x", "y"];', "const [...rest] = L;", "const probe = rest;"]);
    expect(read("probe")).toEqual({ k: "unknown", why: "`rest` is destructured in a way the census does not read", loc: { line: 3, column: 15 } });
  });

  it("a name bound by a rest element of a const's object pattern reads as the object itself", () => {
    const { read } = readerOf(['const O = { a: "x", b: "y" };', "const { a, ...rest } = O;", "const probe = rest;"]);
    expect(read("probe")).toEqual({ k: "local", key: "O", path: [], loc: { line: 1, column: 7 } });
  });

  it("a const whose value reads itself holds an unknown there, placed at the declaration", () => {
    const { reader, sourceFile, declared } = readerOf(["const X = [X];"]);
    expect(reader.readDeclaration(declarationOf(sourceFile, "X"))).toEqual({ k: "local", key: "X", path: [], loc: { line: 1, column: 7 } });
    expect(declared["X"]).toEqual({
      k: "array",
      items: [{ value: { k: "unknown", why: "`X` is defined in terms of itself", loc: { line: 1, column: 7 } } }],
      loc: { line: 1, column: 11 },
    });
  });

  it("a property an object literal does not have is an unknown that names it", () => {
    const { read } = readerOf(['const probe = ({ a: "x" }).b;']);
    expect(read("probe")).toEqual({ k: "unknown", why: "it has no property `b`", loc: { line: 1, column: 15 } });
  });

  it("a destructured path the object does not have names the whole path, dotted", () => {
    const { read } = readerOf(["const L = [1];", "const probe = L.map((t) => {", "  const { a: { b } } = { a: { c: t } };", "  return b;", "});"]);
    const value = read("probe");
    if (value.k !== "map") throw new Error(`a ${value.k}, not a map`);
    expect(value.element).toEqual({ k: "unknown", why: "it has no property `a.b`", loc: { line: 4, column: 10 } });
  });
});

describe("arrays and concatenations", () => {
  it("a hole in an array literal is no item", () => {
    const { read } = readerOf(['const probe = ["x", , "x"];']);
    expect(read("probe")).toEqual({ k: "array", items: [{ value: x(1, 16) }, { value: x(1, 23) }], loc: { line: 1, column: 15 } });
  });

  it("`a.concat(b, c)` is an array spreading the receiver, then each argument", () => {
    const { read } = readerOf(['const A = ["x"];', 'const probe = A.concat(B, ["x"]);']);
    expect(read("probe")).toEqual({
      k: "array",
      items: [
        { spread: { k: "local", key: "A", path: [], loc: { line: 1, column: 7 } } },
        { spread: { k: "string", expr: { k: "unknown", why: "`B` is not declared in this file", line: 2, column: 24 }, loc: { line: 2, column: 24 }, end: { line: 2, column: 25 } } },
        { spread: { k: "array", items: [{ value: x(2, 28) }], loc: { line: 2, column: 27 } } },
      ],
      loc: { line: 2, column: 15 },
    });
  });

  it("an argument of `concat` is one level below the call: 63 arrays are read to the bottom, 64 are cut", () => {
    const spreadOf = (depth: number): DataValue => {
      const value = readerOf([`const probe = [].concat(${nested(depth)});`]).read("probe");
      if (value.k !== "array" || !value.items[1] || !("spread" in value.items[1])) throw new Error("no spread argument");
      return value.items[1].spread;
    };
    expect(innermost(spreadOf(63))).toEqual({ arrays: 63, inside: x(1, 88) });
    expect(innermost(spreadOf(64))).toEqual({ arrays: 64, inside: { k: "unknown", why: '`"x"` is nested too deeply to read', loc: { line: 1, column: 89 } } });
  });
});

describe("`||` and `??`", () => {
  it("with a left side that is no caller's argument, is a choice of both sides", () => {
    const { read } = readerOf(['const probe = flag || "x";']);
    expect(read("probe")).toEqual({
      k: "choice",
      options: [
        { k: "string", expr: { k: "unknown", why: "`flag` is not declared in this file", line: 1, column: 15 }, loc: { line: 1, column: 15 }, end: { line: 1, column: 19 } },
        x(1, 23),
      ],
      loc: { line: 1, column: 15 },
    });
  });

  it("with a parameter of a top-level function on the left, is the argument with the right side as its fallback", () => {
    const { read } = readerOf(["function f(name) {", '  const probe = name ?? "x";', "}"]);
    expect(read("probe")).toEqual({ k: "arg", fn: "f", index: 0, path: [], fallback: x(2, 25), loc: { line: 2, column: 17 } });
  });

  it("a fallback is one level below: 63 arrays are read to the bottom, 64 are cut", () => {
    const fallbackOf = (depth: number): DataValue => {
      const value = readerOf(["function f(name) {", `  const probe = name || ${nested(depth)};`, "}"]).read("probe");
      if (value.k !== "arg" || !value.fallback) throw new Error("no fallback");
      return value.fallback;
    };
    expect(innermost(fallbackOf(63)).inside).toEqual(x(2, 88));
    expect(innermost(fallbackOf(64))).toEqual({ arrays: 64, inside: { k: "unknown", why: '`"x"` is nested too deeply to read', loc: { line: 2, column: 89 } } });
  });

  it("the right side of a choice is one level below: 63 arrays are read to the bottom, 64 are cut", () => {
    const rightOf = (depth: number): DataValue => {
      const value = readerOf([`const probe = flag || ${nested(depth)};`]).read("probe");
      if (value.k !== "choice") throw new Error("no choice");
      return value.options[1]!;
    };
    expect(innermost(rightOf(63)).inside).toEqual(x(1, 86));
    expect(innermost(rightOf(64))).toEqual({ arrays: 64, inside: { k: "unknown", why: '`"x"` is nested too deeply to read', loc: { line: 1, column: 87 } } });
  });
});

describe("`new` of a const", () => {
  it("reads the const one level below the expression: first read there, its value is declared as read at that depth", () => {
    const declaredAfter = (depth: number): DataValue => {
      const { read, declared } = readerOf([`const X = ${nested(depth)};`, "const probe = new X();"]);
      // Not a class: the instance is built at run time.
      expect(read("probe")).toEqual({ k: "other", what: "new X()", why: "`new X(...)` is built at run time", loc: { line: 2, column: 15 } });
      return declared["X"]!;
    };
    expect(innermost(declaredAfter(62)).inside).toEqual(x(1, 73));
    expect(innermost(declaredAfter(63))).toEqual({ arrays: 63, inside: { k: "unknown", why: '`"x"` is nested too deeply to read', loc: { line: 1, column: 74 } } });
  });
});

describe("parameters of element callbacks and of top-level functions", () => {
  it("a rest element of a callback's object parameter is the element itself (`({ handler, ...tool }) => tool`)", () => {
    const { read } = readerOf(['const L = [{ name: "x", handler: () => 1 }];', "const probe = L.map(({ handler, ...rest }) => rest);"]);
    const value = read("probe");
    if (value.k !== "map") throw new Error(`a ${value.k}, not a map`);
    expect(value.element).toEqual({ k: "param", slot: 0, path: [], loc: { line: 2, column: 47 } });
  });

  it("a rest element of a callback's array parameter is no part of the element: it reads as the parameter it is", () => {
    const { read } = readerOf(['const L = [["x", "y"]];', "const probe = L.map(([...rest]) => rest);"]);
    const value = read("probe");
    if (value.k !== "map") throw new Error(`a ${value.k}, not a map`);
    expect(value.element).toMatchObject({ k: "string", expr: { k: "unknown", why: "`rest` is a parameter" } });
  });

  it("a rest element of a top-level function's parameter is the whole argument: no path into it", () => {
    const { read } = readerOf(["function f({ ...rest }) {", "  const probe = rest;", "}"]);
    expect(read("probe")).toEqual({ k: "arg", fn: "f", index: 0, path: [], fallback: null, loc: { line: 2, column: 17 } });
  });
});

describe("the iterations a value reads (iterationsIn)", () => {
  const lines = ['const A = ["x"];', 'const B = ["x"];', "A.forEach((a) => B.forEach((b) => {", "  const probe = [b, a];", "  const mapped = B.map((c) => c);", "}));"];

  it("lists each free iteration once, by slot, lowest first, with the list it iterates", () => {
    const { read, reader } = readerOf(lines);
    const value = read("probe");
    // `b` is met first and takes slot 0; `a` takes slot 1.
    expect(value).toMatchObject({ k: "array", items: [{ value: { k: "param", slot: 0 } }, { value: { k: "param", slot: 1 } }] });
    expect(reader.iterationsIn([value, null])).toEqual([
      { slot: 0, source: { k: "local", key: "B", path: [], loc: { line: 2, column: 7 } } },
      { slot: 1, source: { k: "local", key: "A", path: [], loc: { line: 1, column: 7 } } },
    ]);
  });

  it("an element a `map` binds is no free iteration of the map", () => {
    const { read, reader } = readerOf(lines);
    const value = read("mapped");
    expect(value).toMatchObject({ k: "map", slot: 0, element: { k: "param", slot: 0, path: [] } });
    expect(reader.iterationsIn([value])).toEqual([]);
  });
});

describe("returnedExpressions", () => {
  it("a function without a body returns nothing", () => {
    const sourceFile = parseSource("t.ts", "function f(): string;");
    const fn = sourceFile.statements[0] as ts.FunctionDeclaration;
    expect(returnedExpressions(fn)).toEqual([]);
    expect(returnedExpression(fn)).toBeUndefined();
  });
});
