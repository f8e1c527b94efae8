// reachingDefinitions where a write sits inside a condition, an optional chain or a pattern, where the variable is
// declared outside the function that reads it: what reaches the last reference of the variable, each definition shown
// as its kind and its node's text.
import { describe, expect, it } from "vitest";
import type { ReachingDefinition } from "../../src/facts/definitions.js";
import { reachingDefinitions } from "../../src/facts/reachingDefinitions.js";
import { parseSource, ts } from "../../src/ts.js";
import { lastIdentifier } from "./lastIdentifier.js";

/** The definitions reaching the last identifier called `name` in `source`. */
const reachingLast = (source: string, name = "err"): ReachingDefinition[] => reachingDefinitions(lastIdentifier(source, name));

const described = (defs: readonly ReachingDefinition[]): string[] =>
  defs.map((d) => `${d.kind}: ${d.node.getText().split("\n")[0]}${d.reason === undefined ? "" : ` (${d.reason})`}`);

describe("a write inside a condition reaches each branch on the paths that ran it", () => {
  it.each([
    {
      name: "`!` swaps the branches: past the `if`, the conjunction held, so its write ran",
      source: `function f(c) { let err = a(); if (!(c && (err = b()))) return null; return err; }`,
      expected: ["assignment: err = b()"],
    },
    {
      name: "`!` swaps the branches: inside the `if`, the conjunction failed before or after its write",
      source: `function f(c) { let err = a(); if (!(c && (err = b()))) return err; return null; }`,
      expected: ["initializer: err = a()", "assignment: err = b()"],
    },
    {
      name: "`??`: a right side that is always false holds only on the left's paths",
      source: `function f(c) { let err = a(); if (c ?? ((err = b()), false)) return err; return null; }`,
      expected: ["initializer: err = a()"],
    },
    {
      name: "`??`: the false branch has both the left's paths and the right's",
      source: `function f(c) { let err = a(); if (c ?? ((err = b()), false)) return null; return err; }`,
      expected: ["initializer: err = a()", "assignment: err = b()"],
    },
    {
      name: "`?:`: an arm that is always false brings nothing to the true branch",
      source: `function f(c, d) { let err = a(); if (c ? ((err = b()), false) : d) return err; return null; }`,
      expected: ["initializer: err = a()"],
    },
    {
      name: "`?:`: the false branch has both arms",
      source: `function f(c, d) { let err = a(); if (c ? ((err = b()), false) : d) return null; return err; }`,
      expected: ["initializer: err = a()", "assignment: err = b()"],
    },
    {
      name: "an awaited conjunction says nothing of the branch: a thenable may resolve to anything",
      source: `async function f(c, d) { let err = a(); if (await (c && (err = b())) && d) return err; return null; }`,
      expected: ["initializer: err = a()", "assignment: err = b()"],
    },
  ])("$name", ({ source, expected }) => {
    expect(described(reachingLast(source))).toEqual(expected);
  });
});

describe("a write inside a value, a chain or a pattern", () => {
  it.each([
    {
      name: "`??` as a value: its right side may not run",
      source: `function f(c) { let err = a(); const v = c ?? (err = b()); return err; }`,
      expected: ["initializer: err = a()", "assignment: err = b()"],
    },
    {
      name: "`+` as a value: both sides run",
      source: `function f(c) { let err = a(); const v = c + (err = b()); return err; }`,
      expected: ["assignment: err = b()"],
    },
    {
      name: "an optional element access: its argument has run by the call's arguments",
      source: `function f(x) { let err = a(); x?.[(err = b())](err); }`,
      expected: ["assignment: err = b()"],
    },
    {
      name: "an optional element access: past the chain, its argument may not have run",
      source: `function f(x) { let err = a(); x?.[(err = b())]; return err; }`,
      expected: ["initializer: err = a()", "assignment: err = b()"],
    },
    {
      name: "a call chain: a write in one link's arguments has run by the next link's",
      source: `function f(x) { let err = a(); x.m((err = b())).n(err); }`,
      expected: ["assignment: err = b()"],
    },
    {
      name: "a computed key of a declared pattern runs before the names it declares",
      source: `function f(obj) { let err = a(); const { [(err = b())]: v } = obj; return err; }`,
      expected: ["assignment: err = b()"],
    },
    {
      name: "a rest element of an assigned object pattern writes the variable",
      source: `function f(obj) { let err = a(); ({ ...err } = obj); return err; }`,
      expected: ["assignment: { ...err } = obj"],
    },
    {
      name: "the target of a rest element runs in the pattern's order",
      source: `function f(obj, into) { let err = a(); ({ ...into[(err = b())] } = obj); return err; }`,
      expected: ["assignment: err = b()"],
    },
  ])("$name", ({ source, expected }) => {
    expect(described(reachingLast(source))).toEqual(expected);
  });
});

