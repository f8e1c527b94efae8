// What a call's callee is to the census (a producer is known by the function it calls): an import, a local function,
// or why it cannot tell, form by form.
import { describe, expect, it } from "vitest";
import { definitionsOf } from "../../src/facts/values.js";
import { lastIdentifier } from "./lastIdentifier.js";

/** The callee of the call that initialises `err`, as the trace of `return err` sees it. */
function calleeOf(lines: string[]): unknown {
  const [definition] = definitionsOf(lastIdentifier(lines.join("\n")));
  const operand = definition?.operands?.[0];
  return operand?.k === "call" ? operand.callee : operand;
}

describe("a call's callee", () => {
  it.each([
    ["a conditional", ["function f(x) {", "  const err = (x ? a : b)();", "  return err;", "}"], { k: "unknown", why: "`x ? a : b` is not a named function" }],
    ["a namespace import called whole", ['import * as checks from "./checks.js";', "function f() {", "  const err = checks();", "  return err;", "}"], { k: "unknown", why: "`checks` is a whole module, not a function" }],
    ["a const holding a call's result", ["const check = makeCheck();", "function f() {", "  const err = check();", "  return err;", "}"], { k: "unknown", why: "`check` holds the result of `makeCheck()`, not a named function" }],
    ["a let", ["let check = validateA;", "function f() {", "  const err = check();", "  return err;", "}"], { k: "unknown", why: "`check` is a let variable: it may hold any function" }],
    ["a parameter", ["function f(check) {", "  const err = check();", "  return err;", "}"], { k: "unknown", why: "`check` is a parameter: any function may be passed in" }],
    ["a const arrow function", ["const check = () => null;", "function f() {", "  const err = check();", "  return err;", "}"], { k: "local", name: "check" }],
    ["a const alias of an import", ['import { validateA } from "./helpers.js";', "const check = validateA;", "function f() {", "  const err = check();", "  return err;", "}"], { k: "import", module: "./helpers.js", name: "validateA", local: "validateA" }],
    ["a default import", ['import validate from "./helpers.js";', "function f() {", "  const err = validate();", "  return err;", "}"], { k: "import", module: "./helpers.js", name: "default", local: "validate" }],
  ])("%s", (_name, lines, expected) => {
    expect(calleeOf(lines as string[])).toEqual(expected);
  });
});
