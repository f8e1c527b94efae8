// Edges of the string evaluator and what reads through it: members of `as const` objects that are no string (a plain
// object, an enum, the object itself), spreads it cannot list, imports from a module written as no string, a sum
// that is no concatenation; the cheap tests `mayBeKnown` / `mayRemember`; and a traced write without a value.
import { describe, expect, it } from "vitest";
import { collectConstants } from "../../src/facts/constants.js";
import { StringEvaluator } from "../../src/facts/evaluator.js";
import type { ConstValue, StrExpr } from "../../src/facts/types.js";
import { definitionsOf } from "../../src/facts/values.js";
import { parseSource, ts } from "../../src/ts.js";

const str = (v: string): StrExpr => ({ k: "str", v });
const unknown = (why: string, line: number, column: number): StrExpr => ({ k: "unknown", why, line, column });

/** The initializer of the (first) variable declared as `name`, anywhere in the file. */
function initializerOf(sourceFile: ts.SourceFile, name: string): ts.Expression {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) {
      found = node.initializer;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (!found) throw new Error(`no declaration of ${name} in the test source`);
  return found;
}

/** What a fresh evaluator makes of `probe`'s initializer. */
const probe = (lines: string[]): StrExpr => new StringEvaluator().evaluate(initializerOf(parseSource("probe.ts", lines.join("\n")), "probe"));

const constantsOf = (lines: string[]): Record<string, ConstValue> => collectConstants(parseSource("kinds.ts", lines.join("\n")), new StringEvaluator());

describe("collectConstants: members of an `as const` object that are no string", () => {
  it("an object that spreads something it cannot list is one unknown, for the spread's reason", () => {
    expect(constantsOf(['const S = "s";', "const O = { ...S } as const;"])["O"]).toEqual({
      k: "string",
      expr: unknown("spreads `...S`, which is not an `as const` object", 2, 13),
    });
  });

  it("a member that is the object itself, at any depth, contains itself", () => {
    expect(constantsOf(["const O = { self: O, a: { again: O } } as const;"])["O"]).toEqual({
      k: "object",
      members: {
        self: { k: "string", expr: unknown("`O.self` contains itself", 1, 13) },
        a: { k: "object", members: { again: { k: "string", expr: unknown("`O.a.again` contains itself", 1, 27) } } },
      },
    });
  });

  it("a member naming an object that is not `as const` says so, at the member's value", () => {
    expect(constantsOf(['const P = { a: "b" };', 'const O = { p: P, s: "t" } as const;'])["O"]).toEqual({
      k: "object",
      members: {
        p: { k: "string", expr: unknown("`O.p` is not `as const`: its properties may change", 2, 16) },
        s: { k: "string", expr: str("t") },
      },
    });
  });

  it("a member naming a string enum is the enum's members; one naming a numeric enum is not a string", () => {
    expect(constantsOf(['enum K { A = "a" }', "enum N { A }", "const O = { k: K, n: N } as const;"])["O"]).toEqual({
      k: "object",
      members: {
        k: { k: "object", members: { A: { k: "string", expr: str("a") } } },
        n: { k: "string", expr: unknown("`O.n` is not a string", 3, 19) },
      },
    });
  });
});

describe("the string evaluator: reasons at the edges", () => {
  it("a name imported from a module written as no string cannot be read", () => {
    expect(probe(["import { A } from 5;", "const probe = `${A}`;"])).toEqual(unknown("`A` is imported from a module that cannot be read", 2, 18));
  });

  it("a name destructured from a declaration without a value", () => {
    expect(probe(["const { a };", "const probe = `${a}`;"])).toEqual(unknown("destructured without a value", 1, 7));
  });

  it("an `as const` object that spreads itself has no members to read", () => {
    expect(probe(['const O = { a: "x", ...O } as const;', "const probe = `${O.a}`;"])).toEqual(unknown("the object spreads itself", 1, 11));
  });

  it("a sum of a number and an unknown is unknown for the unknown's reason", () => {
    expect(probe(['let x = "a";', "const probe = 1 + x;"])).toEqual(unknown("`x` is declared with let and may change", 2, 19));
  });

  it("a sum of a number and a boolean is no string concatenation", () => {
    expect(probe(["const probe = 1 + true;"])).toEqual(unknown("`1 + true` is not a string concatenation", 1, 15));
  });
});

describe("mayBeKnown and mayRemember", () => {
  const at = (lines: string[]): { evaluator: StringEvaluator; sourceFile: ts.SourceFile } => ({
    evaluator: new StringEvaluator(),
    sourceFile: parseSource("probe.ts", lines.join("\n")),
  });
  const initializer = (lines: string[]): { evaluator: StringEvaluator; expr: ts.Expression } => {
    const { evaluator, sourceFile } = at(lines);
    return { evaluator, expr: initializerOf(sourceFile, "probe") };
  };

  it("an enum member's initializer may be known, even a name that is no binding (a sibling member)", () => {
    const { evaluator, sourceFile } = at(['enum E { A = "a", B = A }']);
    const b = (sourceFile.statements[0] as ts.EnumDeclaration).members[1]!.initializer!;
    expect(evaluator.mayBeKnown(b)).toBe(true);
  });

  it("a private field is never known, even of a const", () => {
    const { evaluator, expr } = initializer(['class C { #w = "x"; m() { const o = this; const probe = o.#w; } }']);
    expect(evaluator.mayBeKnown(expr)).toBe(false);
  });

  it.each([
    ['a concatenation whose right side is a const', ['const W = "w";', 'const probe = "x" + W;'], true],
    ["`String.raw`", ["const probe = String.raw`a`;"], true],
    ["another tag's property", ["declare const tag: any;", "const probe = tag.other`a`;"], false],
    ["a property of `false`", ["const probe = false.x;"], false],
    ["a property of a string", ['const probe = "s".length;'], false],
  ])("mayRemember: %s", (_name, lines, expected) => {
    const { evaluator, expr } = initializer(lines);
    expect(evaluator.mayRemember(expr)).toBe(expected);
  });
});

describe("definitionsOf: a write the tracer cannot see the value of", () => {
  it("a destructuring declaration without a value is one operand that says so", () => {
    const sourceFile = parseSource("case.ts", "function f() {\n  let { err };\n  return err;\n}");
    let last: ts.Identifier | undefined;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && node.text === "err") last = node;
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    expect(definitionsOf(last!)).toEqual([
      {
        kind: "initializer",
        loc: { line: 2, column: 9 },
        text: "let { err }",
        operands: [{ k: "other", loc: { line: 2, column: 9 }, text: "let { err }", why: "the tracer cannot see the value written here" }],
      },
    ]);
  });
});
