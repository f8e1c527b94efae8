// Tests of `[...].join(sep)` in the static string evaluator (SPEC §2.4, §2.5): a description written as a list of
// sentences is read like a concatenation, and anything the evaluator cannot list is unknown with its reason.
import { describe, expect, it } from "vitest";
import { collectConstants } from "../../src/facts/constants.js";
import { constantAt } from "../../src/facts/constantAt.js";
import { StringEvaluator } from "../../src/facts/evaluator.js";
import type { ConstValue, StrExpr } from "../../src/facts/types.js";
import { StringResolver } from "../../src/project/stringResolver.js";
import { parseSource, ts } from "../../src/ts.js";

/** The expression `probe` is initialised with, found on the syntax tree (at any depth, e.g. inside a function). */
function probeOf(sourceFile: ts.SourceFile): ts.Expression {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === "probe" && node.initializer) {
      found = node.initializer;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (!found) throw new Error("no declaration of probe in the test source");
  return found;
}

function probe(...lines: string[]): StrExpr {
  return new StringEvaluator().evaluate(probeOf(parseSource("probe.ts", lines.join("\n"))));
}

const str = (v: string): StrExpr => ({ k: "str", v });
const unknown = (why: string, line: number, column: number): StrExpr => ({ k: "unknown", why, line, column });
const ref = (module: string, name: string, line: number, column: number): StrExpr => ({ k: "ref", module, name, path: [], line, column });
const cat = (...parts: StrExpr[]): StrExpr => ({ k: "cat", parts });

describe("a literal array joined", () => {
  it("joins with a string separator", () => {
    expect(probe('const probe = ["Top waits.", "Largest first.", "Benign waits removed."].join(" ");')).toEqual(
      str("Top waits. Largest first. Benign waits removed."),
    );
  });

  it("joins with the default separator \",\" when none is passed", () => {
    expect(probe('const probe = ["a", "b", "c"].join();')).toEqual(str("a,b,c"));
  });

  it("joins with a separator that is itself a constant", () => {
    expect(probe('const SEP = "\\n";', 'const probe = ["line 1", "line 2"].join(SEP);')).toEqual(str("line 1\nline 2"));
  });

  it("an empty array joins to the empty string; one element has no separator", () => {
    expect(probe('const probe = [].join(" ");')).toEqual(str(""));
    expect(probe('const probe = ["only"].join(" ");')).toEqual(str("only"));
  });

  it("reads through parentheses, `as const` and optional chaining on the array", () => {
    expect(probe('const probe = (["a", "b"] as const).join(" ");')).toEqual(str("a b"));
    expect(probe('const probe = ["a", "b"]?.join(" ");')).toEqual(str("a b"));
  });

  it("a join is an operand like any other: inside a template and a `+` chain", () => {
    expect(probe('const probe = `<${["a", "b"].join(", ")}>` + "!";')).toEqual(str("<a, b>!"));
  });
});

describe("an array bound to a const", () => {
  it("joins a module-level `as const` array", () => {
    expect(probe('const PARTS = ["Top waits.", "Largest first."] as const;', 'const probe = PARTS.join(" ");')).toEqual(
      str("Top waits. Largest first."),
    );
  });

  it("joins a const array declared in the enclosing function", () => {
    expect(probe("function describe() {", '  const parts = ["a", "b"] as const;', '  const probe = parts.join("-");', "}")).toEqual(str("a-b"));
  });
});

describe("elements are evaluated like concatenation parts", () => {
  it("templates, consts, `+`, `as const` object properties and numbers", () => {
    expect(
      probe(
        'const N = "n";',
        'const W = { k: "w" } as const;',
        'const probe = [`a${N}`, N, "c" + N, W.k, 168, true, ["x", "y"].join("/")].join("-");',
      ),
    ).toEqual(str("an-n-cn-w-168-true-x/y"));
  });

  it("an imported element or separator stays a ref, resolved across modules later", () => {
    const expr = probe('import { SEP, HEAD } from "./parts";', 'const probe = [HEAD, "tail"].join(SEP);');
    expect(expr).toEqual(cat(ref("./parts", "HEAD", 2, 16), ref("./parts", "SEP", 2, 35), str("tail")));

    const parts: Record<string, ConstValue> = collectConstants(
      parseSource("parts.ts", 'export const SEP = " | ";\nexport const HEAD = "head";'),
      new StringEvaluator(),
    );
    const resolved = new StringResolver((_fromFile, r) => {
      const found = constantAt(parts, r.name, r.path);
      return "unknown" in found ? found : { file: "parts.ts", expr: found.expr };
    }).resolve("probe.ts", expr);
    expect(resolved).toEqual({ known: true, value: "head | tail" });
  });

  it("an element the evaluator cannot see makes a cat holding an unknown, the known text kept around it", () => {
    expect(probe("function f(detail: string) {", '  const probe = ["Top waits.", detail, "Largest first."].join(" ");', "}")).toEqual(
      cat(str("Top waits. "), unknown("`detail` is a parameter", 2, 32), str(" Largest first.")),
    );
  });

  it("an element that is a call is unknown for that call", () => {
    expect(probe('const probe = ["a", describe()].join(" ");')).toEqual(cat(str("a "), unknown("call to `describe()`", 1, 21)));
  });

  it("an element that is an object is not a string", () => {
    expect(probe('const W = { k: "w" } as const;', 'const probe = ["a", W].join(" ");')).toEqual(
      cat(str("a "), unknown("`W` is an object, not a string", 2, 21)),
    );
  });
});

describe("what the evaluator does not list is unknown, with its reason", () => {
  it("a spread: its elements cannot be listed", () => {
    expect(probe("declare const rest: string[];", 'const probe = ["a", ...rest].join(" ");')).toEqual(
      unknown('`["a", ...rest]` has a spread or a hole: its elements cannot be listed', 2, 21),
    );
  });

  it("a hole: reported where the hole is (just before the comma that closes it)", () => {
    expect(probe('const probe = ["a",, "b"].join(" ");')).toEqual(
      unknown('`["a",, "b"]` has a spread or a hole: its elements cannot be listed', 1, 20),
    );
  });

  it("a separator that is not a string literal or constant", () => {
    expect(probe("function f(sep: string) {", '  const probe = ["a", "b"].join(sep);', "}")).toEqual(
      unknown('the separator of `["a", "b"].join(sep)` is not a string', 2, 33),
    );
  });
});

describe("a join the evaluator does not read is a call, unknown as any other", () => {
  it("on a parameter", () => {
    expect(probe("function f(parts: string[]) {", '  const probe = parts.join(" ");', "}")).toEqual(unknown("call to `parts.join()`", 2, 17));
  });

  it("on an imported array: its elements are in another module", () => {
    expect(probe('import { PARTS } from "./parts";', 'const probe = PARTS.join(" ");')).toEqual(unknown("call to `PARTS.join()`", 2, 15));
  });

  it("on a `let` array, which may change", () => {
    expect(probe('let parts = ["a"];', 'const probe = parts.join(" ");')).toEqual(unknown("call to `parts.join()`", 2, 15));
  });

  it("with more than one argument, or through an element access", () => {
    expect(probe('const probe = ["a", "b"].join(" ", "x");')).toEqual(unknown('call to `["a", "b"].join()`', 1, 15));
    expect(probe('const probe = ["a", "b"]["join"](" ");')).toEqual(unknown('call to `["a", "b"]["join"]()`', 1, 15));
  });

  it("another array method", () => {
    expect(probe('const probe = ["a", "b"].concat(["c"]);')).toEqual(unknown('call to `["a", "b"].concat()`', 1, 15));
  });
});
