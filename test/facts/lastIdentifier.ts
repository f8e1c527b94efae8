// Shared by the tracer tests that read a small source: the last identifier of a name in it (the reference traced).
import { parseSource, ts } from "../../src/ts.js";

/** The last identifier called `name` in `source`, parsed as its own file. */
export function lastIdentifier(source: string, name = "err"): ts.Identifier {
  const sourceFile = parseSource("case.ts", source);
  let last: ts.Identifier | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) last = node;
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (!last) throw new Error(`no \`${name}\` in the case`);
  return last;
}
