// reachingDefinitions on small sources: which writes of a variable reach the reference marked `/*@*/`, path by path.
import { describe, expect, it } from "vitest";
import type { ReachingDefinition } from "../../src/facts/definitions.js";
import { reachingDefinitions } from "../../src/facts/reachingDefinitions.js";
import { declarationListKind } from "../../src/facts/scope.js";
import { parseSource, ts } from "../../src/ts.js";

const MARKER = "/*@*/";

/** The identifier whose leading comment is the marker, found on the tree (exactly one per source). */
function markedReference(sourceFile: ts.SourceFile): ts.Identifier {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      // A comment on the same line as the token before counts as that token's trailing comment, so ask for both.
      const at = node.getFullStart();
      const comments = [
        ...(ts.getLeadingCommentRanges(sourceFile.text, at) ?? []),
        ...(ts.getTrailingCommentRanges(sourceFile.text, at) ?? []),
      ];
      if (comments.some((c) => sourceFile.text.slice(c.pos, c.end) === MARKER)) found.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (found.length !== 1) throw new Error(`expected one ${MARKER} reference, found ${found.length}`);
  return found[0]!;
}

function definitionsAt(source: string): ReachingDefinition[] {
  return reachingDefinitions(markedReference(parseSource("case.ts", source)));
}

/** Text from a node's start to where `end` starts: a loop or catch header without its body. */
function header(node: ts.Node, end: ts.Node): string {
  return node.getSourceFile().text.slice(node.getStart(), end.getStart()).trim();
}

function declarationText(declaration: ts.VariableDeclaration): string {
  const list = declaration.parent;
  return ts.isVariableDeclarationList(list) ? `${declarationListKind(list)} ${declaration.getText()}` : declaration.getText();
}

/** How a definition reads in an expectation: its kind and the text of the statement-sized node that writes. */
function shown(def: ReachingDefinition): string {
  let node: ts.Node = def.node;
  let text: string;
  if (ts.isBindingElement(node)) {
    while (ts.isBindingElement(node) || ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node)) node = node.parent;
  }
  if (ts.isVariableDeclaration(node)) text = declarationText(node);
  else if (ts.isForOfStatement(node) || ts.isForInStatement(node)) text = header(node, node.statement);
  else if (ts.isCatchClause(node)) text = header(node, node.block);
  else text = node.getText();
  return `${def.kind}: ${text.split("\n")[0]}`;
}

interface Case {
  readonly name: string;
  readonly source: string;
  readonly expected: readonly string[];
}