// A write the flow never met is kept as reaching (reachingDefinitions), so each case below kills the write inside the
// pattern or chain before the reference: only a flow that met it knows it cannot reach.
describe("a write inside an assignment pattern is met where the pattern runs it", () => {
  it.each([
    ["a shorthand default", "({ x = (err = b()) } = o);"],
    ["a computed key", "({ [(err = b())]: x } = o);"],
    ["a property's default", "({ p: x = (err = b()) } = o);"],
    ["an array element's default", "[x = (err = b())] = o;"],
    ["an element after a hole", "[, x = (err = b())] = o;"],
    ["a rest element's target", "[...into[(err = b())]] = o;"],
    ["a nested pattern", "({ p: [x = (err = b())] } = o);"],
  ])("%s", (_name, statement) => {
    const source = `function f(o, into) { let x; let err = a(); ${statement} err = c(); return err; }`;
    expect(described(reachingLast(source))).toEqual(["assignment: err = c()"]);
  });
});

describe("a write inside an optional chain", () => {
  it.each([
    {
      name: "a call's argument in the chain is met, so the later write kills it",
      source: `function f(x) { let err = a(); x?.m((err = b())); err = c(); return err; }`,
      expected: ["assignment: err = c()"],
    },
    {
      name: "an element access's argument in the chain is met, so the later write kills it",
      source: `function f(x) { let err = a(); x?.[(err = b())]; err = c(); return err; }`,
      expected: ["assignment: err = c()"],
    },
    {
      name: "a chain cut short at its `?.` skips every argument after it",
      source: `function f(x) { let err = a(); x?.y!.m((err = b())); return err; }`,
      expected: ["initializer: err = a()", "assignment: err = b()"],
    },
    {
      name: "only a `?.` link can skip: a plain link after a call keeps that call's write",
      source: `function f(x) { let err = a(); x?.m((err = b())).n((err = c())); return err; }`,
      expected: ["initializer: err = a()", "assignment: err = c()"],
    },
  ])("$name", ({ source, expected }) => {
    expect(described(reachingLast(source))).toEqual(expected);
  });
});

describe("`&&` and `||` as values keep their branches apart", () => {
  it("`||` after a conjunction: its right side runs only where the conjunction failed", () => {
    const source = `function f(d) { let err = a(); const v = (d && (err = b())) || (err = e()); return err; }`;
    expect(described(reachingLast(source))).toEqual(["assignment: err = b()", "assignment: err = e()"]);
  });

  it("`&&` after a disjunction: its right side runs wherever the disjunction held, so only a failed one skips it", () => {
    const source = `function f(d) { let err = a(); const v = (d || (err = b())) && (err = e()); return err; }`;
    expect(described(reachingLast(source))).toEqual(["assignment: err = b()", "assignment: err = e()"]);
  });
});

