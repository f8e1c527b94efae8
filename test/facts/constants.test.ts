// Tests of what a module offers to others: its constants as data, and reading one by name and property path.
import { describe, expect, it } from "vitest";
import { collectConstants } from "../../src/facts/constants.js";
import { constantAt } from "../../src/facts/constantAt.js";
import { StringEvaluator } from "../../src/facts/evaluator.js";
import type { ConstValue } from "../../src/facts/types.js";
import { parseSource } from "../../src/ts.js";
import { cat, ref, str, unknown } from "./strExprs.js";

describe("collectConstants", () => {
  it("keeps top-level string-ish consts, as const objects, string enums and export default", () => {
    const sourceFile = parseSource(
      "words.ts",
      [
        /* 1 */ 'import { OTHER } from "./other";',
        /* 2 */ 'export const FAILURE = "error";',
        /* 3 */ "const PARTLY = `${f()}!`;",
        /* 4 */ "export const WORDS = {",
        /* 5 */ '  refusal: "invalid",',
        /* 6 */ '  nested: { x: "y" },',
        /* 7 */ "  code: 500,",
        /* 8 */ "  m() {},",
        /* 9 */ "} as const;",
        /* 10 */ 'export enum Kind { Error = "error", Num = 1 }',
        /* 11 */ "enum Numbers { A, B }",
        /* 12 */ "const server = makeServer();",
        /* 13 */ 'let changing = "x";',
        /* 14 */ "export const ALIAS = OTHER;",
        /* 15 */ 'const PLAIN = { a: "b" };',
        /* 16 */ "const [destructured] = FAILURE;",
        /* 17 */ 'function g() { const LOCAL = "x"; }',
        /* 18 */ "export default FAILURE + PARTLY;",
      ].join("\n"),
    );
    const expected: Record<string, ConstValue> = {
      FAILURE: { k: "string", expr: str("error") },
      PARTLY: { k: "string", expr: cat(unknown("call to `f()`", 3, 19), str("!")) },
      WORDS: {
        k: "object",
        members: {
          refusal: { k: "string", expr: str("invalid") },
          nested: { k: "object", members: { x: { k: "string", expr: str("y") } } },
          code: { k: "string", expr: unknown("`500` is a number, not a string", 7, 9) },
          m: { k: "string", expr: unknown("`WORDS.m` is a method or accessor, not a value", 8, 3) },
        },
      },
      Kind: {
        k: "object",
        members: {
          Error: { k: "string", expr: str("error") },
          Num: { k: "string", expr: unknown("`Kind.Num` is a numeric enum member", 10, 37) },
        },
      },
      ALIAS: { k: "string", expr: ref("./other", "OTHER", [], 14, 22) },
      PLAIN: { k: "string", expr: unknown("`PLAIN` is not `as const`: its properties may change", 15, 15) },
      default: { k: "string", expr: cat(str("error"), unknown("call to `f()`", 3, 19), str("!")) },
    };
    const constants = collectConstants(sourceFile, new StringEvaluator());
    expect(constants).toEqual(expected);
    expect(Object.keys(constants)).toEqual(Object.keys(expected));
    expect(JSON.parse(JSON.stringify(constants))).toEqual(expected);
  });

  it("merges an enum declared twice and keeps a `__proto__` key as an own member", () => {
    const sourceFile = parseSource(
      "e.ts",
      'enum K { A = "a" }\nenum K { B = "b" }\nconst O = { ["__proto__"]: "p" } as const;',
    );
    const constants = collectConstants(sourceFile, new StringEvaluator());
    expect(constants["K"]).toEqual({
      k: "object",
      members: { A: { k: "string", expr: str("a") }, B: { k: "string", expr: str("b") } },
    });
    const o = constants["O"];
    expect(o?.k === "object" && Object.hasOwn(o.members, "__proto__")).toBe(true);
    expect(o?.k === "object" && o.members["__proto__"]).toEqual({ k: "string", expr: str("p") });
  });
});

describe("constantAt", () => {
  const constants = collectConstants(
    parseSource("c.ts", 'import { X } from "./x";\nexport const W = X;\nexport const O = { a: { b: "c" } } as const;'),
    new StringEvaluator(),
  );

  it("extends the path of a constant that is a ref", () => {
    expect(constantAt(constants, "W", ["p", "q"])).toEqual({ expr: ref("./x", "X", ["p", "q"], 2, 18) });
  });

  it("an object is not a string", () => {
    expect(constantAt(constants, "O", ["a"])).toEqual({ unknown: "`O.a` is an object, not a string" });
  });

  it("a string has no properties", () => {
    expect(constantAt(constants, "O", ["a", "b", "c"])).toEqual({ unknown: "`O.a.b` is a string: it has no property `c`" });
  });

  it("inherited names are not constants", () => {
    expect(constantAt(constants, "toString", [])).toEqual({
      unknown: "no constant string or `as const` object `toString` there",
    });
  });
});
