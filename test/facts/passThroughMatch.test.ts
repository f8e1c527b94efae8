// The guarded pass-through matcher (SPEC §2.1): every guard spelling matches, and its near misses do not.
import { describe, expect, it } from "vitest";
import { ts, parseSource } from "../../src/ts.js";
import { matchPassThrough } from "../../src/facts/passThroughs.js";

/** The only `if` statement of a small function body, matched. */
function match(body: string): string | undefined {
  const sf = parseSource("probe.ts", `declare function v(): string | null;\nfunction probe(r: any, pair: any) {\n${body}\n}\n`);
  let found: ts.IfStatement | undefined;
  const visit = (n: ts.Node): void => {
    if (ts.isIfStatement(n) && !found) found = n;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!found) throw new Error("no if statement in probe");
  const m = matchPassThrough(found);
  return m ? m.path.getText() : undefined;
}

describe("guard spellings that match", () => {
  const cases: [string, string, string][] = [
    ["P != null", "const e = v(); if (e != null) return e;", "e"],
    ["P !== null", "const e = v(); if (e !== null) return e;", "e"],
    ["P !== undefined", "const e = v(); if (e !== undefined) return e;", "e"],
    ["P != undefined", "const e = v(); if (e != undefined) return e;", "e"],
    ["null != P (reversed)", "const e = v(); if (null != e) return e;", "e"],
    ["undefined !== P (reversed)", "const e = v(); if (undefined !== e) return e;", "e"],
    ["P (truthy)", "const e = v(); if (e) return e;", "e"],
    ["!!P", "const e = v(); if (!!e) return e;", "e"],
    ["Boolean(P)", "const e = v(); if (Boolean(e)) return e;", "e"],
    ["P !== null && P !== undefined", "const e = v(); if (e !== null && e !== undefined) return e;", "e"],
    ['typeof P === "string"', 'const e = v(); if (typeof e === "string") return e;', "e"],
    ['"string" === typeof P (reversed)', 'const e = v(); if ("string" === typeof e) return e;', "e"],
    ["void 0 as undefined", "const e = v(); if (e !== void 0) return e;", "e"],
    ["property path", "if (r.error != null) return r.error;", "r.error"],
    ["element path", "if (pair[1]) return pair[1];", "pair[1]"],
    ["dot and bracket name the same property", 'if (r["error"]) return r.error;', "r.error"],
    ["optional chain in the guard", "if (r?.error) return r.error;", "r.error"],
    ["block ending in return P", "const e = v(); if (e) { console.log(e); return e; }", "e"],
    ["comments, line breaks and parentheses", "const e = v(); if ( /* c */ (e)\n   !=\n   null ) return (e);", "e"],
    ["type assertion in the guard and the return", "const e = v(); if ((e as string | null) !== null) return e as string;", "e"],
    ["non-null assertion", "const e = v(); if (e! != null) return e!;", "e"],
    ["guard joined with another condition", "const e = v(); if (e != null && r.verbose) return e;", "e"],
  ];
  it.each(cases)("%s", (_name, body, path) => {
    expect(match(body)).toBe(path);
  });
});

describe("near misses that do not match", () => {
  const cases: [string, string][] = [
    ["an else branch", "const e = v(); if (e) return e; else return null;"],
    ["inverted guard P == null", "const e = v(); if (e == null) return e;"],
    ["negated guard !P", "const e = v(); if (!e) return e;"],
    ["guard of another variable", "const e = v(); const f = v(); if (f) return e;"],
    ["returns something else", "const e = v(); if (e) return 'x';"],
    ["returns a property of the guarded value", "if (r != null) return r.error;"],
    ["block not ending in the return", "const e = v(); if (e) { return e; console.log(1); }"],
    ["typeof undefined is the opposite", 'const e = v(); if (typeof e === "undefined") return e;'],
    ["either-or is not a guard", "const e = v(); if (e || r) return e;"],
    ["bare return", "const e = v(); if (e) return;"],
    ["different element index", "if (pair[0]) return pair[1];"],
    ["shadowed name in the consequent", "const e = v(); if (e) { const e = 'other'; return e; }"],
  ];
  it.each(cases)("%s", (_name, body) => {
    expect(match(body)).toBeUndefined();
  });
});
