// More callee forms: a comma callee is its last operand, and no other binary operator is — `(a || status)(…)` may call
// either side; and whether a callee is followable, with no words for those that are not.
import { describe, expect, it } from "vitest";
import { calleeRefOf, followableCalleeRefOf } from "../../src/facts/callees.js";
import { definitionsOf } from "../../src/facts/values.js";
import { parseSource, ts } from "../../src/ts.js";
import { lastIdentifier } from "./lastIdentifier.js";

function calleeOf(lines: string[]): unknown {
  const [definition] = definitionsOf(lastIdentifier(lines.join("\n")));
  const operand = definition?.operands?.[0];
  return operand?.k === "call" ? operand.callee : operand;
}

/** The callee of the first call in `source`. */
function firstCallee(source: string): ts.Expression {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (!found && ts.isCallExpression(node)) found = node.expression;
    ts.forEachChild(node, visit);
  };
  visit(parseSource("case.ts", source));
  if (!found) throw new Error("no call");
  return found;
}

describe("binary callees", () => {
  it("a comma callee is its last operand", () => {
    expect(calleeOf(['import { check } from "./h.js";', "function f() {", "  const err = (0, check)();", "  return err;", "}"])).toEqual({
      k: "import",
      module: "./h.js",
      name: "check",
      local: "check",
    });
  });

  it.each(["||", "&&", "??"])("%s is no callee the census can name", (op) => {
    expect(calleeOf(['import { check } from "./h.js";', "function f(x) {", `  const err = (x ${op} check)();`, "  return err;", "}"])).toEqual({
      k: "unknown",
      why: `\`x ${op} check\` is not a named function`,
    });
  });
});

describe("followableCalleeRefOf", () => {
  it("an import or a local function: the same as calleeRefOf", () => {
    const imported = firstCallee('import { check } from "./h.js";\ncheck();');
    expect(followableCalleeRefOf(imported)).toEqual(calleeRefOf(imported));
    const local = firstCallee("function check() {}\ncheck();");
    expect(followableCalleeRefOf(local)).toEqual({ k: "local", name: "check" });
  });

  it.each(["(x || check)()", "obj.method()", "(() => 1)()", "check()"])("%s is not followable: undefined", (call) => {
    expect(followableCalleeRefOf(firstCallee(`function f(x, obj, check) { ${call}; }`))).toBeUndefined();
  });
});
