// Tests of the static string evaluator (SPEC §2.4): each form on its own, within one file.
import { describe, expect, it } from "vitest";
import { StringEvaluator } from "../../src/facts/evaluator.js";
import { cookedText, simplify } from "../../src/facts/strExpr.js";
import { parseSource, ts } from "../../src/ts.js";
import { cat, initializerOf, probe, ref, str, unknown } from "./strExprs.js";

describe("string literals are cooked", () => {
  it("resolves a \\u escape", () => {
    expect(probe(String.raw`const probe = "\u0065rror";`)).toEqual(str("error"));
  });

  it("resolves a line continuation", () => {
    expect(probe("const probe = 'err\\\nor';")).toEqual(str("error"));
  });

  it("resolves \\x and \\u{...} escapes", () => {
    expect(probe(String.raw`const probe = "\x65rr\u{6F}r";`)).toEqual(str("error"));
  });

  it("reads a no-substitution template, its line break included", () => {
    expect(probe("const probe = `err\\u{6f}r\nline`;")).toEqual(str("error\nline"));
  });

  it("writes a template's CRLF line break as LF, as JavaScript does", () => {
    expect(probe("const probe = `a\r\nb`;")).toEqual(str("a\nb"));
  });

  it("cookedText gives the cooked text of a literal", () => {
    const literal = initializerOf(parseSource("c.ts", String.raw`const probe = "\x65";`), "probe") as ts.StringLiteral;
    expect(cookedText(literal)).toBe("e");
  });
});

describe("template expressions", () => {
  it("joins substitutions that are all known into one string", () => {
    const source = 'const A = "x";\nconst probe = `a${A}b${1}${true}${"c"}`;';
    expect(probe(source)).toEqual(str("axb1truec"));
  });

  it("keeps an unknown substitution as a part of a cat", () => {
    const source = "function f(p: string) {\n  const probe = `a${p}b`;\n}";
    expect(probe(source)).toEqual(cat(str("a"), unknown("`p` is a parameter", 2, 21), str("b")));
  });

  it("an object substituted is unknown", () => {
    const source = "const O = { a: 1 } as const;\nconst probe = `x${O}`;";
    expect(probe(source)).toEqual(cat(str("x"), unknown("`O` is an object, not a string", 2, 19)));
  });
});

describe("+ concatenation", () => {
  it("concatenates strings, numeric literals and booleans as JavaScript writes them", () => {
    expect(probe('const probe = "a" + "b" + 1 + true + 0x10 + 1.50 + -2 + 1e21;')).toEqual(str("ab1true161.5-21e+21"));
  });

  it("adds numbers before the first string, as JavaScript does", () => {
    expect(probe('const probe = 1 + 2 + "x" + 1 + 2;')).toEqual(str("3x12"));
  });

  it("a number alone is not a string", () => {
    expect(probe("const probe = 1 + 2;")).toEqual(unknown("`1 + 2` is a number, not a string", 1, 15));
  });

  it("an unknown operand beside a string is a part of a cat", () => {
    const source = 'function f(p: number) {\n  const probe = "n=" + p + "!";\n}';
    expect(probe(source)).toEqual(cat(str("n="), unknown("`p` is a parameter", 2, 24), str("!")));
  });

  it("an unknown operand before any string makes the whole prefix unknown", () => {
    const source = 'function f(p: number) {\n  const probe = p + 1 + "x";\n}';
    expect(probe(source)).toEqual(cat(unknown("`p` is a parameter", 2, 17), str("x")));
  });

  it("null in a concatenation is unknown (not a stringified guess)", () => {
    expect(probe('const probe = "a" + null;')).toEqual(cat(str("a"), unknown("`null` is not a string", 1, 21)));
  });

  it("evaluates a very long chain without running out of stack", () => {
    const terms = Array.from({ length: 20_000 }, (_, i) => `"${i % 10}"`).join(" + ");
    const result = probe(`const probe = ${terms};`);
    expect(result.k).toBe("str");
    expect(result.k === "str" && result.v.length).toBe(20_000);
  });
});

describe("wrappers are transparent", () => {
  it("parentheses", () => expect(probe('const probe = (("err") + ("or"));')).toEqual(str("error")));
  it("as", () => expect(probe('const probe = ("error" as string);')).toEqual(str("error")));
  it("as const", () => expect(probe('const probe = "error" as const;')).toEqual(str("error")));
  it("satisfies", () => expect(probe('const probe = "error" satisfies string;')).toEqual(str("error")));
  it("non-null !", () => expect(probe('const A = "error";\nconst probe = A!;')).toEqual(str("error")));
  it("<T>x type assertion", () => expect(probe('const probe = <string>"error";')).toEqual(str("error")));
});

