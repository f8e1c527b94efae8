// Tool discovery (SPEC §1): registrations and definers, each tool's name, description and body.
import { ts, locOf, endOf } from "../ts.js";
import type { FileIndex } from "./fileIndex.js";
import { functionFacts, thisMember, unwrapAdapters, unwrapToFunction } from "./functions.js";
import { declarationListKind, isFunctionLike, resolveBinding } from "./scope.js";
import { calledName, constObjectOf, isStringLike, peel, propertyNameText, propertyValue, shortText } from "./syntax.js";
import type { HandlerFact, StrExpr, ToolFact } from "./types.js";
import { calleeRefOf } from "./values.js";

/** A description the census knows is there but cannot read (a spread it cannot follow), and where. */
interface UnseenDescription {
  unseen: string;
  at: ts.Node;
}

export function tryTool(file: FileIndex, call: ts.CallExpression): void {
  const name = calledName(call);
  if (!name) return;
  if (file.register.has(name)) tryRegisteredTool(file, call);
  else if (file.definers.has(name)) tryDefinedTool(file, call);
}

function tryRegisteredTool(file: FileIndex, call: ts.CallExpression): void {
  const args = call.arguments;
  const first = args[0];
  const last = args[args.length - 1];
  if (args.length < 2 || !first || !last) return;
  const handlerExpr = unwrapAdapters(file, last);
  const followable = isFunctionLike(handlerExpr) || ts.isIdentifier(handlerExpr) || !!thisMember(file, handlerExpr);
  // Not a tool registration unless the name is a string: `x.tool(a, b)` of another API stays out of the census.
  if (!followable && !isStringLike(peel(first, false)) && file.evaluator.evaluate(first).k !== "str") return;
  const second = args.length >= 3 ? args[1] : undefined;
  const description = second ? registeredDescription(file, calledName(call)!, second) : undefined;
  addTool(file, "register", call, first, description, handlerExpr);
}

/**
 * The description of a registration. `server.tool(name, description?, paramsSchema?, annotations?, handler)`: a
 * second argument that is not an object is the description, an object is the parameters' schema. Any other
 * registration method takes `(name, config, handler)`, and the description is the config's `description`.
 */
function registeredDescription(file: FileIndex, method: string, second: ts.Expression): ts.Expression | UnseenDescription | undefined {
  const s = peel(second, false);
  const object = ts.isObjectLiteralExpression(s) ? s : constObjectOf(s);
  if (method === "tool") {
    if (object || isFunctionLike(s)) return undefined;
    return s;
  }
  if (object) return descriptionOf(file, object);
  // A config the census cannot read: its description is unknown, and the finding will say why.
  return s;
}

/**
 * A config object's `description`, as JavaScript settles it: the last of its own property and the spreads that
 * set one. A spread the census cannot read may set it: then the description is unknown, not absent.
 */
function descriptionOf(file: FileIndex, object: ts.ObjectLiteralExpression, depth = 0): ts.Expression | UnseenDescription | undefined {
  let found: ts.Expression | UnseenDescription | undefined;
  for (const p of object.properties) {
    if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && propertyNameText(p.name) === "description") {
      found = ts.isPropertyAssignment(p) ? p.initializer : p.name;
    } else if (ts.isSpreadAssignment(p)) {
      const spread = peel(p.expression, false);
      const inner = ts.isObjectLiteralExpression(spread) ? spread : constObjectOf(spread);
      if (inner && depth < 8) found = descriptionOf(file, inner, depth + 1) ?? found;
      else found = { unseen: `the config spreads \`${shortText(p.expression, 40)}\`, which may set the description`, at: p };
    }
  }
  return found;
}

/** Why a handler expression is not a function the census can follow, and what to do, for the finding that says so. */
function unfollowable(expr: ts.Expression): { why: string; fix?: string } {
  if (ts.isCallExpression(expr)) {
    const name = calledName(expr) ?? shortText(expr.expression, 40);
    return {
      why: `the handler is wrapped in \`${name}(…)\`, which is not a configured adapter`,
      fix: `add "${name}" to discovery.adapters in the config if it returns the function it wraps`,
    };
  }
  return { why: `the handler \`${shortText(expr, 40)}\` is not a function the census can follow` };
}

