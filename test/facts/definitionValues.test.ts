// The definitions a pass-through's trace shows (definitionsOf): how each write reads, and the operand it gets when its
// value cannot be followed (a cycle of assignments, a write without a value).
import { describe, expect, it } from "vitest";
import { definitionsOf } from "../../src/facts/values.js";
import type { Definition } from "../../src/facts/types.js";
import { lastIdentifier } from "./lastIdentifier.js";

/** The definitions reaching the last identifier called `name` in `source`. */
const definitionsAtLast = (source: string, name = "err"): Definition[] => definitionsOf(lastIdentifier(source, name));

describe("how a definition reads", () => {
  it.each([
    ["a for...of loop variable, as its header", "function f(list) { for (const err of list) return err; }", "for (const err of list)"],
    ["a for...in loop variable, as its header", "function f(o) { for (const err in o) return err; }", "for (const err in o)"],
    ["a caught exception, as its clause's head", "function f() { try { g(); } catch (err) { return err; } }", "catch (err)"],
  ])("%s", (_name, source, text) => {
    expect(definitionsAtLast(source).map((d) => [d.kind, d.text])).toEqual([["untraceable", text]]);
  });
});

describe("a value the trace cannot follow is an operand that says why", () => {
  it("a cycle of assignments: the write met again on its own trace depends on itself", () => {
    const defs = definitionsAtLast(
      ["function f(c) {", "  let err = first();", "  let other = err;", "  while (c) { err = other; other = err; }", "  if (err != null) return err;", "}"].join("\n"),
    );
    const first = { kind: "initializer", text: "let err = first()", operands: [{ k: "call", text: "first()", callee: { k: "unknown", why: "`first` is not declared in this file" }, calleeText: "first" }] };
    const cycle = { k: "other", text: "err = other", why: "the value depends on itself (a cycle of assignments)" };
    const withoutPlaces = JSON.parse(JSON.stringify(defs, (key, value: unknown) => (key === "loc" ? undefined : value)));
    expect(withoutPlaces).toEqual([
      first,
      {
        kind: "assignment",
        text: "err = other",
        operands: [
          {
            k: "variable",
            text: "other",
            name: "other",
            defs: [
              { kind: "initializer", text: "let other = err", operands: [{ k: "variable", text: "err", name: "err", defs: [first] }] },
              {
                kind: "assignment",
                text: "other = err",
                operands: [{ k: "variable", text: "err", name: "err", defs: [{ kind: "assignment", text: "err = other", operands: [cycle] }] }],
              },
            ],
          },
        ],
      },
    ]);
  });
});

describe("a hoisted var", () => {
  it("is undefined until its declaration runs: what reaches is the declaration's value, never an empty one", () => {
    const defs = definitionsAtLast("function f(c) { if (c) { var err = a(); } if (err != null) return err; }");
    expect(defs.map((d) => [d.kind, d.text, d.operands?.map((o) => o.k)])).toEqual([["initializer", "var err = a()", ["call"]]]);
  });
});