describe("a name the function did not compute", () => {
  it.each([
    {
      name: "a caught exception read by a nested function",
      source: `function f() { try { g(); } catch (err) { return () => err; } }`,
      expected: ["untraceable: catch (err) { return () => err; } (the caught exception)"],
    },
    {
      name: "a class declared outside the function",
      source: `class err {}\nfunction f() { return err; }`,
      expected: ["untraceable: class err {} (`err` names a class, not a value that was computed)"],
    },
    {
      name: "an enum declared outside the function",
      source: `enum err { A }\nfunction f() { return err; }`,
      expected: ["untraceable: enum err { A } (`err` names an enum, not a value that was computed)"],
    },
    {
      name: "an import read by a function",
      source: `import { err } from "./errors.js";\nfunction f() { return err; }`,
      expected: ["untraceable: err (`err` is imported)"],
    },
    {
      name: "an import read at the top of the module",
      source: `import { err } from "./errors.js";\nexport const v = err;`,
      expected: ["untraceable: err (`err` is imported)"],
    },
    {
      name: "a class expression's own name, read inside the class",
      source: `const Tools = class err {\n  make() { return err; }\n};`,
      expected: ["untraceable: class err { (`err` names a class, not a value that was computed)"],
    },
    {
      name: "an `import x = require(...)` read by a function",
      source: `import err = require("./errors");\nfunction f() { return err; }`,
      expected: ['untraceable: import err = require("./errors"); (`err` is imported)'],
    },
    {
      name: "a for...of const read by a closure in its body",
      source: `function f(list) { for (const err of list) { run(() => err); } }`,
      expected: ["untraceable: for (const err of list) { run(() => err); } (a for...of loop variable)"],
    },
    {
      name: "a declared const without a value read by a function",
      source: `declare const err: string;\nfunction f() { return err; }`,
      expected: ["untraceable: err: string (`err` is declared outside this function (line 1) without a visible value)"],
    },
    {
      name: "a captured var may change before the function runs",
      source: `var err = a();\nfunction f() { return err; }`,
      expected: ["untraceable: err = a() (`err` is declared outside this function (line 1) and may change before it runs)"],
    },
    {
      name: "a parameter read by a nested function may change before it runs",
      source: `function f(err) { return () => err; }`,
      expected: ["untraceable: err (`err` is declared outside this function (line 1) and may change before it runs)"],
    },
    {
      name: "a function declared in the function that reads it",
      source: `function f() { function err() {} return err; }`,
      expected: ["untraceable: function err() {} (`err` names a function, not a value that was computed)"],
    },
    {
      name: "a class declared in the function that reads it",
      source: `function f() { class err {} return err; }`,
      expected: ["untraceable: class err {} (`err` names a class, not a value that was computed)"],
    },
  ])("$name", ({ source, expected }) => {
    expect(described(reachingLast(source))).toEqual(expected);
  });
});

describe("where a function's own flow starts: class static blocks and field initializers", () => {
  it.each([
    {
      name: "a class static block is a function of its own: its writes are followed in order",
      source: `class Tools { static { let err = a(); err = b(); use(err); } }`,
      expected: ["assignment: err = b()"],
    },
    {
      name: "a variable of the module read in a class static block is one the block did not compute",
      source: `let err = a();\nclass Tools { static { use(err); } }`,
      expected: ["untraceable: err = a() (`err` is declared outside this function (line 1) and may change before it runs)"],
    },
    {
      name: "a class expression's name read in its own extends clause, inside a field initializer",
      source: `class Outer { field = class err extends mixin(err) {}; }`,
      expected: ["untraceable: class err extends mixin(err) {} (`err` names a class, not a value that was computed)"],
    },
    {
      name: "a variable of the module read in a field initializer may change before the field is made",
      source: `let err = a();\nclass Tools { field = err; }`,
      expected: ["untraceable: err = a() (`err` is declared outside this function (line 1) and may change before it runs)"],
    },
  ])("$name", ({ source, expected }) => {
    expect(described(reachingLast(source))).toEqual(expected);
  });
});

