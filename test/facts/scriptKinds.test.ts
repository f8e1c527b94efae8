// How a file is parsed by its extension (src/ts.ts), as typescript-eslint does: JSX only where the extension allows
// it, and positions counted past a byte order mark.
import { describe, expect, it } from "vitest";
import { parseDiagnostics, parseSource, parseSourceUnlinked, positionAt } from "../../src/ts.js";

const JSX = "export const view = <div className=\"note\">{1}</div>;\n";
const ASSERTION = "export const n = <number>(1 as unknown);\n";
const errors = (file: string, text: string) => parseDiagnostics(parseSource(file, text)).length;

describe("a file's extension decides how it is parsed", () => {
  it.each(["view.tsx", "view.jsx", "view.js", "view.mjs", "view.cjs", "VIEW.TSX", "View.Jsx"])("%s may hold JSX", (file) => {
    expect(errors(file, JSX)).toBe(0);
    expect(parseDiagnostics(parseSourceUnlinked(file, JSX))).toHaveLength(0);
  });

  it.each(["view.ts", "view.mts", "view.cts", "view.d.ts", "view"])("%s may not, and may hold an angle-bracket assertion", (file) => {
    expect(errors(file, JSX)).toBeGreaterThan(0);
    expect(errors(file, ASSERTION)).toBe(0);
  });

  it.each(["view.tsx", "view.jsx", "view.js", "view.cjs"])("%s reads an angle-bracket assertion as JSX", (file) => {
    expect(errors(file, ASSERTION)).toBeGreaterThan(0);
  });
});

describe("positions", () => {
  const text = "\uFEFFconst a = 1;\nconst b = 2;\n";
  const file = parseSource("bom.ts", text);

  it("count columns on line 1 from the character after a byte order mark", () => {
    expect(positionAt(file, text.indexOf("a"))).toEqual({ line: 1, column: 7 });
    expect(positionAt(file, text.indexOf("const"))).toEqual({ line: 1, column: 1 });
  });

  it("give the mark itself column 1, and leave later lines alone", () => {
    expect(positionAt(file, 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt(file, text.indexOf("b"))).toEqual({ line: 2, column: 7 });
  });

  it("are unshifted in a text without a mark", () => {
    const plain = parseSource("plain.ts", "const a = 1;\n");
    expect(positionAt(plain, 6)).toEqual({ line: 1, column: 7 });
  });
});
