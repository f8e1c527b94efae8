// Calls of named functions (imported, or the file's own): what each passes, for names a tool takes from its caller.
import { ts, locOf } from "../ts.js";
import type { FileIndex } from "./fileIndex.js";
import { peel, propertyNameText } from "./syntax.js";
import type { CallFact } from "./types.js";

/** Records the call if its callee is a name the project can follow: an import, or a function of this file. */
export function collectCall(file: FileIndex, call: ts.CallExpression): void {
  const callee = peel(call.expression, false);
  if (!ts.isIdentifier(callee) && !(ts.isPropertyAccessExpression(callee) && ts.isIdentifier(peel(callee.expression, false)))) return;
  const ref = file.followableCallee(callee);
  if (!ref) return;
  const args = call.arguments.map(argumentShape);
  // A producer's arguments as strings: the parameter a refusal names is what the validator table lists.
  if (file.options.producers.includes(ref.name)) {
    call.arguments.forEach((a, i) => {
      const shape = args[i]!;
      if (shape.k === "value") shape.str = file.evaluator.evaluate(a);
    });
  }
  file.facts.calls.push({ callee: ref, loc: locOf(call), args, site: file.siteOf(call) });
}

function argumentShape(arg: ts.Expression): CallFact["args"][number] {
  const e = peel(arg, false);
  if (ts.isIdentifier(e) && e.text === "undefined") return { k: "none" };
  if (ts.isVoidExpression(e)) return { k: "none" };
  if (!ts.isObjectLiteralExpression(e)) return { k: "value" };
  const keys: string[] = [];
  let open = false;
  for (const p of e.properties) {
    if (ts.isSpreadAssignment(p)) open = true;
    else {
      const key = p.name ? propertyNameText(p.name) : null;
      if (key === null) open = true;
      else keys.push(key);
    }
  }
  return { k: "object", keys, open };
}
