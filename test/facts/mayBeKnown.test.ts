// Whether the string evaluator may know an expression's value (StringEvaluator.mayBeKnown): the cheap test a call's
// word argument passes before the census evaluates it. False only where the value is certainly unknown or no string.
import { describe, expect, it } from "vitest";
import { StringEvaluator } from "../../src/facts/evaluator.js";
import { initializerOf } from "./strExprs.js";
import { parseSource } from "../../src/ts.js";

const PRELUDE = [
  'import { IMPORTED } from "./words.js";',
  'const WORD = "error";',
  "let changing = 'x';",
  'const O = { a: { b: "c" } } as const;',
  'enum Kind { Error = "error" }',
  "declare function f(): any;",
  "declare const list: string[];",
  "declare const tag: any;",
];

function mayBeKnown(expression: string): boolean {
  const sourceFile = parseSource("probe.ts", [...PRELUDE, `const probe = ${expression};`].join("\n"));
  return new StringEvaluator().mayBeKnown(initializerOf(sourceFile, "probe"));
}

describe("may be known", () => {
  it.each([
    ['"text"'],
    ["`text`"],
    ["`a${WORD}b`"],
    ['WORD + "!"'],
    ["WORD"],
    ["IMPORTED"],
    ["Kind.Error"],
    ["O.a.b"],
    ['O["a"].b'],
    ["(O.a as any).b"],
    ["O.a!.b"],
    ['["a", "b"].join(", ")'],
    ['["a"].join(", ").length'],
    ["String.raw`a\\b`"],
    ["(WORD)"],
  ])("%s", (expression) => {
    expect(mayBeKnown(expression)).toBe(true);
  });
});

describe("certainly unknown or no string", () => {
  it.each([
    ["1"],
    ["true"],
    ["{ a: 1 }"],
    ["WORD - 1"],
    ["changing"],
    ["undeclared"],
    ["this.word"],
    ["changing.x"],
    ["f()"],
    ["f().join"],
    ["list.map(String)"],
    ["tag`a`"],
  ])("%s", (expression) => {
    expect(mayBeKnown(expression)).toBe(false);
  });
});
