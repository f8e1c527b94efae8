// The guard and the returned value of a pass-through must name the same storage (SPEC §2.1): the same binding, however
// each reaches it, and never a shadowing one of the same name.
import { describe, expect, it } from "vitest";
import { matchPassThrough } from "../../src/facts/passThroughs.js";
import { parseSource, ts } from "../../src/ts.js";

/** The path the first `if` of `body` passes through, or undefined when it is no guarded pass-through. */
function passedThrough(body: string): string | undefined {
  const sf = parseSource("probe.ts", `declare function v(): string | null;\nfunction probe(r: any) {\n${body}\n}\n`);
  let found: ts.IfStatement | undefined;
  const visit = (n: ts.Node): void => {
    if (ts.isIfStatement(n) && !found) found = n;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found ? matchPassThrough(found)?.path.getText() : undefined;
}

describe("the guard and the return name one binding", () => {
  it.each([
    ["a var declared in a block, guarded and returned outside it", "{ var e = v(); }\nif (e != null) { return e; }", "e"],
    ["a name declared nowhere, on both sides", "if (g != null) return g;", "g"],
    ["a parameter's property", "if (r.error) { return r.error; }", "r.error"],
  ])("%s", (_name, body, expected) => {
    expect(passedThrough(body)).toBe(expected);
  });

  it.each([
    ["a const of the same name declared in the consequent", "const e = v();\nif (e != null) { const e = v(); return e; }"],
    ["a parameter of the same name in a nested function", "const e = v();\nif (e != null) return ((e) => e)(1);"],
    ["a shadowing name on the object of a property path", "if (r.error) { const r = { error: 1 }; return r.error; }"],
    ["a global guarded, a local of its name returned", "if (g != null) { const g = v(); return g; }"],
  ])("not %s", (_name, body) => {
    expect(passedThrough(body)).toBeUndefined();
  });
});

describe("typeof guards", () => {
  it.each([
    ['typeof e === "string"', "e"],
    ['typeof e !== "undefined"', "e"],
    ['"undefined" !== typeof e', "e"],
    ['typeof e === "object"', undefined],
    ['typeof e !== "number"', undefined],
    ['typeof e !== "string"', undefined],
    ['typeof e === "undefined"', undefined],
  ])("%s", (condition, expected) => {
    expect(passedThrough(`const e = v();\nif (${condition}) return e;`)).toBe(expected);
  });
});

