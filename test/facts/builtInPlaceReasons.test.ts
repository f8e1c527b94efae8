// Why a value a pass-through returns is no producer's result, in the user's words, for each kind of expression that
// builds its value in place (operandsOf's describeKind).
import { expect, it } from "vitest";
import { definitionsOf } from "../../src/facts/values.js";
import { lastIdentifier } from "./lastIdentifier.js";

it.each([
  ["{ status: 1 }", "an object literal is built in place"],
  ["[1]", "an array literal is built in place"],
  ["new Failure()", "a `new` expression is built in place"],
  ["() => 1", "a function is not an envelope"],
  ["(() => 1)", "a function is not an envelope"],
  ["a && b", "an `&&` expression: its left side may be passed through instead of a producer's result"],
  ["tag`x`", "a tagged template is built in place"],
  ["this", "`this` is not a producer's result"],
  ["a.b + 1", "`a.b + 1` is not a call to a shared producer"],
])("`let err = %s`: %s", (value, why) => {
  const [def] = definitionsOf(lastIdentifier(`function f(a, b) {\n  let err = ${value};\n  if (err) return err;\n}`, "err"));
  expect(def!.operands?.filter((o) => o.k === "other").map((o) => (o as { why: string }).why)).toEqual([why]);
});
