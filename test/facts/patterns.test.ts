// The binding-pattern walk: which names a destructuring declares, in which order, and which node owns a pattern.
import { describe, expect, it } from "vitest";
import { type BindingTarget, bindingElements, bindingTargets, patternOwner } from "../../src/facts/patterns.js";
import { parseSource, ts } from "../../src/ts.js";

function firstDeclaration(source: string): ts.VariableDeclaration {
  const sourceFile = parseSource("case.ts", source);
  let found: ts.VariableDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (!found && ts.isVariableDeclaration(node)) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (!found) throw new Error("no variable declaration in the source");
  return found;
}

function firstParameter(source: string): ts.ParameterDeclaration {
  const statement = parseSource("case.ts", source).statements[0]!;
  if (!ts.isFunctionDeclaration(statement)) throw new Error("expected a function declaration");
  return statement.parameters[0]!;
}

/** A target as an expectation reads it: its name, whether an element declares it, and its default's text. */
function shown(target: BindingTarget): string {
  const where = target.element ? "element" : "whole";
  return target.defaultValue ? `${target.id.text} (${where}) = ${target.defaultValue.getText()}` : `${target.id.text} (${where})`;
}

describe("bindingTargets", () => {
  it("a plain name is its own target, with no element", () => {
    expect(bindingTargets(firstDeclaration("const x = v;").name).map(shown)).toEqual(["x (whole)"]);
  });

  it("nested object and array patterns, in source order, with defaults, rest and holes", () => {
    const declaration = firstDeclaration("const { a, b: [c, , d = 1, ...e], f: { g = 2, ...h } = {}, [k]: j, ...i } = v;");
    expect(bindingTargets(declaration.name).map(shown)).toEqual([
      "a (element)",
      "c (element)",
      "d (element) = 1",
      "e (element)",
      "g (element) = 2",
      "h (element)",
      "j (element)",
      "i (element)",
    ]);
  });

  it("an outer element's default is not the default of the names inside it", () => {
    expect(bindingTargets(firstDeclaration("const { a: { x } = fallback() } = v;").name).map(shown)).toEqual(["x (element)"]);
  });

  it("each target's element is the one that declares it", () => {
    for (const t of bindingTargets(firstDeclaration("const [{ x }, [y = 0], ...z] = v;").name)) {
      expect(t.element?.name).toBe(t.id);
    }
  });

  it("holes only, then a name", () => {
    expect(bindingTargets(firstDeclaration("const [, , x] = v;").name).map(shown)).toEqual(["x (element)"]);
  });

  it("an empty pattern declares nothing", () => {
    expect(bindingTargets(firstDeclaration("const {} = v;").name)).toEqual([]);
    expect(bindingTargets(firstDeclaration("const [, ,] = v;").name)).toEqual([]);
  });

  it("a parameter's pattern", () => {
    expect(bindingTargets(firstParameter("function f([a, { b = 1 }]) {}").name).map(shown)).toEqual([
      "a (element)",
      "b (element) = 1",
    ]);
  });

  it("a pattern nested 10,000 deep, without a stack overflow and in source order", () => {
    // `[p0, [p1, [ ... [p9999, x] ... ]]]`. The parser itself overflows its stack on a pattern a few thousand deep, so
    // the pattern is built with the factory, innermost first, instead of being parsed.
    const depth = 10_000;
    const f = ts.factory;
    let name: ts.BindingName = f.createArrayBindingPattern([f.createBindingElement(undefined, undefined, "x")]);
    for (let i = depth - 1; i >= 0; i--) {
      const head = f.createBindingElement(undefined, undefined, `p${i}`);
      const rest = i === depth - 1 ? name.elements : [f.createBindingElement(undefined, undefined, name)];
      name = f.createArrayBindingPattern([head, ...rest]);
    }
    const names = bindingTargets(name).map((t) => t.id.text);
    expect(names.length).toBe(depth + 1);
    expect(names.slice(0, 3)).toEqual(["p0", "p1", "p2"]);
    expect(names.slice(-2)).toEqual([`p${depth - 1}`, "x"]);
  });
});

describe("bindingElements", () => {
  it("an element comes before the elements of its own pattern; holes are skipped", () => {
    const declaration = firstDeclaration("const { a, b: [c, , { d }], e = 1 } = v;");
    expect(bindingElements(declaration.name).map((e) => e.getText())).toEqual(["a", "b: [c, , { d }]", "c", "{ d }", "d", "e = 1"]);
  });

  it("a plain name has no elements", () => {
    expect(bindingElements(firstDeclaration("let x;").name)).toEqual([]);
  });
});

describe("patternOwner", () => {
  it("climbs from a nested element to its variable declaration", () => {
    const declaration = firstDeclaration("const { a: [{ x }] } = v;");
    const elements = bindingElements(declaration.name);
    const inner = elements[elements.length - 1]!;
    expect(inner.getText()).toBe("x");
    expect(patternOwner(inner)).toBe(declaration);
    expect(patternOwner(declaration.name)).toBe(declaration);
  });

  it("climbs from a parameter's element to the parameter", () => {
    const parameter = firstParameter("function f({ a: [b] }) {}");
    const elements = bindingElements(parameter.name);
    expect(patternOwner(elements[elements.length - 1]!)).toBe(parameter);
  });

  it("climbs to the declaration of a for...of head and of a catch clause", () => {
    const loop = firstDeclaration("for (const [k, { v }] of m) {}");
    expect(patternOwner(bindingElements(loop.name)[1]!)).toBe(loop);
    expect(ts.isVariableDeclarationList(loop.parent)).toBe(true);
    const caught = firstDeclaration("try {} catch ({ message }) {}");
    expect(ts.isCatchClause(caught.parent)).toBe(true);
    expect(patternOwner(bindingElements(caught.name)[0]!)).toBe(caught);
  });

  it("any other node is its own owner, the identifier an element declares included", () => {
    const declaration = firstDeclaration("const { x } = v;");
    expect(patternOwner(declaration)).toBe(declaration);
    const id = bindingTargets(declaration.name)[0]!.id;
    expect(patternOwner(id)).toBe(id);
  });
});
