// Calls of named functions (imported, or the file's own): what each passes, for names a tool takes from its caller.
import { ts, locOf } from "../ts.js";
import type { FileIndex } from "./fileIndex.js";
import { resolveBinding } from "./scope.js";
import { peel, propertyNameText } from "./syntax.js";
import type { CalleeRef, CallFact, DataValue } from "./types.js";

/**
 * The callee of a call the project can follow (an import, or a function of this file), or undefined: spelled as the
 * census follows any callee (`addTool(…)`, `helpers.addTool(…)`, `helpers["addTool"](…)`, `(0, addTool)(…)`).
 */
function followedCallee(file: FileIndex, call: ts.CallExpression): Exclude<CalleeRef, { k: "unknown" }> | undefined {
  return file.followableCallee(peel(call.expression, false));
}

/**
 * The arguments, as data, of a call the project can follow that is made as a statement of its own (`addTool(server,
 * "ping", "Pings.", handler);`): such a call may register a tool with what it passes. A call whose value is used
 * (`const e = validate(x)`) registers none. Read before any fact asks which function a node sits in: a function passed
 * here is a body of its own.
 */
export function callValues(file: FileIndex, call: ts.CallExpression): DataValue[] | undefined {
  if (call.arguments.length === 0 || !isStatement(call) || !followedCallee(file, call)) return undefined;
  return call.arguments.map((a) => file.data.read(a));
}

/** A call whose value is not used: the expression of a statement, awaited or voided or not. */
function isStatement(call: ts.CallExpression): boolean {
  let node: ts.Node = call;
  while (ts.isAwaitExpression(node.parent) || ts.isParenthesizedExpression(node.parent) || ts.isVoidExpression(node.parent)) node = node.parent;
  return ts.isExpressionStatement(node.parent);
}

/** Records the call if its callee is a name the project can follow, with its arguments as data when `callValues` read them. */
export function collectCall(file: FileIndex, call: ts.CallExpression, values?: DataValue[]): void {
  const ref = followedCallee(file, call);
  if (!ref) return;
  const args = call.arguments.map(argumentShape);
  // A producer's arguments as strings: the parameter a refusal names is what the validator table lists.
  if (file.options.producers.includes(ref.name)) {
    call.arguments.forEach((a, i) => {
      const shape = args[i]!;
      if (shape.k === "value") shape.str = file.evaluator.evaluate(a);
    });
  }
  const fn = ref.k === "local" ? nestedFunctionKey(file, call) : undefined;
  file.facts.calls.push({ callee: ref, loc: locOf(call), args, site: file.siteOf(call), ...(fn ? { fn } : {}), ...(values ? { values } : {}) });
}

/**
 * The key of the function a call of a name calls when that function sits inside another (its name is no key of the
 * file's): known once a value read its parameters, as a tool registered from them does.
 */
function nestedFunctionKey(file: FileIndex, call: ts.CallExpression): string | undefined {
  // Through `await`: awaiting a function gives the function.
  const callee = peel(call.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  const declaration = resolveBinding(callee)?.declaration;
  if (!declaration) return undefined;
  const fn = ts.isVariableDeclaration(declaration) && declaration.initializer ? peel(declaration.initializer) : declaration;
  return file.topLevel.has(fn) ? undefined : file.bodies.get(fn);
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
