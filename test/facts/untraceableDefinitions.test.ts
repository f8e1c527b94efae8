// A definition the tracer cannot follow (a loop variable, a caught exception, code after a return) carries its reason
// and no operands: nothing is read from a value it does not have.
import { expect, it } from "vitest";
import { definitionsOf } from "../../src/facts/values.js";
import { lastIdentifier } from "./lastIdentifier.js";

it.each([
  ["a for...of loop variable", "function f(list) { for (const err of list) return err; }"],
  ["a caught exception", "function f() { try { g(); } catch (err) { return err; } }"],
])("%s: its reason, no operands", (_what, source) => {
  const [def] = definitionsOf(lastIdentifier(source, "err"));
  expect(def!.kind).toBe("untraceable");
  expect(typeof def!.reason).toBe("string");
  expect(def!.operands).toBeUndefined();
});
