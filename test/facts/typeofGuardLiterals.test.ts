// The type a `typeof` guard compares with (src/facts/passThroughs.ts, `typeofGuard`) is read only from a literal: a
// plain string or a template without substitutions (`` `string` ``) is one; a name that happens to be called `string`
// is a value the census cannot see, no guard.
import { expect, it } from "vitest";
import { ts, parseSource } from "../../src/ts.js";
import { matchPassThrough } from "../../src/facts/passThroughs.js";

/** The only `if` statement of a small function body, matched. */
function match(body: string): string | undefined {
  const sf = parseSource("probe.ts", `declare function v(): string | null;\nfunction probe(string: any, undefined: any) {\n${body}\n}\n`);
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

it.each([
  ["typeof P === `string`", "const e = v(); if (typeof e === `string`) return e;"],
  ["`string` == typeof P (reversed)", "const e = v(); if (`string` == typeof e) return e;"],
  ["typeof P !== `undefined`", "const e = v(); if (typeof e !== `undefined`) return e;"],
])("%s is a guard", (_name, body) => {
  expect(match(body)).toBe("e");
});

it.each([
  ["a name called string", "const e = v(); if (typeof e === string) return e;"],
  ["a name called undefined, negated", "const e = v(); if (typeof e !== undefined) return e;"],
  ["a template with a substitution", "const e = v(); if (typeof e === `${'string'}`) return e;"],
])("typeof compared with %s is no guard", (_name, body) => {
  expect(match(body)).toBeUndefined();
});