function tryDefinedTool(file: FileIndex, call: ts.CallExpression): void {
  let arg = call.arguments[0] && peel(call.arguments[0], false);
  // `const definition = { name, run }; defineTool(definition)` is the same tool.
  if (arg && ts.isIdentifier(arg)) {
    const decl = resolveBinding(arg)?.declaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isVariableDeclarationList(decl.parent) && declarationListKind(decl.parent) === "const") {
      arg = peel(decl.initializer, false);
    }
  }
  if (arg && !ts.isObjectLiteralExpression(arg) && call.arguments.length >= 2) {
    // A positional definer, `makeTool(name, description, schema, handler)`: read like `server.tool(...)`.
    const first = call.arguments[0]!;
    const last = call.arguments[call.arguments.length - 1]!;
    if (!isStringLike(peel(first, false)) && file.evaluator.evaluate(first).k !== "str") return;
    const second = call.arguments.length >= 3 ? call.arguments[1] : undefined;
    const description = second ? registeredDescription(file, "tool", second) : undefined;
    addTool(file, "definer", call, first, description, unwrapAdapters(file, last));
    return;
  }
  if (!arg || !ts.isObjectLiteralExpression(arg)) return;
  const nameExpr = propertyValue(arg, "name");
  const bodyKey = file.options.bodyKey;
  let body: ts.Expression | ts.FunctionLikeDeclaration | undefined;
  for (const p of arg.properties) {
    if (ts.isMethodDeclaration(p) && propertyNameText(p.name) === bodyKey) body = p;
    else if (ts.isPropertyAssignment(p) && propertyNameText(p.name) === bodyKey) body = unwrapAdapters(file, p.initializer);
    else if (ts.isShorthandPropertyAssignment(p) && p.name.text === bodyKey) body = p.name;
  }
  addTool(file, "definer", call, nameExpr ?? arg, descriptionOf(file, arg), body, nameExpr === undefined);
}

function addTool(
  file: FileIndex,
  form: ToolFact["form"],
  call: ts.CallExpression,
  nameExpr: ts.Expression,
  description: ts.Expression | UnseenDescription | undefined,
  body: ts.Expression | ts.FunctionLikeDeclaration | undefined,
  nameMissing = false,
): void {
  const index = file.facts.tools.length;
  const name: StrExpr = nameMissing
    ? { k: "unknown", why: `the ${form === "definer" ? "definer" : "registration"} has no \`name\``, ...locOf(call) }
    : file.evaluator.evaluate(nameExpr);
  let handler: HandlerFact;
  let fnNode: ts.FunctionLikeDeclaration | undefined;
  if (!body) handler = { k: "missing", why: `the definer has no \`${file.options.bodyKey}\` function` };
  else if (isFunctionLike(body)) fnNode = body;
  else if (ts.isIdentifier(body)) {
    const resolved = resolveHandler(file, body);
    if ("node" in resolved) fnNode = resolved.node;
    handler = "handler" in resolved ? resolved.handler : { k: "inline", loc: locOf(body) };
  } else {
    // `this.method`: a method of the class the registration sits in; anything else cannot be followed.
    fnNode = thisMember(file, body);
    if (!fnNode) handler = { k: "missing", ...unfollowable(body) };
  }
  if (fnNode) {
    handler = { k: "inline", loc: locOf(fnNode) };
    if (!file.toolBodies.has(fnNode)) file.toolBodies.set(fnNode, index);
  }
  file.facts.tools.push({
    form,
    loc: locOf(call),
    name,
    nameLoc: locOf(nameExpr),
    description: !description ? null : "unseen" in description ? { k: "unknown", why: description.unseen, ...locOf(description.at) } : file.evaluator.evaluate(description),
    descriptionLoc: !description ? null : locOf("unseen" in description ? description.at : description),
    descriptionEnd: !description ? null : endOf("unseen" in description ? description.at : description),
    handler: handler!,
    bareSentences: fnNode ? functionFacts(file, fnNode, false).bareSentences : [],
  });
}

/** Follows a handler named by an identifier to a function of this file, or to the import it comes from. */
function resolveHandler(file: FileIndex, id: ts.Identifier): { node: ts.FunctionLikeDeclaration } | { handler: HandlerFact } {
  const binding = resolveBinding(id);
  if (!binding) return { handler: { k: "missing", why: `the handler \`${id.text}\` is not declared in this file` } };
  const decl = binding.declaration;
  if (ts.isFunctionDeclaration(decl)) return { node: decl };
  if (ts.isVariableDeclaration(decl) && decl.initializer && binding.kind === "const") {
    const fn = unwrapToFunction(file, decl.initializer);
    if (fn) return { node: fn };
  }
  if (binding.kind === "import") {
    const ref = calleeRefOf(id);
    if (ref.k === "import") return { handler: { k: "import", module: ref.module, name: ref.name, local: ref.local } };
  }
  return { handler: { k: "missing", why: `the handler \`${id.text}\` is a ${binding.kind} that does not hold a function the census can follow` } };
}
