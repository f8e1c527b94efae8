// A value computed while a cycle was cut depends on where the evaluation started: it is kept only until that evaluation
// ends, so what one evaluation gives never depends on what the evaluator read before it (facts stay a pure function of
// the file).
import { expect, it } from "vitest";
import { StringEvaluator } from "../../src/facts/evaluator.js";
import { parseSource } from "../../src/ts.js";
import { initializerOf } from "./strExprs.js";

it.each([
  ["objects that spread each other", 'const A = { ...B, k: "x" } as const;\nconst B = { ...A } as const;\nconst first = `${B.j}`;\nconst second = `${A.j}`;\n'],
  ["constants that name each other", "const A = `a${B}`;\nconst B = `b${A}`;\nconst first = `${B}`;\nconst second = `${A}`;\n"],
])("%s: the second read gives what it gives alone", (_name, source) => {
  const sourceFile = parseSource("p.ts", source);
  const evaluator = new StringEvaluator();
  evaluator.evaluate(initializerOf(sourceFile, "first"));
  const afterFirst = evaluator.evaluate(initializerOf(sourceFile, "second"));
  const alone = new StringEvaluator().evaluate(initializerOf(parseSource("p.ts", source), "second"));
  expect(afterFirst).toEqual(alone);
  // The cut reads as unknown (alone, or as a part of the text).
  expect(JSON.stringify(alone)).toContain('"k":"unknown"');
});
