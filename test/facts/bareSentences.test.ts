// Bare sentences of one returned expression (SPEC §2.3): which operands count and their canonical text.
import { describe, expect, it } from "vitest";
import { ts, parseSource } from "../../src/ts.js";
import { bareSentencesOf } from "../../src/facts/bareSentences.js";

function sentences(expr: string): string[] {
  const sf = parseSource("probe.ts", `declare const n: number, x: string | undefined, c: boolean;\nfunction probe() {\n  return ${expr};\n}\n`);
  let ret: ts.ReturnStatement | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) ret = node;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return bareSentencesOf(ret!.expression!).map((s) => `${s.loc.column}:${s.sentence}`);
}

describe("bare sentence forms", () => {
  it("a string literal, cooked", () => {
    expect(sentences(`"No plan XML provided."`)).toEqual(["10:No plan XML provided."]);
    expect(sentences(`'caf\\u00e9 \\x41'`)).toEqual(["10:café A"]);
  });
  it("a template literal with its substitutions written ${…}", () => {
    expect(sentences("`Server ${x} has ${n} jobs.`")).toEqual(["10:Server ${…} has ${…} jobs."]);
    expect(sentences("`plain`")).toEqual(["10:plain"]);
  });
  it("a + concatenation containing a literal, non-literal operands written ${…}", () => {
    expect(sentences(`"Prefix " + n + " rows skipped."`)).toEqual(["10:Prefix ${…} rows skipped."]);
    expect(sentences("x + `!`")).toEqual(["10:${…}!"]);
  });
  it("each branch of ?: on its own", () => {
    expect(sentences(`c ? "A." : "B."`)).toEqual(["14:A.", "21:B."]);
  });
  it("each string operand of ?? and || on its own", () => {
    expect(sentences(`x ?? "Fallback."`)).toEqual(["15:Fallback."]);
    expect(sentences(`x || "One." || "Two."`)).toEqual(["15:One.", "25:Two."]);
  });
  it("parentheses and casts change nothing", () => {
    expect(sentences(`("Wrapped." as string)`)).toEqual(["11:Wrapped."]);
  });
});

describe("not bare sentences", () => {
  it.each([
    ["a variable", "x"],
    ["a number", "n"],
    ["a call", "String(n)"],
    ["a numeric sum", "n + 1"],
    ["JSON of an object", "JSON.stringify({ a: 1 })"],
  ])("%s", (_name, expr) => {
    expect(sentences(expr)).toEqual([]);
  });
});
