// continuesChain and deepestNode: which links of a chain do not count towards the nesting depth (the left operand, the
// object, the callee, the tag), and which node deepestNode names when several are deepest.
import { describe, expect, it } from "vitest";
import { continuesChain, deepestNode } from "../../src/facts/walk.js";
import { parseSource, ts } from "../../src/ts.js";

const expressionOf = (source: string) => (parseSource("probe.ts", source).statements[0] as ts.ExpressionStatement).expression;

describe("continuesChain", () => {
  it("a binary expression's left operand continues it, its right operand does not", () => {
    const e = expressionOf("a + b;") as ts.BinaryExpression;
    expect([continuesChain(e, e.left), continuesChain(e, e.right)]).toEqual([true, false]);
  });

  it("a tagged template's tag continues it, its template does not", () => {
    const e = expressionOf("tag`x${y}`;") as ts.TaggedTemplateExpression;
    expect([continuesChain(e, e.tag), continuesChain(e, e.template)]).toEqual([true, false]);
  });

  it("a call's callee continues it, its arguments do not", () => {
    const e = expressionOf("f(x);") as ts.CallExpression;
    expect([continuesChain(e, e.expression), continuesChain(e, e.arguments[0]!)]).toEqual([true, false]);
  });
});

describe("deepestNode", () => {
  it("names the first of the deepest nodes in source order", () => {
    const sourceFile = parseSource("probe.ts", "f([1], [2]);");
    const { node, depth } = deepestNode(sourceFile, true);
    expect(node.getText(sourceFile)).toBe("1");
    expect(depth).toBe(4);
  });

  it("counts the links of a chain only when asked", () => {
    const sourceFile = parseSource("probe.ts", "a.b.c.d.e;");
    expect(deepestNode(sourceFile, true)).toMatchObject({ depth: 6 });
    expect(deepestNode(sourceFile, true).node.getText(sourceFile)).toBe("a");
    expect(deepestNode(sourceFile, false).depth).toBe(3);
    expect(deepestNode(sourceFile, false).node.getText(sourceFile)).toBe("b");
  });

  it("counts tagged templates' tags as chain links too", () => {
    const sourceFile = parseSource("probe.ts", "t`a``b``c`;");
    expect(deepestNode(sourceFile, false).depth).toBeLessThan(deepestNode(sourceFile, true).depth);
  });
});
