// What `calleeRefOf` names a callee, and whether `followableCalleeRefOf` may follow it, at the edges of each form:
// alias chains at and past their limit, destructuring the census reads and the patterns it does not, member keys
// that are literals and keys that are not, and `import()` with each kind of argument.
import { describe, expect, it } from "vitest";
import { calleeRefOf, followableCalleeRefOf } from "../../src/facts/callees.js";
import { parseSource, ts } from "../../src/ts.js";

/** The callee of the last call that is a statement of its own in `lines`. */
function calleeIn(lines: string[]): ts.Expression {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isExpressionStatement(node) && ts.isCallExpression(node.expression)) found = node.expression.expression;
    ts.forEachChild(node, visit);
  };
  visit(parseSource("case.ts", lines.join("\n")));
  if (!found) throw new Error("no call statement");
  return found;
}

/** `const c0 = c1; … const c<n-1> = <last>;`, declared last to first: n aliases in a chain ending at `last`. */
function aliasChain(prefix: string, n: number, last: string): string[] {
  const lines: string[] = [];
  for (let i = n - 1; i >= 0; i--) lines.push(`const ${prefix}${i} = ${i === n - 1 ? last : `${prefix}${i + 1}`};`);
  return lines;
}

const IMPORT_H = 'import * as H from "./h.js";';
const IMPORT_STATUS = 'import { status } from "./h.js";';
const METHOD = "is a method of an object: the census cannot tell which function it is";

/** Both readings of a callee: the named one, and the followable one (the same, or undefined for an unknown). */
function expectRef(lines: string[], expected: ReturnType<typeof calleeRefOf>): void {
  const callee = calleeIn(lines);
  expect(calleeRefOf(callee)).toEqual(expected);
  expect(followableCalleeRefOf(callee)).toEqual(expected.k === "unknown" ? undefined : expected);
}

describe("const alias chains", () => {
  it("eight aliases are followed to the import at their end", () => {
    expectRef([IMPORT_STATUS, ...aliasChain("c", 8, "status"), "c0();"], { k: "import", module: "./h.js", name: "status", local: "status" });
  });

  it("a ninth alias is not followed: the chain is a const variable", () => {
    expectRef([IMPORT_STATUS, ...aliasChain("c", 9, "status"), "c0();"], { k: "unknown", why: "`c8` is a const variable: it may hold any function" });
  });

  it("a cycle of aliases stops at the limit", () => {
    expectRef(["const a = b;", "const b = a;", "a();"], { k: "unknown", why: "`a` is a const variable: it may hold any function" });
  });

  it("an alias of a member is the member, named as written", () => {
    expectRef([IMPORT_H, "const say = H.status;", "say();"], { k: "import", module: "./h.js", name: "status", local: "H.status" });
  });
});

describe("destructuring", () => {
  it.each<[string, string[], ReturnType<typeof calleeRefOf>]>([
    ["a renamed key of a namespace", [IMPORT_H, "const { status: say } = H;", "say();"], { k: "import", module: "./h.js", name: "status", local: "say" }],
    ["a key of `await import()`", ["async function f() {", '  const { status } = await import("./h.js");', "  status();", "}"], { k: "import", module: "./h.js", name: "status", local: "status" }],
    ["a computed literal key", [IMPORT_H, 'const { ["status"]: say } = H;', "say();"], { k: "import", module: "./h.js", name: "status", local: "say" }],
    ["a computed key that is not a literal", [IMPORT_H, "let k = 'status';", "const { [k]: say } = H;", "say();"], { k: "unknown", why: "`say` is a const variable: it may hold any function" }],
    ["a rest element", [IMPORT_H, "const { ...rest } = H;", "rest();"], { k: "unknown", why: "`rest` is a const variable: it may hold any function" }],
    ["an array pattern", [IMPORT_H, "const [first] = H;", "first();"], { k: "unknown", why: "`first` is a const variable: it may hold any function" }],
    ["a nested pattern", [IMPORT_H, "const { a: { status } } = H;", "status();"], { k: "unknown", why: "`status` is a const variable: it may hold any function" }],
    ["a `for … of` head", ["function f(mods) {", "  for (const { status } of mods) status();", "}"], { k: "unknown", why: "`status` is a const variable: it may hold any function" }],
    ["an object that is no module", ["function f(obj) {", "  const { status } = obj;", "  status();", "}"], { k: "unknown", why: "`status` is a const variable: it may hold any function" }],
    ["a call that is no `import()`", ['const { status } = load("./h.js");', "status();"], { k: "unknown", why: "`status` is a const variable: it may hold any function" }],
  ])("%s", (_name, lines, expected) => {
    expectRef(lines, expected);
  });

  it("a module behind seven const aliases is read; behind eight it is not", () => {
    expectRef([IMPORT_H, ...aliasChain("m", 7, "H"), "const { status } = m0;", "status();"], { k: "import", module: "./h.js", name: "status", local: "status" });
    expectRef([IMPORT_H, ...aliasChain("m", 8, "H"), "const { status } = m0;", "status();"], { k: "unknown", why: "`status` is a const variable: it may hold any function" });
  });
});