const CASES: readonly Case[] = [
  // --- sequence and branches
  {
    name: "a later write kills an earlier one in sequence",
    source: `function f(x) {
      let err = validateA(x);
      err = validateB(x);
      if (/*@*/err) return err;
    }`,
    expected: ["assignment: err = validateB(x)"],
  },
  {
    name: "a const initializer reaches the guard",
    source: `function f(x) {
      const err = validateA(x);
      if (err != null) return /*@*/err;
    }`,
    expected: ["initializer: const err = validateA(x)"],
  },
  {
    name: "if/else: both branches reach",
    source: `function f(c) {
      let err;
      if (c) err = a(); else err = b();
      if (err) return /*@*/err;
    }`,
    expected: ["assignment: err = a()", "assignment: err = b()"],
  },
  {
    name: "if without else: the write and the one before it both reach",
    source: `function f(c) {
      let err = a();
      if (c) err = b();
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()"],
  },
  {
    name: "nested if: every path keeps its own last write",
    source: `function f(c, d) {
      let err = a();
      if (c) {
        if (d) { err = b(); }
      } else {
        err = e();
      }
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()", "assignment: err = e()"],
  },
  {
    name: "an early return in a branch kills that branch's write",
    source: `function f(c) {
      let err = a();
      if (c) { err = b(); return null; }
      if (err) return /*@*/err;
    }`,
    expected: ["initializer: let err = a()"],
  },
  {
    name: "a throw ends the path",
    source: `function f(c) {
      let err = a();
      if (c) { err = b(); throw new Error("x"); }
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()"],
  },
  {
    name: "the reference sees the state at its own position, not later writes",
    source: `function f() {
      let err = a();
      log(/*@*/err);
      err = b();
      return err;
    }`,
    expected: ["initializer: let err = a()"],
  },
  {
    name: "a read on the right of its own assignment sees the previous value",
    source: `function f() {
      let err = a();
      err = wrap(/*@*/err);
    }`,
    expected: ["initializer: let err = a()"],
  },
  {
    name: "code after a return is unreachable: untraceable, not an empty pass",
    source: `function f() {
      const err = a();
      return null;
      if (err) return /*@*/err;
    }`,
    expected: ["untraceable: err"],
  },
  // --- loops
  {
    name: "while: a write late in the body reaches the top of the next iteration",
    source: `function f(c) {
      let err = a();
      while (c()) {
        if (/*@*/err) return err;
        err = b();
      }
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()"],
  },
  {
    name: "while: after the loop, both the write before it and the one in its body",
    source: `function f(c) {
      let err = a();
      while (c()) { err = b(); }
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()"],
  },
  {
    name: "do-while: the body runs at least once, so it kills the write before",
    source: `function f(c) {
      let err = a();
      do { err = b(); } while (c());
      return /*@*/err;
    }`,
    expected: ["assignment: err = b()"],
  },
  {
    name: "for: back edge through the incrementor",
    source: `function f(n) {
      let err = a();
      for (let i = 0; i < n; i++) {
        if (/*@*/err) return err;
        err = check(i);
      }
    }`,
    expected: ["initializer: let err = a()", "assignment: err = check(i)"],
  },
  {
    name: "for: a write in the incrementor reaches the body of the next iteration",
    source: `function f(n) {
      let err = a();
      for (let i = 0; i < n; i++, err = step(i)) {
        if (/*@*/err) return err;
      }
    }`,
    expected: ["initializer: let err = a()", "assignment: err = step(i)"],
  },
  {
    name: "for (;;) without break never exits, so only paths through break reach after it",
    source: `function f() {
      let err = a();
      for (;;) {
        err = b();
        if (done()) break;
        err = null;
      }
      return /*@*/err;
    }`,
    expected: ["assignment: err = b()"],
  },
  {
    name: "while (true) exits only through break",
    source: `function f() {
      let err = a();
      while (true) {
        err = b();
        if (done()) break;
      }
      return /*@*/err;
    }`,
    expected: ["assignment: err = b()"],
  },
  {
    name: "for-of: the loop may run zero times",
    source: `function f(xs) {
      let err = a();
      for (const x of xs) { err = check(x); }
      if (err) return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = check(x)"],
  },
  {
    name: "for-in: a write in the body reaches the top of the body",
    source: `function f(o) {
      let err = a();
      for (const k in o) {
        if (/*@*/err) return err;
        err = check(k);
      }
    }`,
    expected: ["initializer: let err = a()", "assignment: err = check(k)"],
  },
  {
    name: "a for...of loop variable is untraceable",
    source: `function f(list) {
      for (const err of list) {
        if (/*@*/err) return err;
      }
    }`,
    expected: ["untraceable: for (const err of list)"],
  },
  {
    name: "a for...in assignment target is untraceable and kills the write before the loop",
    source: `function f(o) {
      let err = a();
      for (err in o) {
        if (/*@*/err) return err;
      }
    }`,
    expected: ["untraceable: for (err in o)"],
  },
  {
    name: "continue skips the rest of the body, so the kill after it does not apply",
    source: `function f(c, d) {
      let err = a();
      while (c()) {
        if (d()) { err = b(); continue; }
        err = null;
      }
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()"],
  },
  {
    name: "labelled break leaves both loops, skipping the kills after the inner loop",
    source: `function f(xs, ys) {
      let err = a();
      outer: for (const x of xs) {
        for (const y of ys) {
          err = b(x, y);
          if (bad(y)) break outer;
          err = null;
        }
        err = null;
      }
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b(x, y)"],
  },
  {
    name: "labelled continue goes to the outer loop's next iteration",
    source: `function f(xs, ys) {
      let err = a();
      outer: for (const x of xs) {
        for (const y of ys) {
          if (bad(y)) { err = b(y); continue outer; }
        }
        err = null;
      }
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b(y)"],
  },
  {
    name: "labelled block: break label jumps past the kill",
    source: `function f(c) {
      let err = a();
      done: {
        if (c) { err = b(); break done; }
        err = null;
      }
      return /*@*/err;
    }`,
    expected: ["assignment: err = b()"],
  },
  // --- switch
  {
    name: "switch: fall-through from the case above",
    source: `function f(k) {
      let err = a();
      switch (k) {
        case 1: err = b();
        case 2: if (/*@*/err) return err;
      }
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()"],
  },
  {
    name: "switch: break, and no default means no case may match",
    source: `function f(k) {
      let err = a();
      switch (k) {
        case 1: err = b(); break;
        case 2: err = c();
      }
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()", "assignment: err = c()"],
  },
  {
    name: "switch: with a default, one clause always runs",
    source: `function f(k) {
      let err = a();
      switch (k) {
        case 1: err = b(); break;
        default: err = c();
      }
      return /*@*/err;
    }`,
    expected: ["assignment: err = b()", "assignment: err = c()"],
  },
  {
    name: "switch: a default first falls through into the next case",
    source: `function f(k) {
      let err = a();
      switch (k) {
        default: err = b();
        case 1: if (/*@*/err) return err;
      }
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()"],
  },
  {
    name: "switch: a return in a case ends that path",
    source: `function f(k) {
      let err = a();
      switch (k) {
        case 1: err = b(); return null;
        case 2: err = c(); break;
        default: err = d();
      }
      return /*@*/err;
    }`,
    expected: ["assignment: err = c()", "assignment: err = d()"],
  },
  // --- try / catch / finally
  {
    name: "try/catch: any write in try may reach catch, and so may the one before",
    source: `function f() {
      let err = a();
      try {
        err = b();
        risky();
        err = c();
      } catch {
        if (/*@*/err) return err;
      }
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()", "assignment: err = c()"],
  },
  {
    name: "try/catch: after the statement, try's last write or catch's",
    source: `function f() {
      let err = a();
      try { err = b(); } catch { err = c(); }
      return /*@*/err;
    }`,
    expected: ["assignment: err = b()", "assignment: err = c()"],
  },
  {
    name: "try/finally: a write in finally kills",
    source: `function f() {
      let err = a();
      try { err = b(); } finally { err = c(); }
      return /*@*/err;
    }`,
    expected: ["assignment: err = c()"],
  },
  {
    name: "finally runs on break, so its write replaces the one before the break",
    source: `function f(c) {
      let err = a();
      while (c()) {
        try { err = b(); break; } finally { err = d(); }
      }
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = d()"],
  },
  {
    name: "finally sees try, catch, and exceptions thrown out of catch",
    source: `function f() {
      let err = a();
      try { err = b(); } catch { err = c(); } finally { log(/*@*/err); }
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()", "assignment: err = c()"],
  },
  {
    name: "a throw inside try reaches the catch with its state",
    source: `function f() {
      let err = a();
      try { err = b(); throw err; } catch { return /*@*/err; }
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()"],
  },
  {
    name: "a catch binding is untraceable",
    source: `function f() {
      try { run(); } catch (err) { if (/*@*/err) return err; }
    }`,
    expected: ["untraceable: catch (err)"],
  },
  {
    name: "a catch binding reassigned in its block",
    source: `function f() {
      try { run(); } catch (err) { err = wrap(err); return /*@*/err; }
    }`,
    expected: ["assignment: err = wrap(err)"],
  },
  // --- short-circuit and conditions
  {
    name: "&&: the write happens on one path",
    source: `function f(c) {
      let err = a();
      c && (err = b());
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()"],
  },
  {
    name: "||: the write happens on one path",
    source: `function f(ok) {
      let err = a();
      ok || (err = b());
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()"],
  },
  {
    name: "??: the write happens on one path",
    source: `function f(x) {
      let err = a();
      x ?? (err = b());
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()"],
  },
  {
    name: "?: both arms write, so nothing before survives",
    source: `function f(c) {
      let err = a();
      c ? (err = b()) : (err = d());
      return /*@*/err;
    }`,
    expected: ["assignment: err = b()", "assignment: err = d()"],
  },
  {
    name: "optional chaining: arguments after ?. may be skipped",
    source: `function f(obj) {
      let err = a();
      obj?.method(err = b());
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err = b()"],
  },
  {
    name: "a plain call always evaluates its arguments",
    source: `function f(obj) {
      let err = a();
      obj.method(err = b());
      return /*@*/err;
    }`,
    expected: ["assignment: err = b()"],
  },
  {
    name: "&& in an if condition: the consequent sees only the assignment made in the condition",
    source: `function f(c) {
      let err = a();
      if (c && (err = b())) return /*@*/err;
    }`,
    expected: ["assignment: err = b()"],
  },
  {
    name: "??= keeps the previous definitions",
    source: `function f() {
      let err = a();
      err ??= b();
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err ??= b()"],
  },
  {
    name: "||= keeps the previous definitions",
    source: `function f() {
      let err = a();
      err ||= b();
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err ||= b()"],
  },
  {
    name: "&&= keeps the previous definitions",
    source: `function f() {
      let err = a();
      err &&= wrap(err);
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "assignment: err &&= wrap(err)"],
  },
  {
    name: "an assignment inside the if condition is what the consequent sees",
    source: `function f() {
      let err = a();
      if ((err = b()) != null) return /*@*/err;
    }`,
    expected: ["assignment: err = b()"],
  },
  {
    name: "an assignment in a while condition reaches the body",
    source: `function f(it) {
      let err = a();
      while ((err = it.next()) != null) { if (bad(/*@*/err)) return err; }
    }`,
    expected: ["assignment: err = it.next()"],
  },
  {
    name: "a write earlier in the consequent block is the one returned",
    source: `function f() {
      let e = a();
      if (e) { e = wrap(e); return /*@*/e; }
    }`,
    expected: ["assignment: e = wrap(e)"],
  },
  // --- destructuring
  {
    name: "array destructuring declaration",
    source: `function f() {
      const [server, err] = resolveOrError(a, b);
      if (err) return /*@*/err;
    }`,
    expected: ["initializer: const [server, err] = resolveOrError(a, b)"],
  },
  {
    name: "object destructuring declaration through await",
    source: `async function f() {
      const { error } = await check();
      if (error) return /*@*/error;
    }`,
    expected: ["initializer: const { error } = await check()"],
  },
  {
    name: "renamed object destructuring",
    source: `function f() {
      const { error: e } = check();
      if (e) return /*@*/e;
    }`,
    expected: ["initializer: const { error: e } = check()"],
  },
  {
    name: "nested destructuring with a hole",
    source: `function f() {
      const { data: [, err] } = check();
      if (err) return /*@*/err;
    }`,
    expected: ["initializer: const { data: [, err] } = check()"],
  },
  {
    name: "destructuring with a rest element",
    source: `function f() {
      const [first, ...err] = check();
      if (err) return /*@*/err;
    }`,
    expected: ["initializer: const [first, ...err] = check()"],
  },
  {
    name: "destructuring with a default",
    source: `function f() {
      const { error = fallback() } = check();
      if (error) return /*@*/error;
    }`,
    expected: ["initializer: const { error = fallback() } = check()"],
  },
  {
    name: "array destructuring assignment",
    source: `function f() {
      let a, err;
      [a, err] = resolve();
      if (err) return /*@*/err;
    }`,
    expected: ["assignment: [a, err] = resolve()"],
  },
  {
    name: "object destructuring assignment in parentheses",
    source: `function f() {
      let err = a();
      ({ err } = g());
      if (err) return /*@*/err;
    }`,
    expected: ["assignment: { err } = g()"],
  },
  {
    name: "a destructuring assignment that does not name the variable leaves it alone",
    source: `function f() {
      let err = a();
      let other;
      ({ other } = g());
      if (err) return /*@*/err;
    }`,
    expected: ["initializer: let err = a()"],
  },
  // --- parameters
  {
    name: "an untouched parameter",
    source: `function f(err) {
      if (err) return /*@*/err;
    }`,
    expected: ["parameter: err"],
  },
  {
    name: "a parameter overwritten on one path",
    source: `function f(err, c) {
      if (c) err = b();
      return /*@*/err;
    }`,
    expected: ["parameter: err", "assignment: err = b()"],
  },
  {
    name: "a parameter overwritten on every path is no longer carried",
    source: `function f(err) {
      err = b();
      return /*@*/err;
    }`,
    expected: ["assignment: err = b()"],
  },
  {
    name: "a destructured parameter",
    source: `function f({ error }) {
      if (error) return /*@*/error;
    }`,
    expected: ["parameter: { error }"],
  },
  // --- closures and shadowing
  {
    name: "a write inside an arrow in the function is a closure definition",
    source: `function f() {
      let err = a();
      const reset = () => { err = g(); };
      reset();
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "closure: err = g()"],
  },
  {
    name: "a closure write counts whatever its position in the flow",
    source: `function f() {
      let err = a();
      if (err) return /*@*/err;
      later(function () { err = g(); });
    }`,
    expected: ["initializer: let err = a()", "closure: err = g()"],
  },
  {
    name: "writes in a method, a getter and a class field of a nested class are closures",
    source: `function f() {
      let err = a();
      const o = { m() { err = g(); }, get x() { err = h(); return 1; } };
      class C { field = (err = k()); }
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "closure: err = g()", "closure: err = h()", "closure: err = k()"],
  },
  {
    name: "a null written by a closure cannot pass the guard: ignored",
    source: `function f() {
      let err = a();
      const clear = () => { err = null; };
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()"],
  },
  {
    name: "shadowing in an inner block does not reach the outer variable",
    source: `function f() {
      let err = a();
      { const err = b(); use(err); }
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()"],
  },
  {
    name: "a nested function's parameter shadows the variable",
    source: `function f() {
      let err = a();
      const h = (err) => { err = b(); return err; };
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()"],
  },
  {
    name: "a reference in the inner block sees the inner binding",
    source: `function f() {
      let err = a();
      { const err = b(); if (err) return /*@*/err; }
    }`,
    expected: ["initializer: const err = b()"],
  },
  // --- var
  {
    name: "var declared in a nested block is visible after it",
    source: `function f(c) {
      if (c) { var err = a(); }
      if (err) return /*@*/err;
    }`,
    expected: ["initializer: var err = a()"],
  },
  {
    name: "var declared later in the loop body reaches the top through the back edge",
    source: `function f(xs) {
      for (const x of xs) {
        if (/*@*/err) return err;
        var err = check(x);
      }
    }`,
    expected: ["initializer: var err = check(x)"],
  },
  {
    name: "var redeclared without initializer keeps its value",
    source: `function f() {
      var err = a();
      var err;
      return /*@*/err;
    }`,
    expected: ["initializer: var err = a()"],
  },
  // --- captured and global
  {
    name: "a const captured from an outer function gives its initializer",
    source: `function outer(x) {
      const err = validate(x);
      return () => { if (err) return /*@*/err; };
    }`,
    expected: ["initializer: const err = validate(x)"],
  },
  {
    name: "a let captured from an outer function is untraceable",
    source: `function outer(x) {
      let err = validate(x);
      return () => { if (err) return /*@*/err; };
    }`,
    expected: ["untraceable: let err = validate(x)"],
  },
  {
    name: "a parameter captured from an outer function is untraceable",
    source: `function outer(err) {
      return () => { if (err) return /*@*/err; };
    }`,
    expected: ["untraceable: err"],
  },
  {
    name: "a destructured const captured from an outer function",
    source: `function outer() {
      const [s, miss] = resolveOrError(a);
      return () => { if (miss) return /*@*/miss; };
    }`,
    expected: ["initializer: const [s, miss] = resolveOrError(a)"],
  },
  {
    name: "a module-level const read in a function",
    source: `const err = validate(1);
    export function f() { if (err) return /*@*/err; }`,
    expected: ["initializer: const err = validate(1)"],
  },
  {
    name: "a module-level let read in a function",
    source: `let err = validate(1);
    export function f() { if (err) return /*@*/err; }`,
    expected: ["untraceable: let err = validate(1)"],
  },
  {
    name: "a module-level reference is analysed over the module's statements",
    source: `let err = validate(1);
    if (c) err = validate(2);
    log(/*@*/err);`,
    expected: ["initializer: let err = validate(1)", "assignment: err = validate(2)"],
  },
  {
    name: "a global name",
    source: `function f() { if (err) return /*@*/err; }`,
    expected: ["untraceable: err"],
  },
  {
    name: "a parameter default does not see the body's var of the same name",
    source: `const x = a();
    function f(p = /*@*/x) { var x = b(); return p; }`,
    expected: ["initializer: const x = a()"],
  },
  {
    name: "a var in a class static block belongs to the block",
    source: `class C {
      static {
        var err = a();
        if (err) log(/*@*/err);
      }
    }`,
    expected: ["initializer: var err = a()"],
  },
  // --- null, undefined and bare declarations
  {
    name: "let err = null, then assigned in one branch: only that branch",
    source: `function f(c) {
      let err = null;
      if (c) err = b();
      return /*@*/err;
    }`,
    expected: ["assignment: err = b()"],
  },
  {
    name: "undefined and void 0 kill but are not returned",
    source: `function f(c) {
      let err = a();
      if (c) err = undefined; else err = void 0;
      return /*@*/err;
    }`,
    expected: [],
  },
  {
    name: "let err; in a loop body kills the previous iteration's write",
    source: `function f(xs) {
      for (const x of xs) {
        let err;
        if (bad(x)) err = b(x);
        if (err) return /*@*/err;
      }
    }`,
    expected: ["assignment: err = b(x)"],
  },
  // --- untraceable writes
  {
    name: "compound += is untraceable",
    source: `function f() {
      let err = a();
      err += "!";
      return /*@*/err;
    }`,
    expected: ['untraceable: err += "!"'],
  },
  {
    name: "++ is untraceable, on the path that runs it",
    source: `function f(c) {
      let err = a();
      if (c) err++;
      return /*@*/err;
    }`,
    expected: ["initializer: let err = a()", "untraceable: err++"],
  },
  // --- where the function is
  {
    name: "a class method",
    source: `class Tools {
      run(x) {
        const err = validate(x);
        if (err) return /*@*/err;
        return ok();
      }
    }`,
    expected: ["initializer: const err = validate(x)"],
  },
  {
    name: "a handler arrow passed as a call argument is the function analysed",
    source: `const err = outerValue();
    server.tool("t", schema, async (args) => {
      const err = validateHoursBack(args.hours_back);
      if (err != null) return /*@*/err;
      return run(args);
    });`,
    expected: ["initializer: const err = validateHoursBack(args.hours_back)"],
  },
  {
    name: "a definer's run method",
    source: `defineTool({
      name: "t",
      async run(args, ctx) {
        const [server, miss] = resolveOrError(ctx.servers, args.server_name);
        if (miss) return /*@*/miss;
        return server.query();
      },
    });`,
    expected: ["initializer: const [server, miss] = resolveOrError(ctx.servers, args.server_name)"],
  },
];

describe("reachingDefinitions", () => {
  it("has a case table large enough to cover the contract", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it.each(CASES)("$name", ({ source, expected }) => {
    expect(definitionsAt(source).map(shown)).toEqual(expected);
  });
});

describe("reachingDefinitions: values, defaults and reasons", () => {
  const only = (source: string): ReachingDefinition => {
    const defs = definitionsAt(source);
    expect(defs).toHaveLength(1);
    return defs[0]!;
  };

  it("a destructuring declaration's value is the whole source expression", () => {
    const def = only(`function f() { const [s, err] = await resolve(a); if (err) return /*@*/err; }`);
    expect(ts.isBindingElement(def.node)).toBe(true);
    expect(def.value?.getText()).toBe("await resolve(a)");
    expect(def.defaultValue).toBeUndefined();
  });

  it("a renamed destructuring default goes in defaultValue", () => {
    const def = only(`function f() { const { error: e = fallback() } = check(); if (e) return /*@*/e; }`);
    expect(def.value?.getText()).toBe("check()");
    expect(def.defaultValue?.getText()).toBe("fallback()");
  });

  it("a destructuring assignment's default goes in defaultValue", () => {
    const def = only(`function f() { let err; ({ error: err = other() } = g()); if (err) return /*@*/err; }`);
    expect(ts.isBinaryExpression(def.node)).toBe(true);
    expect(def.value?.getText()).toBe("g()");
    expect(def.defaultValue?.getText()).toBe("other()");
  });

  it("an assignment's value is its right-hand side", () => {
    const def = only(`function f() { let err; err ??= validate(x); return /*@*/err; }`);
    expect(def.kind).toBe("assignment");
    expect(def.value?.getText()).toBe("validate(x)");
  });

  it("a parameter has no value; its default is an alternative", () => {
    const def = only(`function f(err = fallback()) { return /*@*/err; }`);
    expect(def.kind).toBe("parameter");
    expect(def.value).toBeUndefined();
    expect(def.defaultValue?.getText()).toBe("fallback()");
  });

  it("a closure write says where it is", () => {
    const defs = definitionsAt(`function f() {\n  let err = a();\n  const r = () => {\n    err = g();\n  };\n  return /*@*/err;\n}`);
    const closure = defs.find((d) => d.kind === "closure");
    expect(closure?.reason).toBe("written inside a nested function at line 4");
    expect(closure?.value?.getText()).toBe("g()");
  });

  it("reasons for untraceable definitions", () => {
    expect(only(`function f(list) { for (const err of list) return /*@*/err; }`).reason).toBe("a for...of loop variable");
    expect(only(`function f(o) { for (const err in o) return /*@*/err; }`).reason).toBe("a for...in loop variable");
    expect(only(`function f() { try { g(); } catch (err) { return /*@*/err; } }`).reason).toBe("the caught exception");
    expect(only(`function f() { let err = a(); err += b; return /*@*/err; }`).reason).toBe("compound assignment `err += ...`");
    expect(only(`function f() { let err = a(); --err; return /*@*/err; }`).reason).toBe("a decrement `--err`");
    expect(only(`function f() { return /*@*/err; }`).reason).toBe("`err` is not declared in this file");
    expect(only(`function f() { return 1; return /*@*/f; }`).kind).toBe("untraceable");
    expect(only(`function f() { return null; const err = a(); return /*@*/err; }`).reason).toMatch(/^this code is unreachable/);
  });

  it("a captured let names its line", () => {
    const def = only(`function outer() {\n  let err = a();\n  return () => /*@*/err;\n}`);
    expect(def.kind).toBe("untraceable");
    expect(def.reason).toBe("`err` is declared outside this function (line 2) and may change before it runs");
    expect(ts.isVariableDeclaration(def.node)).toBe(true);
  });

  it("a captured const initialised to null gives nothing that can pass a guard", () => {
    expect(definitionsAt(`function outer() { const err = null; return () => /*@*/err; }`)).toEqual([]);
  });

  it("results are sorted by position and each node appears once", () => {
    const defs = definitionsAt(`function f(c) {
      let err = a();
      while (c()) { if (c) err = b(); else err = d(); }
      const set = () => { err = g(); };
      try { err = h(); } catch {}
      return /*@*/err;
    }`);
    const starts = defs.map((d) => d.node.getStart());
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    expect(new Set(defs.map((d) => d.node)).size).toBe(defs.length);
    expect(defs.map(shown)).toEqual([
      "initializer: let err = a()",
      "assignment: err = b()",
      "assignment: err = d()",
      "closure: err = g()",
      "assignment: err = h()",
    ]);
  });
});

describe("reachingDefinitions: size", () => {
  /** One function of `blocks` guarded pass-throughs, each in its own loop with a try, a switch and a label. */
  function bigFunction(blocks: number): string {
    const lines = ["async function big(args) {", "  let err = first(args);"];
    for (let i = 0; i < blocks; i++) {
      lines.push(
        `  outer${i}: for (const x of args.list${i}) {`,
        `    try {`,
        `      switch (x.kind) {`,
        `        case 1: err = validate${i}(x); break;`,
        `        case 2: if (x.skip) continue outer${i}; err = null; break;`,
        `        default: if (x.stop) break outer${i};`,
        `      }`,
        `    } catch (e) {`,
        `      err = wrap${i}(e);`,
        `    }`,
        `    if (err != null) return err;`,
        `  }`,
      );
    }
    lines.push("  if (err != null) return /*@*/err;", "  return ok();", "}");
    return lines.join("\n");
  }

  it("answers on a 3,000-line function quickly and exactly", () => {
    const blocks = 250;
    const source = bigFunction(blocks);
    expect(source.split("\n").length).toBeGreaterThanOrEqual(3000);
    const started = performance.now();
    const defs = definitionsAt(source);
    const elapsed = performance.now() - started;
    // Every loop may run zero times, so every block's writes and the first one reach the end.
    const expected = ["initializer: let err = first(args)"];
    for (let i = 0; i < blocks; i++) expected.push(`assignment: err = validate${i}(x)`, `assignment: err = wrap${i}(e)`);
    expect(defs.map(shown)).toEqual(expected);
    expect(elapsed).toBeLessThan(2000);
  });

  it("deeply nested loops stay bounded", () => {
    let body = "err = step(i0);";
    for (let d = 0; d < 12; d++) body = `for (let i${d} = 0; i${d} < n; i${d}++) { if (c${d}) err = v${d}(); ${body} }`;
    const source = `function f(n) { let err = a(); ${body} return /*@*/err; }`;
    const started = performance.now();
    const defs = definitionsAt(source);
    expect(performance.now() - started).toBeLessThan(2000);
    // The innermost body writes step(i0) right after v0(), so v0() never leaves its iteration.
    const expected = ["initializer: let err = a()"];
    for (let d = 11; d >= 1; d--) expected.push(`assignment: err = v${d}()`);
    expected.push("assignment: err = step(i0)");
    expect(defs.map(shown)).toEqual(expected);
  });
});
