// Shared by the string tests: StrExpr builders, and the initializer of a `probe` declaration evaluated on its own.
import { StringEvaluator } from "../../src/facts/evaluator.js";
import type { StrExpr } from "../../src/facts/types.js";
import { parseSource, ts } from "../../src/ts.js";

/** The initializer of the (first) variable declared as `name`, anywhere in the file. */
export function initializerOf(sourceFile: ts.SourceFile, name: string): ts.Expression {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) {
      found = node.initializer;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (!found) throw new Error(`no declaration of ${name} in the test source`);
  return found;
}

/** What the evaluator makes of `probe`'s initializer in `source`, with an evaluator of that file alone. */
export function probe(source: string, fileName = "probe.ts"): StrExpr {
  return new StringEvaluator().evaluate(initializerOf(parseSource(fileName, source), "probe"));
}

export const str = (v: string): StrExpr => ({ k: "str", v });
export const unknown = (why: string, line: number, column: number): StrExpr => ({ k: "unknown", why, line, column });
export const ref = (module: string, name: string, path: string[], line: number, column: number): StrExpr => ({
  k: "ref",
  module,
  name,
  path,
  line,
  column,
});
export const cat = (...parts: StrExpr[]): StrExpr => ({ k: "cat", parts });