describe("identifiers", () => {
  it("follows a module-level const", () => {
    expect(probe('const WORD = "error";\nconst probe = WORD;')).toEqual(str("error"));
  });

  it("follows a local const inside a function", () => {
    const source = 'function f() {\n  const word = "err" + "or";\n  const probe = word;\n}';
    expect(probe(source)).toEqual(str("error"));
  });

  it("follows consts through other consts", () => {
    expect(probe('const A = "x";\nconst B = A + "y";\nconst probe = `${B}z`;')).toEqual(str("xyz"));
  });

  it("honours shadowing: the innermost const is read", () => {
    const source = 'const W = "outer";\nfunction f() {\n  const W = "inner";\n  const probe = W;\n}';
    expect(probe(source)).toEqual(str("inner"));
  });

  it("a cycle is unknown, reported where it closes", () => {
    const source = 'const A = B + "x";\nconst B = A;\nconst probe = A;';
    expect(probe(source)).toEqual(cat(unknown("`A` is defined in terms of itself", 2, 11), str("x")));
  });

  it("a cycle is unknown whichever end is evaluated first", () => {
    const sourceFile = parseSource("c.ts", 'const A = B + "x";\nconst B = A;\nconst probe = A;\nconst probe2 = B;');
    const evaluator = new StringEvaluator();
    const second = evaluator.evaluate(initializerOf(sourceFile, "probe2"));
    const first = evaluator.evaluate(initializerOf(sourceFile, "probe"));
    expect(second).toEqual(cat(unknown("`B` is defined in terms of itself", 1, 11), str("x")));
    expect(first).toEqual(cat(unknown("`A` is defined in terms of itself", 2, 11), str("x")));
  });

  it("a const is unknown when its initializer is", () => {
    const source = 'const W = f();\nconst probe = W + "!";';
    expect(probe(source)).toEqual(cat(unknown("call to `f()`", 1, 11), str("!")));
  });

  it("a parameter is unknown", () => {
    expect(probe("function f(w: string) {\n  const probe = w;\n}")).toEqual(unknown("`w` is a parameter", 2, 17));
  });

  it("a let is unknown: it may change", () => {
    expect(probe('let w = "error";\nconst probe = w;')).toEqual(
      unknown("`w` is declared with let and may change", 2, 15),
    );
  });

  it("a var is unknown: it may change", () => {
    expect(probe('var w = "error";\nconst probe = w;')).toEqual(
      unknown("`w` is declared with var and may change", 2, 15),
    );
  });

  it("a catch clause variable is unknown", () => {
    expect(probe("try {} catch (w) {\n  const probe = w;\n}")).toEqual(unknown("`w` is a catch clause variable", 2, 17));
  });

  it("a for...of const is unknown", () => {
    expect(probe('for (const w of ["a"]) {\n  const probe = w;\n}')).toEqual(
      unknown("`w` is a for...of loop variable", 2, 17),
    );
  });

  it("an unresolved global is unknown", () => {
    expect(probe("const probe = WORD;")).toEqual(unknown("`WORD` is not declared in this file", 1, 15));
  });

  it("a declared const without a value is unknown", () => {
    expect(probe("declare const W: string;\nconst probe = W;")).toEqual(unknown("`W` is declared without a value", 2, 15));
  });

  it("a function is not a string", () => {
    expect(probe("function w() {}\nconst probe = w;")).toEqual(unknown("`w` is a function, not a string", 2, 15));
  });

  it("destructuring from an as const object is followed", () => {
    const source = 'const W = { a: "x", b: { c: "y" } } as const;\nconst { a, b: { c } } = W;\nconst probe = a + c;';
    expect(probe(source)).toEqual(str("xy"));
  });

  it("destructuring a missing property uses the default", () => {
    const source = 'const W = { a: "x" } as const;\nconst { z = "d" } = W;\nconst probe = z;';
    expect(probe(source)).toEqual(str("d"));
  });
});

