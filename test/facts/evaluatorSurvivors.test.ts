// The string evaluator at the edges its first mutation run left untested: the reasons it gives for `undefined`, a
// class, an array destructuring, a join over an array not `as const` (through casts and parentheses), numbers with a
// sign, String.raw and other tags, enum members that are not strings, and loop variables of both kinds.
import { describe, expect, it } from "vitest";
import { cat, probe, str, unknown } from "./strExprs.js";

describe("what the evaluator cannot read, and why", () => {
  it("`undefined` and a class", () => {
    expect(probe("const probe = undefined;")).toEqual(unknown("`undefined` is not a string", 1, 15));
    expect(probe("class Tool {}\nconst probe = Tool;")).toEqual(unknown("`Tool` is a class, not a string", 2, 15));
  });

  it("a name destructured from an array", () => {
    expect(probe('const [first] = ["a"];\nconst probe = first;')).toEqual(unknown("`first` is destructured from an array", 1, 8));
  });

  it("a join over an array not `as const`, however it is wrapped", () => {
    expect(probe('const parts = ["a", "b"];\nconst probe = parts.join("-");')).toEqual(unknown("`parts` is not `as const`: its elements may change", 2, 15));
    expect(probe('const parts = (["a", "b"] satisfies string[]);\nconst probe = parts.join("-");')).toEqual(unknown("`parts` is not `as const`: its elements may change", 2, 15));
    expect(probe('const parts = ((["a", "b"]) as const)!;\nconst probe = parts.join("-");')).toEqual(str("a-b"));
    expect(probe('const parts = (["a", "b"] as const) satisfies readonly string[];\nconst probe = parts.join("-");')).toEqual(str("a-b"));
  });

  it("a number with a minus sign is a number; other unary operators are not read", () => {
    expect(probe("const probe = `${-1}`;")).toEqual(str("-1"));
    expect(probe("const probe = `${-0.5}`;")).toEqual(str("-0.5"));
    expect(probe("const N = 2;\nconst probe = `${-N}`;")).toEqual(unknown("`-N` cannot be evaluated statically", 2, 18));
    expect(probe("const probe = `${+1}`;")).toEqual(unknown("`+1` cannot be evaluated statically", 1, 18));
    expect(probe("const probe = `${!1}`;")).toEqual(unknown("`!1` cannot be evaluated statically", 1, 18));
  });

  it("String.raw is read raw; another tag is not read", () => {
    expect(probe("const probe = String.raw`a\\nb`;")).toEqual(str("a\\nb"));
    expect(probe('const X = "x";\nconst probe = String.raw`a${X}\\n`;')).toEqual(str("ax\\n"));
    expect(probe("const probe = tag`a`;").k).toBe("unknown");
    expect(probe("const probe = other.raw`a`;").k).not.toBe("str");
  });

  it("a numeric enum member is not read, whether set or numbered, nor a computed one; a string member is", () => {
    for (const member of ["A = 3", "A"]) {
      expect(probe(`enum E { ${member} }\nconst probe = \`\${E.A}\`;`)).toEqual(unknown("`E.A` is a numeric enum member", 2, 18));
    }
    expect(probe("enum E { A = 1 << 2 }\nconst probe = `${E.A}`;")).toEqual(unknown("`1 << 2` is not a string expression", 1, 14));
    expect(probe('enum E { A = "a" }\nconst probe = `${E.A}`;')).toEqual(str("a"));
  });

  it("loop variables of both kinds are named as such", () => {
    expect(probe("for (const k in o) { const probe = k; }")).toEqual(unknown("`k` is a for...in loop variable", 1, 36));
    expect(probe("for (const k of o) { const probe = k; }")).toEqual(unknown("`k` is a for...of loop variable", 1, 36));
  });

  it("a property of a destructured `as const` object, renamed", () => {
    expect(probe('const O = { a: { b: "x" } } as const;\nconst { a: { b: renamed } } = O;\nconst probe = renamed;')).toEqual(str("x"));
    expect(probe('const O = { a: "x" } as const;\nconst { a } = O;\nconst probe = `${a}!`;')).toEqual(str("x!"));
  });

  it("a nested pattern whose object lacks the property names the property it is read from", () => {
    expect(probe('const O = { a: { c: "x" } } as const;\nconst { a: { b } } = O;\nconst probe = b;')).toEqual(unknown("`a` has no property `b`", 2, 14));
  });

  it("a spread of an object not `as const` names the spread", () => {
    const p = probe('const S = { a: "x" };\nconst O = { ...S } as const;\nconst probe = O.a;');
    expect(p.k).toBe("unknown");
    expect(p.k === "unknown" && p.why).toContain("spreads `...S`, which is not `as const`");
  });

  it("a concatenation keeps what it can read beside what it cannot", () => {
    expect(probe('const probe = "a" + undefined;')).toEqual(cat(str("a"), unknown("`undefined` is not a string", 1, 21)));
  });
});
