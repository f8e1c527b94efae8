// forEachStatement: every statement a `return` or a `var` can be among, in source order — namespaces entered (a `var`
// in one is the file's), functions and classes visited but not entered — and placeOf's place for a whole file.
import { describe, expect, it } from "vitest";
import { forEachStatement, placeOf } from "../../src/facts/walk.js";
import { parseSource, ts } from "../../src/ts.js";

/** The first line of each statement visited, in the order visited (the file itself as "(file)"). */
function visited(lines: string[]): string[] {
  const sourceFile = parseSource("probe.ts", lines.join("\n"));
  const out: string[] = [];
  forEachStatement(sourceFile, (node) => {
    if (ts.isSourceFile(node)) out.push("(file)");
    else if (ts.isStatement(node) && !ts.isBlock(node) && !ts.isModuleBlock(node)) out.push(node.getText(sourceFile).split("\n")[0]!.trim());
  });
  return out;
}

describe("forEachStatement", () => {
  it("enters namespaces, nested ones too, in source order", () => {
    expect(visited(["namespace A {", "  var a = 1;", "  namespace B.C {", "    var c = 2;", "  }", "}", "var z = 3;"])).toEqual([
      "(file)",
      "namespace A {",
      "var a = 1;",
      "namespace B.C {",
      "C {",
      "var c = 2;",
      "var z = 3;",
    ]);
  });

  it("enters every kind of statement body, and visits a function without entering it", () => {
    expect(
      visited([
        "if (a) { var b = 1; } else var c = 2;",
        "try { var d = 3; } catch { var e = 4; } finally { var f = 5; }",
        "switch (g) { case 1: var h = 6; default: var i = 7; }",
        "label: for (;;) { var j = 8; }",
        "function k() { var hidden = 9; }",
      ]),
    ).toEqual([
      "(file)",
      "if (a) { var b = 1; } else var c = 2;",
      "var b = 1;",
      "var c = 2;",
      "try { var d = 3; } catch { var e = 4; } finally { var f = 5; }",
      "var d = 3;",
      "var e = 4;",
      "var f = 5;",
      "switch (g) { case 1: var h = 6; default: var i = 7; }",
      "var h = 6;",
      "var i = 7;",
      "label: for (;;) { var j = 8; }",
      "for (;;) { var j = 8; }",
      "var j = 8;",
      "function k() { var hidden = 9; }",
    ]);
  });
});

describe("placeOf", () => {
  it("is line 1, column 1 for the file itself, and the node's own place otherwise", () => {
    const sourceFile = parseSource("probe.ts", "\n\n  const x = 1;");
    expect(placeOf(sourceFile, sourceFile)).toEqual({ line: 1, column: 1 });
    expect(placeOf(sourceFile.statements[0]!, sourceFile)).toEqual({ line: 3, column: 3 });
  });
});
