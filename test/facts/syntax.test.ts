// The syntax helpers every fact is read with: names of functions and callees, property names, short texts for
// messages (whitespace folded, cut with an ellipsis), nullish values and string concatenations.
import { describe, expect, it } from "vitest";
import { calleeName, isNullish, isStringConcatenation, propertyNameText, shortText } from "../../src/facts/syntax.js";
import { initializerOf } from "./strExprs.js";
import { functionNames } from "./functionNames.js";
import { parseSource, ts } from "../../src/ts.js";

const probeOf = (source: string) => initializerOf(parseSource("probe.ts", source), "probe");

describe("functionName", () => {
  it("names a function by itself, the variable, property or field it is put in, or the target it is assigned to", () => {
    const source = [
      "function declared() {}",
      "const viaConst = () => 1;",
      "const viaCast = (() => 1) as any;",
      "const o = { viaProperty: () => 1, ['computed']: () => 1, method() {}, get getter() { return 1; }, set setter(v) {} };",
      "class C { field = () => 1; constructor() {} }",
      "let assigned; assigned = () => 1;",
      "o.member = function () {};",
      "f(() => 1);",
      "const named = function inner() {};",
    ].join("\n");
    expect(functionNames(source)).toEqual([
      "declared",
      "viaConst",
      "viaCast",
      "viaProperty",
      "computed",
      "method",
      "getter",
      "setter",
      "field",
      "constructor",
      "assigned",
      "member",
      null,
      "inner",
    ]);
  });
});

describe("names", () => {
  it("propertyNameText: identifiers, private names, strings, numbers and literal computed keys; null for others", () => {
    const names: (string | null)[] = [];
    const sf = parseSource("probe.ts", 'class C { a = 1; #b = 2; "c" = 3; 4 = 4; [`e`] = 5; ["f"] = 6; [7] = 7; [g] = 8; }');
    sf.forEachChild((c) => {
      if (ts.isClassDeclaration(c)) for (const m of c.members) names.push(m.name ? propertyNameText(m.name) : null);
    });
    expect(names).toEqual(["a", "#b", "c", "4", "e", "f", "7", null]);
  });

  it("calleeName: through parentheses, casts and commas; a string element key; null for anything else", () => {
    expect(["f", "a.b.g", "(0, h)", "(k as any)", 'o["m"]', "o[m]", "f()", "(() => 1)"].map((c) => calleeName(probeOf(`const probe = ${c};`)))).toEqual([
      "f",
      "g",
      "h",
      "k",
      "m",
      null,
      null,
      null,
    ]);
  });
});

describe("shortText", () => {
  it("folds whitespace runs, line breaks included, to one space", () => {
    expect(shortText(probeOf("const probe = f(\n    a,\t\tb\n  );"))).toBe("f( a, b )");
  });

  it("cuts a long text with an ellipsis at the length asked for", () => {
    const text = shortText(probeOf(`const probe = "${"x".repeat(100)}";`), 20);
    expect(text).toBe(`"${"x".repeat(18)}…`);
    expect(text.length).toBe(20);
  });

  it("keeps a text of exactly the length asked for whole", () => {
    expect(shortText(probeOf(`const probe = "${"x".repeat(18)}";`), 20)).toBe(`"${"x".repeat(18)}"`);
  });

  it("folds the other white space of ECMAScript (no-break, ideographic) too", () => {
    expect(shortText(probeOf("const probe = f(a,\u00a0\u3000b);"))).toBe("f(a, b)");
  });
});

describe("values", () => {
  it("isNullish: null, the global undefined and void; not a local named undefined", () => {
    expect(["null", "undefined", "void 0", "(null as any)", "0", '""'].map((v) => isNullish(probeOf(`const probe = ${v};`)))).toEqual([true, true, true, true, false, false]);
    expect(isNullish(probeOf("function f(undefined) { const probe = undefined; }"))).toBe(false);
  });

  it("isStringConcatenation: a + chain with a string or template literal among its operands", () => {
    expect(['a + "b"', "a + `b${c}`", "(a + b) + 'c'", "a + b", "a - 'b'", '"a"'].map((v) => isStringConcatenation(probeOf(`const probe = ${v};`)))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
