// The write survey (src/facts/writes.ts) as reachingDefinitions reports it: which nodes write the traced variable, and
// what each write says when the census cannot follow it.
import { describe, expect, it } from "vitest";
import { reachingDefinitions } from "../../src/facts/reachingDefinitions.js";
import { parseSource, ts } from "../../src/ts.js";

/** The last identifier called `err` in `source`: the reference traced. */
function lastErr(source: string): ts.Identifier {
  let found: ts.Identifier | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === "err") found = node;
    ts.forEachChild(node, visit);
  };
  visit(parseSource("case.ts", source));
  if (!found) throw new Error("no `err` in the case");
  return found;
}

const reaching = (source: string): string[] =>
  reachingDefinitions(lastErr(source)).map(
    (d) => `${d.kind}: ${d.node.getText()}${d.reason === undefined ? "" : ` (${d.reason})`}`,
  );

describe("the writes the survey finds", () => {
  it.each([
    {
      name: "`let err;` in a loop body starts each turn undefined: the last turn's write does not reach",
      source: `function f(c, d) { while (c) { let err; if (d) return err; err = a(); } }`,
      expected: [],
    },
    {
      name: "a catch clause's pattern that binds the variable among others",
      source: `function f() { try { a(); } catch ({ message, err }) { return err; } }`,
      expected: ["untraceable: catch ({ message, err }) { return err; } (the caught exception)"],
    },
    {
      name: "an array pattern of a catch clause, the variable last",
      source: `function f() { try { a(); } catch ([x, err]) { return err; } }`,
      expected: ["untraceable: catch ([x, err]) { return err; } (the caught exception)"],
    },
    {
      name: "an increment",
      source: `function f() { let err = a(); err++; return err; }`,
      expected: ["untraceable: err++ (an increment `err++`)"],
    },
    {
      name: "a decrement",
      source: `function f() { let err = a(); --err; return err; }`,
      expected: ["untraceable: --err (a decrement `--err`)"],
    },
    {
      name: "`^=`, the last compound assignment operator",
      source: `function f() { let err = a(); err ^= b(); return err; }`,
      expected: ["untraceable: err ^= b() (compound assignment `err ^= ...`)"],
    },
  ])("$name", ({ source, expected }) => {
    expect(reaching(source)).toEqual(expected);
  });
});
