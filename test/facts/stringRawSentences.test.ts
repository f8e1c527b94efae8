// The canonical text of a bare sentence written as a String.raw template (SPEC §2.3): its text as written, escapes
// left as they are, each substitution `${…}`, whatever their number.
import { expect, it } from "vitest";
import { bareSentencesOf } from "../../src/facts/bareSentences.js";
import { parseSource, ts } from "../../src/ts.js";

function sentences(expr: string): string[] {
  const sf = parseSource("probe.ts", `declare const a: string, b: string;\nfunction probe() {\n  return ${expr};\n}\n`);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression) found.push(...bareSentencesOf(node.expression).map((s) => s.sentence));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

it("a String.raw template of no substitution is its raw text", () => {
  expect(sentences("String.raw`C:\\new\\table`")).toEqual(["C:\\new\\table"]);
});

it("a String.raw template of several substitutions writes each `${…}`, the raw text between them as it stands", () => {
  expect(sentences("String.raw`From ${a}\\t to ${b}\\n, twice.`")).toEqual(["From ${…}\\t to ${…}\\n, twice."]);
});

it("a String.raw template inside a + chain is read as written there too, an escaped `${` no substitution", () => {
  expect(sentences("'Path ' + String.raw`${a}\\${b}` + '.'")).toEqual(["Path ${…}\\${b}."]);
});

it("line breaks written inside a String.raw template read as \\n, as JavaScript reads them: CR LF and a lone CR alike", () => {
  expect(sentences("String.raw`two\r\nlines`")).toEqual(["two\nlines"]);
  expect(sentences("String.raw`two\rlines`")).toEqual(["two\nlines"]);
  expect(sentences("String.raw`a ${a}\r\nb ${b}\rc`")).toEqual(["a ${…}\nb ${…}\nc"]);
});

it("a template tagged by another member of String is no sentence: only String.raw gives its text", () => {
  expect(sentences("String.fromCharCode`No id given.`")).toEqual([]);
});
