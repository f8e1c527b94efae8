// Which names holding a module's namespace a callee is followed through (src/facts/callees.ts, `moduleObjectOf`): a
// const, and nothing that may hold another value by the time of the call: a `let` or `var` may be written again, a
// parameter's default stands only when the caller passes nothing.
import { describe, expect, it } from "vitest";
import { calleeRefOf, followableCalleeRefOf } from "../../src/facts/callees.js";
import { parseSource, ts } from "../../src/ts.js";

/** The callee of the last call that is a statement of its own in `lines`. */
function calleeIn(lines: string[]): ts.Expression {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isExpressionStatement(node) && ts.isCallExpression(node.expression)) found = node.expression.expression;
    ts.forEachChild(node, visit);
  };
  visit(parseSource("case.ts", lines.join("\n")));
  if (!found) throw new Error("no call statement");
  return found;
}

const IMPORT_H = 'import * as H from "./h.js";';
const METHOD = "is a method of an object: the census cannot tell which function it is";

describe("a namespace held by a name", () => {
  it("a const holding it is followed to the module", () => {
    const callee = calleeIn([IMPORT_H, "const M = H;", "M.status();"]);
    const expected = { k: "import", module: "./h.js", name: "status", local: "M.status" };
    expect(calleeRefOf(callee)).toEqual(expected);
    expect(followableCalleeRefOf(callee)).toEqual(expected);
  });

  it.each<[string, string[]]>([
    ["a let", [IMPORT_H, "let M = H;", "M.status();"]],
    ["a var", [IMPORT_H, "var M = H;", "M.status();"]],
    ["a let holding `await import()`", ["async function f() {", '  let M = await import("./h.js");', "  M.status();", "}"]],
    ["a parameter defaulting to it", [IMPORT_H, "function f(M = H) {", "  M.status();", "}"]],
  ])("%s is not followed: it may hold another object", (_name, lines) => {
    const callee = calleeIn(lines);
    expect(calleeRefOf(callee)).toEqual({ k: "unknown", why: `\`M.status\` ${METHOD}` });
    expect(followableCalleeRefOf(callee)).toBeUndefined();
  });
});