describe("members", () => {
  it.each<[string, string[], ReturnType<typeof calleeRefOf>]>([
    ["a property of a namespace", [IMPORT_H, "H.status();"], { k: "import", module: "./h.js", name: "status", local: "H.status" }],
    ["a string key", [IMPORT_H, 'H["status"]();'], { k: "import", module: "./h.js", name: "status", local: "H.status" }],
    ["a template key", [IMPORT_H, "H[`status`]();"], { k: "import", module: "./h.js", name: "status", local: "H.status" }],
    ["a template key with a substitution", [IMPORT_H, "function f(x) {", "  H[`st${x}`]();", "}"], { k: "unknown", why: "`H[`st${x}`]` is not a named function" }],
    ["a key held by a variable", [IMPORT_H, "const k = 'status';", "H[k]();"], { k: "unknown", why: "`H[k]` is not a named function" }],
    ["an awaited key", [IMPORT_H, "async function f() {", '  H[await "status"]();', "}"], { k: "unknown", why: '`H[await "status"]` is not a named function' }],
    ["a method of a parameter", ["function f(obj) {", "  obj.method();", "}"], { k: "unknown", why: `\`obj.method\` ${METHOD}` }],
    ["a member of a call that is no `import()`", ['load("./h.js").status();'], { k: "unknown", why: `\`load("./h.js").status\` ${METHOD}` }],
  ])("%s", (_name, lines, expected) => {
    expectRef(lines, expected);
  });
});

describe("members of `await import()`", () => {
  const inAsync = (call: string): string[] => ["async function f(spec) {", `  ${call};`, "}"];

  it.each<[string, string, ReturnType<typeof calleeRefOf>]>([
    ["a string literal", '(await import("./h.js")).status()', { k: "import", module: "./h.js", name: "status", local: '(await import("./h.js")).status' }],
    ["a template literal", "(await import(`./h.js`)).status()", { k: "import", module: "./h.js", name: "status", local: "(await import(`./h.js`)).status" }],
    ["a parenthesised literal", '(await import(("./h.js"))).status()', { k: "import", module: "./h.js", name: "status", local: '(await import(("./h.js"))).status' }],
    ["a non-literal argument", "(await import(spec)).status()", { k: "unknown", why: `\`(await import(spec)).status\` ${METHOD}` }],
    ["an awaited argument", '(await import(await "./h.js")).status()', { k: "unknown", why: `\`(await import(await "./h.js")).status\` ${METHOD}` }],
    ["no argument", "(await import()).status()", { k: "unknown", why: `\`(await import()).status\` ${METHOD}` }],
  ])("%s", (_name, call, expected) => {
    expectRef(inAsync(call), expected);
  });
});

describe("callees that cannot be followed: words from calleeRefOf, undefined from followableCalleeRefOf", () => {
  it.each<[string, string[], string]>([
    ["an undeclared name", ["check();"], "`check` is not declared in this file"],
    ["a whole namespace", [IMPORT_H, "H();"], "`H` is a whole module, not a function"],
    ["a const holding a call's result", ["const check = makeCheck();", "check();"], "`check` holds the result of `makeCheck()`, not a named function"],
    ["a parameter", ["function f(check) {", "  check();", "}"], "`check` is a parameter: any function may be passed in"],
    ["a let", ["let check = validate;", "check();"], "`check` is a let variable: it may hold any function"],
    ["a conditional", ["function f(x, a, b) {", "  (x ? a : b)();", "}"], "`x ? a : b` is not a named function"],
    ["a method of an object", ["function f(obj) {", "  obj.method();", "}"], `\`obj.method\` ${METHOD}`],
  ])("%s", (_name, lines, why) => {
    const callee = calleeIn(lines);
    expect(followableCalleeRefOf(callee)).toBeUndefined();
    expect(calleeRefOf(callee)).toEqual({ k: "unknown", why });
  });
});