describe("jumps", () => {
  it("`continue` takes the state it has to the loop's next iteration, `break` to the statement after the loop", () => {
    const loop = (jump: string) =>
      `function f(list) { let err = a(); for (const x of list) { use(err); err = b(); if (x) ${jump}; err = c(); } return null; }`;
    // The `use(err)` at the top of the body is the last `err` but for the writes below it: read the first reference.
    const atTop = (source: string) => {
      const sourceFile = parseSource("case.ts", source);
      let first: ts.Identifier | undefined;
      const visit = (node: ts.Node): void => {
        if (!first && ts.isIdentifier(node) && node.text === "err" && ts.isCallExpression(node.parent)) first = node;
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
      return described(reachingDefinitions(first!));
    };
    expect(atTop(loop("continue"))).toEqual(["initializer: err = a()", "assignment: err = b()", "assignment: err = c()"]);
    expect(atTop(loop("break"))).toEqual(["initializer: err = a()", "assignment: err = c()"]);
  });
});

describe("what a destructuring assignment writes, and the default that applies", () => {
  const withDefaults = (defs: readonly ReachingDefinition[]): string[] =>
    defs.map((d) => `${d.kind}: ${d.node.getText()}${d.defaultValue ? ` (default ${d.defaultValue.getText()})` : ""}`);

  it.each([
    ["a shorthand with a default", "({ err = d() } = o);", ["assignment: { err = d() } = o (default d())"]],
    ["a shorthand", "({ err } = o);", ["assignment: { err } = o"]],
    ["a renamed property", "({ p: err } = o);", ["assignment: { p: err } = o"]],
    ["a renamed property with a default", "({ p: err = d() } = o);", ["assignment: { p: err = d() } = o (default d())"]],
    ["an array element", "[err] = o;", ["assignment: [err] = o"]],
    ["an element after a hole", "[, err] = o;", ["assignment: [, err] = o"]],
    ["an array rest element", "[...err] = o;", ["assignment: [...err] = o"]],
    ["a nested pattern's default", "({ p: [err = d()] } = o);", ["assignment: { p: [err = d()] } = o (default d())"]],
    ["a property target writes no variable", "[o.err] = o;", ["initializer: err = a()"]],
  ])("%s", (_name, statement, expected) => {
    expect(withDefaults(reachingLast(`function f(o) { let err = a(); ${statement} return err; }`))).toEqual(expected);
  });

  it("a const destructured with a default, read by a function, is its element with that default", () => {
    const defs = reachingLast(`const { err = d() } = o;\nfunction f() { return err; }`);
    expect(withDefaults(defs)).toEqual(["initializer: err = d() (default d())"]);
    expect(defs[0]!.value?.getText()).toBe("o");
  });

  it("a closure's destructuring write keeps its default", () => {
    const defs = reachingLast(`function f(o) { let err = a(); const g = () => { ({ err = d() } = o); }; g(); return err; }`);
    expect(withDefaults(defs)).toEqual(["initializer: err = a()", "closure: { err = d() } = o (default d())"]);
  });
});

describe("declarations and writes by kind", () => {
  it.each([
    ["a `using` declaration", "function f() { using err = open(); return err; }", ["initializer: err = open()"]],
    ["an `await using` declaration", "async function f() { await using err = open(); return err; }", ["initializer: err = open()"]],
    ["`**=` is a compound assignment", "function f() { let err = a(); err **= 2; return err; }", ["untraceable: err **= 2 (compound assignment `err **= ...`)"]],
    ["`??=` writes on one path only", "function f() { let err = a(); err ??= b(); return err; }", ["initializer: err = a()", "assignment: err ??= b()"]],
  ])("%s", (_name, source, expected) => {
    expect(described(reachingLast(source))).toEqual(expected);
  });
});

describe("jumps through labels, loops and finally blocks", () => {
  /** The definitions reaching the first `err` passed to a call (a `use(err)` at the top of a loop body). */
  const reachingUse = (source: string): string[] => {
    const sourceFile = parseSource("case.ts", source);
    let first: ts.Identifier | undefined;
    const visit = (node: ts.Node): void => {
      if (!first && ts.isIdentifier(node) && node.text === "err" && ts.isCallExpression(node.parent) && node.parent.arguments.includes(node)) first = node;
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    return described(reachingDefinitions(first!));
  };

  it("an unlabelled break inside a labelled block leaves the loop, not the block", () => {
    const source = `function f(list) { let err = a(); for (const x of list) { inner: { err = b(); if (x) break; } err = c(); } return err; }`;
    expect(described(reachingLast(source))).toEqual(["initializer: err = a()", "assignment: err = b()", "assignment: err = c()"]);
  });

  it("a loop under two labels is the target of a continue naming the outer one", () => {
    const source = `function f(list) { let err = a(); outer: inner: for (const x of list) { use(err); err = b(); if (x) continue outer; err = c(); } return null; }`;
    expect(reachingUse(source)).toEqual(["initializer: err = a()", "assignment: err = b()", "assignment: err = c()"]);
  });

  it("a var declared in a loop's head is the function's: read after the loop, it is that loop's variable", () => {
    expect(described(reachingLast(`function f(list) { for (var err of list) {} return err; }`))).toEqual(["untraceable: for (var err of list) {} (a for...of loop variable)"]);
    expect(described(reachingLast(`function f(n) { for (var err = a(), i = 0; i < n; i++) {} return err; }`))).toEqual(["initializer: err = a()"]);
  });

  it("a for loop's initializer runs once, before the loop: a write there is met, and killed after it", () => {
    expect(described(reachingLast(`function f(x) { let err = a(); for (err = b(); x; ) break; err = c(); return err; }`))).toEqual(["assignment: err = c()"]);
    expect(described(reachingLast(`function f(x) { let err = a(); for (let i = (err = b()); x; ) break; err = c(); return err; }`))).toEqual(["assignment: err = c()"]);
    expect(described(reachingLast(`function f(x) { let err = a(); for (err = b(); x; ) break; return err; }`))).toEqual(["assignment: err = b()"]);
  });

  it("a for...of loop's assigned target runs on every iteration: a write in it is met", () => {
    const source = `function f(list, into) { let err = a(); for (into[(err = b())] of list) break; err = c(); return err; }`;
    expect(described(reachingLast(source))).toEqual(["assignment: err = c()"]);
  });

  it("a break and a continue held by one finally block are replayed each to its own target", () => {
    const source = [
      "function f(list) {",
      "  let err = a();",
      "  for (const x of list) {",
      "    use(err);",
      "    try {",
      "      if (x) { err = b(); break; }",
      "      err = c();",
      "      continue;",
      "    } finally { log(); }",
      "  }",
      "  return err;",
      "}",
    ].join("\n");
    // The loop's head sees the continue's state, never the break's.
    expect(reachingUse(source)).toEqual(["initializer: err = a()", "assignment: err = c()"]);
    expect(described(reachingLast(source))).toEqual(["initializer: err = a()", "assignment: err = b()", "assignment: err = c()"]);
  });

  it("a try block that always throws still reaches its catch block, on every path that may throw", () => {
    const source = `function f() { let err = a(); try { err = b(); throw new Error("x"); } catch (e) { use(err); } return null; }`;
    expect(reachingUse(source)).toEqual(["initializer: err = a()", "assignment: err = b()"]);
  });

  it("an unreachable try statement throws nothing to its catch block", () => {
    const source = `function f() { let err = a(); return null; try { err = b(); } catch (e) { use(err); } }`;
    expect(reachingUse(source)).toEqual(["untraceable: err (this code is unreachable: every path to it returns, throws or jumps away first)"]);
  });

  it("breaks to two labels held by one finally block are replayed each to its own label", () => {
    const source = [
      "function f(list, y) {",
      "  let err = a();",
      "  outer: for (const x of list) {",
      "    inner: for (const z of x) {",
      "      try {",
      "        if (z) { err = b(); break inner; }",
      "        err = c();",
      "        break outer;",
      "      } finally { log(); }",
      "    }",
      "    use(err);",
      "  }",
      "  return null;",
      "}",
    ].join("\n");
    // After the inner loop: its end (as the outer head left it: a, or b from an earlier round) or its labelled break.
    expect(reachingUse(source)).toEqual(["initializer: err = a()", "assignment: err = b()"]);
  });
});

