// Bindings the scope builder must tell apart: a declaration list's kind (var, let, using, await using) seen from a
// closure, names declared only in an inner block, loop heads without a declaration, anonymous class expressions, and a
// case test that writes.
import { describe, expect, it } from "vitest";
import type { ReachingDefinition } from "../../src/facts/definitions.js";
import { reachingDefinitions } from "../../src/facts/reachingDefinitions.js";
import { lastIdentifier } from "./lastIdentifier.js";

const described = (defs: readonly ReachingDefinition[]): string[] =>
  defs.map((d) => `${d.kind}: ${d.node.getText().split("\n")[0]}${d.reason === undefined ? "" : ` (${d.reason})`}`);
const reachingLast = (source: string): string[] => described(reachingDefinitions(lastIdentifier(source, "err")));

describe("a closure reads a binding by its declaration's kind", () => {
  it.each([
    ["using", "function f() { using err = open(); const g = () => err; }", ["initializer: err = open()"]],
    ["await using", "async function f() { await using err = open(); const g = () => err; }", ["initializer: err = open()"]],
    ["const", "function f() { const err = open(); const g = () => err; }", ["initializer: err = open()"]],
  ])("%s: the value it was declared with", (_kind, source, expected) => {
    expect(reachingLast(source)).toEqual(expected);
  });

  it.each([
    ["let", "function f() { let err = open(); const g = () => err; }"],
    ["var", "function f() { var err = open(); const g = () => err; }"],
  ])("%s: it may be written again, so no value can be named", (_kind, source) => {
    const [only, ...rest] = reachingLast(source);
    expect(rest).toEqual([]);
    expect(only).toMatch(/^untraceable: /);
  });
});

describe("names declared in an inner block are not the function's", () => {
  it("a let inside a block does not reach a read after the block", () => {
    expect(reachingLast("function f() { let err = a(); { let err = b(); } return err; }")).toEqual(["initializer: err = a()"]);
    expect(reachingLast("function f() { var v; let err = a(); { let err = b(); } return err; }"), "with a var to hoist").toEqual(["initializer: err = a()"]);
  });

  it("a var inside a block is the function's: it reaches after the block", () => {
    expect(reachingLast("function f(c) { if (c) { var err = b(); } return err; }")).toEqual(["initializer: err = b()"]);
  });

  it.each([
    ["a brace", "function f(c) { if (c) {var err = b();} return err; }"],
    ["a semicolon", "function f(c) { if (c) { a();var err = b(); } return err; }"],
    ["a parenthesis", "function f(c) { for(var err = b();;) break; return err; }"],
  ])("a var right after %s, with no space between, is the keyword", (_name, source) => {
    expect(reachingLast(source)).toEqual(["initializer: err = b()"]);
  });

  it("a let only in an inner block leaves the read outside it unbound", () => {
    for (const source of ["function f() { { let err = b(); } return err; }", "function f() { var v; { let err = b(); } return err; }"]) {
      expect(reachingLast(source)).not.toContain("initializer: err = b()");
    }
  });
});

describe("loop heads and class expressions in the function", () => {
  it.each([
    // Each with a `var` somewhere: only then does the scope look for hoisted declarations in loop heads.
    ["a for loop without a head", "function f() { var v; let err = a(); for (;;) { err = b(); break; } return err; }", ["assignment: err = b()"]],
    ["a for...of over an existing variable", "function f(xs) { var v; let err = a(); for (err of xs) {} return err; }", ["initializer: err = a()", "untraceable: for (err of xs) {} (a for...of loop variable)"]],
    // The read names a parameter: resolving it builds the function's own scope, hoisted vars and all.
    ["a loop without a head, in a function whose scope is built", "function f(err) { var v; for (;;) { err = b(); break; } return err; }", ["assignment: err = b()"]],
    ["a loop over an expression, in a function whose scope is built", "function f(err, o, xs) { var v; for (o.k of xs) { err = b(); } return err; }", ["parameter: err", "assignment: err = b()"]],
    ["a for...in with var", "function f(o) { for (var err in o) {} return err; }", null],
    ["a read in an anonymous class expression's method", "function f() { const err = a(); const C = class { m() { return err; } }; }", ["initializer: err = a()"]],
    ["a read in a named class expression's method", "function f() { const err = a(); const C = class K { m() { return [K, err]; } }; }", ["initializer: err = a()"]],
  ])("%s", (_name, source, expected) => {
    const got = reachingLast(source);
    if (expected === null) expect(got.length).toBeGreaterThan(0);
    else expect(got).toEqual(expected);
  });
});

describe("a switch's case tests run in order", () => {
  it("a write in the first case test runs whatever the clause taken", () => {
    expect(reachingLast("function f(k) { let err = a(); switch (k) { case (err = b(), 1): break; default: } return err; }")).toEqual([
      "assignment: err = b()",
    ]);
  });

  it("a write in a later case test may not run", () => {
    expect(reachingLast("function f(k) { let err = a(); switch (k) { case 1: break; case (err = b(), 2): break; } return err; }")).toEqual([
      "initializer: err = a()",
      "assignment: err = b()",
    ]);
  });
});