describe("imports become refs", () => {
  it("named import", () => {
    expect(probe('import { WORD } from "./words";\nconst probe = WORD;')).toEqual(ref("./words", "WORD", [], 2, 15));
  });

  it("aliased import: the export name", () => {
    expect(probe('import { WORD as w } from "./words";\nconst probe = w;')).toEqual(ref("./words", "WORD", [], 2, 15));
  });

  it("default import", () => {
    expect(probe('import w from "./words";\nconst probe = w;')).toEqual(ref("./words", "default", [], 2, 15));
  });

  it("namespace import member", () => {
    expect(probe('import * as ns from "./words";\nconst probe = ns.X;')).toEqual(ref("./words", "X", [], 2, 15));
  });

  it("namespace import member's property: a path", () => {
    expect(probe('import * as ns from "./words";\nconst probe = ns.X.Y;')).toEqual(ref("./words", "X", ["Y"], 2, 15));
  });

  it("namespace import element access", () => {
    expect(probe('import * as ns from "./words";\nconst probe = ns["X"];')).toEqual(ref("./words", "X", [], 2, 15));
  });

  it("a namespace itself is not a string", () => {
    expect(probe('import * as ns from "./words";\nconst probe = ns;')).toEqual(
      unknown("`ns` is a namespace import, not a string", 2, 15),
    );
  });

  it("an imported ref inside a concatenation stays a part", () => {
    expect(probe('import { W } from "./w";\nconst probe = "[" + W + "]";')).toEqual(
      cat(str("["), ref("./w", "W", [], 2, 21), str("]")),
    );
  });

  it("a local const aliasing an import carries the ref, its path extended", () => {
    const source = 'import { WORDS } from "./w";\nconst L = WORDS;\nconst probe = L.failure;';
    expect(probe(source)).toEqual(ref("./w", "WORDS", ["failure"], 2, 11));
  });
});

describe("string enum members", () => {
  const kind = 'enum Kind { Error = "error", Other = "other", Num = 3, Auto, Computed = "x".repeat(2) }\n';

  it("dot access", () => expect(probe(`${kind}const probe = Kind.Error;`)).toEqual(str("error")));

  it("element access", () => expect(probe(`${kind}const probe = Kind["Other"];`)).toEqual(str("other")));

  it("a numeric member is unknown", () => {
    expect(probe(`${kind}const probe = Kind.Num;`)).toEqual(unknown("`Kind.Num` is a numeric enum member", 2, 15));
    expect(probe(`${kind}const probe = Kind.Auto;`)).toEqual(unknown("`Kind.Auto` is a numeric enum member", 2, 15));
  });

  it("a computed member is unknown", () => {
    expect(probe(`${kind}const probe = Kind.Computed;`)).toEqual(unknown('call to `"x".repeat()`', 1, 73));
  });

  it("a missing member is unknown", () => {
    expect(probe(`${kind}const probe = Kind.Nope;`)).toEqual(unknown("enum `Kind` has no member `Nope`", 2, 15));
  });

  it("inside an initializer, a member name means the member, not an outer const", () => {
    const source = 'const A = "outer";\nenum E { A = "a", B = A + "b" }\nconst probe = E.B;';
    expect(probe(source)).toEqual(str("ab"));
  });

  it("an initializer handed in directly still reads member names as members", () => {
    const sourceFile = parseSource("e.ts", 'const A = "outer";\nenum E { A = "a", B = A + "b" }');
    const enumDeclaration = sourceFile.statements[1] as ts.EnumDeclaration;
    expect(new StringEvaluator().evaluate(enumDeclaration.members[1]!.initializer!)).toEqual(str("ab"));
  });

  it("an imported enum is a ref with a path", () => {
    expect(probe('import { Kind } from "./kinds";\nconst probe = Kind.Error;')).toEqual(
      ref("./kinds", "Kind", ["Error"], 2, 15),
    );
  });
});

