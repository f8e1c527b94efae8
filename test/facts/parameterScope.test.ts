// A parameter's default value sees the function's parameters and the scopes around it, never the body's `var`s; what a
// name resolves to is remembered per scope, and a resolution from a parameter must neither use nor fill that memory.
import { describe, expect, it } from "vitest";
import { resolveBinding } from "../../src/facts/scope.js";
import { parseSource, ts } from "../../src/ts.js";

const source = "const x = outer();\nfunction f(a = x) {\n  var x = inner();\n  return x;\n}\n";

/** Every reference to `x` after its first declaration, in source order: the default's, then the body's. */
function references(): { inDefault: ts.Identifier; inBody: ts.Identifier } {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === "x" && !ts.isVariableDeclaration(node.parent)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(parseSource("case.ts", source));
  const [inDefault, inBody, ...rest] = found;
  expect(rest).toEqual([]);
  return { inDefault: inDefault!, inBody: inBody! };
}

const declared = (binding: ReturnType<typeof resolveBinding>): string => `${binding?.kind}: ${binding?.declaration.getText()}`;

describe("a parameter's default value and the body's var of the same name", () => {
  it("the default read first: it means the outer const, and the body's read after it still means the var", () => {
    const { inDefault, inBody } = references();
    expect(declared(resolveBinding(inDefault))).toBe("const: x = outer()");
    expect(declared(resolveBinding(inBody))).toBe("var: x = inner()");
  });

  it("the body read first: it means the var, and the default's read after it still means the outer const", () => {
    const { inDefault, inBody } = references();
    expect(declared(resolveBinding(inBody))).toBe("var: x = inner()");
    expect(declared(resolveBinding(inDefault))).toBe("const: x = outer()");
  });

  it("each read again gives the same answer as the first time", () => {
    const { inDefault, inBody } = references();
    const first = [resolveBinding(inDefault), resolveBinding(inBody)];
    expect([resolveBinding(inDefault), resolveBinding(inBody)]).toEqual(first);
    expect(first[0]).not.toBe(first[1]);
  });
});
