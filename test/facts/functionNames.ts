// Test helper: the names functionName gives the functions of a source.
import { functionName } from "../../src/facts/syntax.js";
import { parseSource, ts } from "../../src/ts.js";

/** Every function-like node of `source`, by the name functionName gives it. */
export function functionNames(source: string): (string | null)[] {
  const out: (string | null)[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) out.push(functionName(node));
    ts.forEachChild(node, visit);
  };
  visit(parseSource("probe.ts", source));
  return out;
}
