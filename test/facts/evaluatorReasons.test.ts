// Why the string evaluator cannot read a value, form by form: each unknown names what it met, at the node it met it.
import { describe, expect, it } from "vitest";
import type { StrExpr } from "../../src/facts/types.js";
import { probe } from "./strExprs.js";

/** The reason of the unknown `probe` evaluates to, or the whole expression when it is no unknown. */
function why(source: string): string | StrExpr {
  const e = probe(source);
  return e.k === "unknown" ? e.why : e;
}

describe("the string evaluator says why it cannot read a value", () => {
  it.each([
    ["a `using` resource", "using r = open();\nconst probe = `${r}`;", "`r` is a `using` resource"],
    ["a rest element", "const { ...rest } = O;\nconst probe = `${rest}`;", "`rest` is a rest element"],
    ["a destructured key that is computed from a call", 'const O = { a: "x" } as const;\nconst { [k()]: v } = O;\nconst probe = `${v}`;', "call to `k()`"],
    ["a destructured key the object does not have", 'const O = { a: "x" } as const;\nconst { b } = O;\nconst probe = `${b}`;', "`O` has no property `b`"],
    ["a name destructured from a parameter", "function f({ a }) {\n  const probe = `${a}`;\n}", "`a` is a parameter"],
    ["a private field", 'class C {\n  #w = "x";\n  m() { const probe = `${this.#w}`; }\n}', "private field `this.#w`"],
    ["a property of a string", 'const S = "abc";\nconst probe = `${S.length}`;', "`S` is a string: its property `length` is not evaluated"],
    ["a property of a number", "const N = 5;\nconst probe = `${N.x}`;", "`N` is a number: its property `x` is not evaluated"],
    ["a property of a boolean", "const B = true;\nconst probe = `${B.x}`;", "`B` is a boolean: its property `x` is not evaluated"],
    ["a method of an object", "const O = { m() {} } as const;\nconst probe = `${O.m}`;", "`O.m` is a method or accessor, not a value"],
    ["a spread of an object that is not `as const`", 'const A = { x: "1" };\nconst O = { ...A } as const;\nconst probe = `${O.x}`;', "spreads `...A`, which is not `as const`"],
    ["a spread of an import", 'import { W } from "./w";\nconst O = { ...W } as const;\nconst probe = `${O.x}`;', "spreads `...W`, imported: its properties cannot be listed in this file"],
    ["a spread of a string", 'const S = "s";\nconst O = { ...S } as const;\nconst probe = `${O.x}`;', "spreads `...S`, which is not an `as const` object"],
    ["a key that is not a string", 'const K = true;\nconst O = { [K]: "v" } as const;\nconst probe = `${O.x}`;', "computed key `[K]`: the key `K` is not a string"],
    ["a key that is imported", 'import { K } from "./k";\nconst O = { [K]: "v" } as const;\nconst probe = `${O.x}`;', "computed key `[K]`: the key `K` is imported: a key must be known in this file"],
    ["an object cast to a type, not `as const`", 'const O = { a: "x" } as Record<string, string>;\nconst probe = `${O.a}`;', "`O` is not `as const`: its properties may change"],
    ["an object that satisfies a type, not `as const`", 'const P = { a: "x" } satisfies object;\nconst probe = `${P.a}`;', "`P` is not `as const`: its properties may change"],
    ["an object read under an `as const` that is the read's, not the object's", 'const probe = ({ k: "v" }).k as const;', "`({ k: \"v\" })` is not `as const`: its properties may change"],
    ["an `import x = require(...)`", 'import x = require("y");\nconst probe = `${x}`;', "`x` is imported with `import x = ...`, which is not followed"],
  ])("%s", (_name, source, expected) => {
    expect(why(source)).toBe(expected);
  });

  it("`<const>` before an object is `as const`", () => {
    expect(probe('const O = <const>{ b: "y" };\nconst probe = `${O.b}`;')).toEqual({ k: "str", v: "y" });
  });

  it("a bigint key is read as the number it names", () => {
    expect(probe('const O = { 10n: "ten" } as const;\nconst probe = `${O["10"]}`;')).toEqual({ k: "str", v: "ten" });
  });

  it("a chain of constants deeper than the evaluator follows is cut, and says so", () => {
    const lines = ['const C0 = "x";'];
    for (let i = 1; i <= 300; i++) lines.push(`const C${i} = C${i - 1};`);
    lines.push("const probe = `${C300}`;");
    expect(why(lines.join("\n"))).toMatch(/too deep/);
  });
});