describe("properties of as const objects", () => {
  const words = 'const WORDS = { failure: "error", "refusal": `invalid`, nested: { x: "y" }, n: 1 } as const;\n';

  it("dot access", () => expect(probe(`${words}const probe = WORDS.failure;`)).toEqual(str("error")));

  it("element access with a literal key", () => {
    expect(probe(`${words}const probe = WORDS["refusal"];`)).toEqual(str("invalid"));
  });

  it("nested objects", () => expect(probe(`${words}const probe = WORDS.nested.x;`)).toEqual(str("y")));

  it("element access with a key that is a known const", () => {
    expect(probe(`${words}const KEY = "fail" + "ure";\nconst probe = WORDS[KEY];`)).toEqual(str("error"));
  });

  it("element access with a key that cannot be seen", () => {
    const source = `${words}function f(k: "failure") {\n  const probe = WORDS[k];\n}`;
    expect(probe(source)).toEqual(unknown("`k` is a parameter", 3, 23));
  });

  it("a number member in a concatenation is written as JavaScript writes it", () => {
    expect(probe(`${words}const probe = "n" + WORDS.n;`)).toEqual(str("n1"));
  });

  it("as const with satisfies, and a parenthesised object", () => {
    const source = 'const W = ({ a: "x" }) as const satisfies Record<string, string>;\nconst probe = W.a;';
    expect(probe(source)).toEqual(str("x"));
  });

  it("shorthand members and spreads of as const objects", () => {
    const source = [
      'const a = "A";',
      'const BASE = { b: "B", c: "old" } as const;',
      'const W = { a, ...BASE, c: "C" } as const;',
      "const probe = W.a + W.b + W.c;",
    ].join("\n");
    expect(probe(source)).toEqual(str("ABC"));
  });

  it("an object without as const is unknown: its properties may change", () => {
    const source = 'const OBJ = { failure: "error" };\nconst probe = OBJ.failure;';
    expect(probe(source)).toEqual(unknown("`OBJ` is not `as const`: its properties may change", 2, 15));
  });

  it("a missing property is unknown", () => {
    expect(probe(`${words}const probe = WORDS.nope;`)).toEqual(unknown("`WORDS` has no property `nope`", 2, 15));
  });

  it("a spread that cannot be seen makes every property unknown", () => {
    const source = 'function f(x: object) {\n  const W = { ...x, a: "A" } as const;\n  const probe = W.a;\n}';
    expect(probe(source)).toEqual(
      unknown("spreads `...x`, which cannot be seen: `x` is a parameter", 2, 15),
    );
  });

  it("a `__proto__:` member makes the object unknown (properties come from the prototype)", () => {
    const source = 'const W = { __proto__: null, a: "A" } as const;\nconst probe = W.a;';
    expect(probe(source)).toEqual(unknown("the object sets its prototype with `__proto__`", 1, 13));
  });

  it("a member that refers to the object itself in a cycle is unknown", () => {
    const source = "const W = { a: W.b, b: W.a } as const;\nconst probe = W.a;";
    expect(probe(source)).toEqual(unknown("`a` is defined in terms of itself", 1, 24));
  });

  it("an imported object is a ref with a path", () => {
    expect(probe('import { WORDS } from "./w";\nconst probe = WORDS.nested["x"];')).toEqual(
      ref("./w", "WORDS", ["nested", "x"], 2, 15),
    );
  });

  it("an object itself is not a string", () => {
    expect(probe(`${words}const probe = WORDS.nested;`)).toEqual(
      unknown("`WORDS.nested` is an object, not a string", 2, 15),
    );
  });
});

describe("anything else is unknown, with a reason and where", () => {
  it("a call", () => {
    expect(probe("const probe = format(1);")).toEqual(unknown("call to `format()`", 1, 15));
  });

  it("a method call", () => {
    expect(probe('const probe = "a".toUpperCase();')).toEqual(unknown('call to `"a".toUpperCase()`', 1, 15));
  });

  it("a conditional expression", () => {
    expect(probe('declare const c: boolean;\nconst probe = c ? "a" : "b";')).toEqual(
      unknown('conditional expression `c ? "a" : "b"`: the value depends on the condition', 2, 15),
    );
  });

  it("`??`", () => {
    expect(probe('declare const c: string;\nconst probe = c ?? "a";')).toEqual(
      unknown('`??` expression `c ?? "a"`: the value depends on its operands at run time', 2, 15),
    );
  });

  it("a property of a let object names the let", () => {
    expect(probe('let o = { w: "error" };\nconst probe = o.w;')).toEqual(
      unknown("`o` is declared with let and may change", 2, 15),
    );
  });

  it("a property of a parameter names the parameter", () => {
    expect(probe("function f(ctx: { w: string }) {\n  const probe = ctx.w;\n}")).toEqual(
      unknown("`ctx` is a parameter", 2, 17),
    );
  });

  it("this", () => {
    expect(probe("class C {\n  w = \"a\";\n  m() {\n    const probe = this.w;\n  }\n}")).toEqual(
      unknown("`this` depends on the object at run time", 4, 19),
    );
  });

  it("results are the same on a second evaluation", () => {
    const sourceFile = parseSource("again.ts", 'function f(p: string) {\n  const probe = p + "x";\n}');
    const expr = initializerOf(sourceFile, "probe");
    const evaluator = new StringEvaluator();
    expect(evaluator.evaluate(expr)).toEqual(evaluator.evaluate(expr));
  });
});

describe("simplify", () => {
  const u = unknown("why", 1, 1);

  it("merges adjacent str parts", () => {
    expect(simplify(cat(str("a"), str("b"), u, str("c"), str("d")))).toEqual(cat(str("ab"), u, str("cd")));
  });

  it("unwraps a cat of one part", () => {
    expect(simplify(cat(u))).toEqual(u);
    expect(simplify(cat(str("a"), str("b")))).toEqual(str("ab"));
  });

  it("flattens nested cats and drops empty strings", () => {
    expect(simplify(cat(str(""), cat(str("a"), cat(u, str("b"))), str("c"), cat()))).toEqual(cat(str("a"), u, str("bc")));
  });

  it("an empty cat is the empty string", () => {
    expect(simplify(cat())).toEqual(str(""));
  });
});
