// The syntax helpers at their edges: `await` kept where a value is read as written, whitespace by every code unit
// ECMAScript counts (and its neighbours that it does not), functions with no name to give, keys that are bigints or
// awaited, property lookups that miss, and the first unknown part of a string.
import { describe, expect, it } from "vitest";
import { firstUnknown } from "../../src/facts/strExpr.js";
import {
  calleeName,
  flattenPlus,
  functionName,
  isNullish,
  isStringConcatenation,
  propertyNameText,
  propertyValue,
  shortText,
} from "../../src/facts/syntax.js";
import type { StrExpr } from "../../src/facts/types.js";
import { parseSource, ts } from "../../src/ts.js";
import { initializerOf } from "./strExprs.js";

const probeOf = (source: string) => initializerOf(parseSource("probe.ts", source), "probe");
const text = (node: ts.Node) => node.getText();

/** The first node of `kind` in `source`, depth first. */
function first<T extends ts.Node>(source: string, is: (node: ts.Node) => node is T): T {
  let found: T | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (is(node)) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(parseSource("probe.ts", source));
  if (!found) throw new Error("no such node in the test source");
  return found;
}

describe("values read as written", () => {
  it("flattenPlus keeps an awaited operand whole, and a chain of another operator as one operand", () => {
    expect(flattenPlus(probeOf("async function f() { const probe = (await a) + b + (c - d); }")).map(text)).toEqual(["await a", "b", "c - d"]);
  });

  it("isStringConcatenation: an awaited concatenation is an await, not a concatenation", () => {
    expect(isStringConcatenation(probeOf('async function f() { const probe = await ("a" + b); }'))).toBe(false);
  });

  it("isNullish: an identifier that is not undefined is not nullish, bound or not", () => {
    expect(["nothing", "NaN", "Infinity"].map((v) => isNullish(probeOf(`const probe = ${v};`)))).toEqual([false, false, false]);
  });
});

describe("functionName where there is no name to give", () => {
  it("an anonymous function declaration or expression on its own", () => {
    expect(functionName(first("export default function () {}", ts.isFunctionDeclaration))).toBeNull();
    expect(functionName(first("f(function () {});", ts.isFunctionExpression))).toBeNull();
  });

  it("a function made outside any tree", () => {
    const arrow = ts.factory.createArrowFunction(undefined, undefined, [], undefined, undefined, ts.factory.createNumericLiteral(1));
    expect(functionName(arrow)).toBeNull();
  });

  it("the right side of an operator other than =, and an assignment to an element", () => {
    expect(functionName(first("x = y || (() => 1);", ts.isArrowFunction))).toBeNull();
    expect(functionName(first('o["k"] = () => 1;', ts.isArrowFunction))).toBeNull();
  });
});

describe("keys", () => {
  it("propertyNameText: a computed bigint key is its decimal value; an awaited computed key is no constant", () => {
    const keys = first("async function f() { return { [0x10n]: 1, [await 'k']: 2 }; }", ts.isObjectLiteralExpression).properties.map((p) =>
      propertyNameText(p.name!),
    );
    expect(keys).toEqual(["16", null]);
  });

  it("calleeName: only a comma sequence gives its last operand, and an awaited one is no name", () => {
    expect(calleeName(probeOf("const probe = (a || f);"))).toBeNull();
    expect(calleeName(probeOf("async function g() { const probe = (0, await f); }"))).toBeNull();
    expect(calleeName(probeOf("async function g() { const probe = o[await 'm']; }"))).toBeNull();
  });

  it("propertyValue: the property of that key, a shorthand's name, and nothing for a key the object lacks", () => {
    const object = first("const o = { m() {}, a: 1, b, ...rest };", ts.isObjectLiteralExpression);
    expect(text(propertyValue(object, "a")!)).toBe("1");
    expect(text(propertyValue(object, "b")!)).toBe("b");
    expect(propertyValue(object, "z")).toBeUndefined();
    expect(propertyValue(first("const o = { a: 1 };", ts.isObjectLiteralExpression), "b")).toBeUndefined();
    expect(propertyValue(first("const o = { a };", ts.isObjectLiteralExpression), "b")).toBeUndefined();
  });
});

describe("shortText's whitespace: what /\\s/ matches, no more", () => {
  const WHITE = ["\t", "\n", "\v", "\f", "\r", " ", "\u00a0", "\u1680", "\u2000", "\u2005", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff"];
  const NOT_WHITE = ["\u0008", "\u000e", "\u001f", "\u0085", "\u009f", "\u00a1", "\u1fff", "\u200b", "\u2027", "\u202a", "\u205e", "\u2060", "\u2fff", "\ufefe"];

  it.each(WHITE.map((c) => [c.codePointAt(0)!.toString(16), c]))("U+%s folds to a space", (_, c) => {
    expect(/\s/.test(c)).toBe(true);
    expect(shortText(probeOf(`const probe = a +${c}${c}b;`))).toBe("a + b");
  });

  it.each(NOT_WHITE.map((c) => [c.codePointAt(0)!.toString(16), c]))("U+%s is kept", (_, c) => {
    expect(/\s/.test(c)).toBe(false);
    expect(shortText(probeOf(`const probe = "a${c}b";`))).toBe(`"a${c}b"`);
  });
});

describe("firstUnknown", () => {
  const unknown = (why: string): StrExpr => ({ k: "unknown", why, line: 1, column: 1 });
  const str = (v: string): StrExpr => ({ k: "str", v });

  it("the leftmost unknown part, however deep in concatenations", () => {
    const expr: StrExpr = { k: "cat", parts: [str("a"), { k: "cat", parts: [str("b"), unknown("first")] }, unknown("second")] };
    expect(firstUnknown(expr)).toEqual(unknown("first"));
    expect(firstUnknown({ k: "cat", parts: [unknown("head"), str("b")] })).toEqual(unknown("head"));
    expect(firstUnknown(unknown("alone"))).toEqual(unknown("alone"));
  });

  it("none in a string made of known parts", () => {
    expect(firstUnknown({ k: "cat", parts: [str("a"), { k: "cat", parts: [str("b")] }] })).toBeUndefined();
    expect(firstUnknown(str("a"))).toBeUndefined();
  });
});
