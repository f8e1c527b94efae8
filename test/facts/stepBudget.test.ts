// Past its step budget the tracer gives up on precision, never on soundness: every write of the variable, and what
// it held when its function started, may reach. A small budget stands in for a huge function.
import { describe, expect, it } from "vitest";
import type { ReachingDefinition } from "../../src/facts/definitions.js";
import { reachingDefinitions } from "../../src/facts/reachingDefinitions.js";
import { lastIdentifier } from "./lastIdentifier.js";

const described = (defs: readonly ReachingDefinition[]): string[] =>
  defs.map((d) => `${d.kind}: ${d.node.getText().split("\n")[0]}${d.reason === undefined ? "" : ` (${d.reason})`}`);
const reaching = (source: string, stepBudget?: number): string[] =>
  described(reachingDefinitions(lastIdentifier(source, "err"), stepBudget === undefined ? {} : { stepBudget }));

const LOOP = "function f(xs) { let err = a(); for (const x of xs) { err = b(x); err = c(x); } err = d(); return err; }";

describe("the step budget", () => {
  it("within it, only what reaches on some path", () => {
    expect(reaching(LOOP)).toEqual(["assignment: err = d()"]);
  });

  it("past it, every write and the initializer, in source order", () => {
    expect(reaching(LOOP, 3)).toEqual(["initializer: err = a()", "assignment: err = b(x)", "assignment: err = c(x)", "assignment: err = d()"]);
  });

  it("past it, a write whose value is nullish still reaches nothing, and a closure's write still reaches", () => {
    const source = "function f(g) { let err = a(); err = null; g(() => { err = b(); }); err = undefined; return err; }";
    expect(reaching(source)).toEqual(["closure: err = b() (written inside a nested function at line 1)"]);
    expect(reaching(source, 2)).toEqual(["initializer: err = a()", "closure: err = b() (written inside a nested function at line 1)"]);
  });

  it("past it, a parameter and an import still reach as they would", () => {
    expect(reaching("function f(err) { while (err) { err = b(); } return err; }", 2)).toEqual(["parameter: err", "assignment: err = b()"]);
    expect(reaching("import { err } from './e.js';\nfunction f() { return err; }", 1)).toEqual(reaching("import { err } from './e.js';\nfunction f() { return err; }"));
  });

  it("each link of a long chain counts against it", () => {
    // 20 steps cover the statements, not the 30 links of the chain read.
    const source = `function f() { let err = a(); err = b(); return err${".k".repeat(30)}; }`;
    expect(reaching(source)).toEqual(["assignment: err = b()"]);
    expect(reaching(source, 20)).toEqual(["initializer: err = a()", "assignment: err = b()"]);
  });

  it("past it, what the variable held when its function started reaches too", () => {
    const source = "function f(c) { function err() {} while (c) { err = b(); } return err; }";
    expect(reaching(source, 2)).toEqual(["untraceable: function err() {} (`err` names a function, not a value that was computed)", "assignment: err = b()"]);
  });

  it("a budget too small for the walk's first step gives up at once", () => {
    expect(reaching("function f() { let err = a(); return err; }", 0)).toEqual(["initializer: err = a()"]);
  });
});
