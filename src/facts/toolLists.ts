// Tools as data (SPEC §1.3): the list a `tools/list` request handler returns, and the `tools/call` branches that answer each.
import { ts, locOf, endOf } from "../ts.js";
import { readPath, returnedExpressions } from "./data.js";
import type { FileIndex } from "./fileIndex.js";
import { isFunctionLike, resolveBinding } from "./scope.js";
import { peel, propertyNameText } from "./syntax.js";
import type { DataValue } from "./types.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const { EqualsEqualsEqualsToken, EqualsEqualsToken, ThisKeyword } = ts.SyntaxKind;

/** The request a handler answers, when its registration names it: `server.setRequestHandler(ListToolsRequestSchema, …)`. */
function requestOf(call: ts.CallExpression): { request: "list" | "call"; handler: ts.FunctionLikeDeclaration } | undefined {
  const callee = peel(call.expression, false);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "setRequestHandler") return undefined;
  const [schema, handler] = call.arguments;
  if (!schema || !handler) return undefined;
  const s = peel(schema, false);
  const name = ts.isIdentifier(s) ? s.text : ts.isPropertyAccessExpression(s) ? s.name.text : undefined;
  const h = peel(handler, false);
  if (!isFunctionLike(h)) return undefined;
  if (name === "ListToolsRequestSchema") return { request: "list", handler: h };
  if (name === "CallToolRequestSchema") return { request: "call", handler: h };
  return undefined;
}

/** Reads a `tools/list` or `tools/call` handler registered by this call, if it is one. */
export function tryToolRequestHandler(file: FileIndex, call: ts.CallExpression): void {
  if (!file.options.lists) return;
  const found = requestOf(call);
  if (!found) return;
  if (found.request === "list") addListedTools(file, call, found.handler);
  else addDispatch(file, found.handler);
}

/** Every object a `tools/list` handler may return as `tools`: one tool per element of that list. */
function addListedTools(file: FileIndex, call: ts.CallExpression, handler: ts.FunctionLikeDeclaration): void {
  for (const returned of returnedExpressions(handler)) {
    const result = file.data.read(returned);
    const list = readPath(result, ["tools"], locOf(returned));
    if (list === null) continue;
    const slot = file.newSlot();
    const element = (path: string): DataValue => ({ k: "param", slot, path: [path], loc: locOf(returned) });
    file.facts.tools.push({
      form: "list",
      loc: locOf(call),
      name: element("name"),
      nameLoc: locOf(returned),
      description: element("description"),
      descriptionLoc: locOf(returned),
      descriptionEnd: endOf(returned),
      body: null,
      each: [{ slot, source: list }],
      inClass: null,
      input: element("inputSchema"),
    });
  }
}

/** How many functions deep the census follows the tool name a `tools/call` handler hands on (`handleToolCall(name, args)`). */
const MAX_DISPATCH_HOPS = 4;

/** A function that answers tools/call, and where the tool name is in its parameters: `root`'s value at `name`. */
interface Dispatcher {
  fn: ts.FunctionLikeDeclaration;
  root: ts.ParameterDeclaration;
  name: readonly string[];
  hops: number;
}

/**
 * The branches of a `tools/call` handler that answer one tool each: `switch (request.params.name)` cases,
 * `if (name === "x")` blocks, and tables of handlers looked up by the name (`handlers[name]`); also in a function of
 * the file the handler hands the name to (`handleToolCall(request.params.name, args)`, `this.dispatch(request)`).
 */
function addDispatch(file: FileIndex, handler: ts.FunctionLikeDeclaration): void {
  const request = handler.parameters[0];
  if (!request || !handler.body) return;
  const seen = new Set<ts.Node>([handler]);
  const dispatchers: Dispatcher[] = [{ fn: handler, root: request, name: ["params", "name"], hops: 0 }];
  for (let d = dispatchers.pop(); d; d = dispatchers.pop()) {
    for (const next of addDispatchIn(file, d)) {
      if (seen.has(next.fn)) continue;
      seen.add(next.fn);
      dispatchers.push(next);
    }
  }
}

/** The branches of one dispatcher's body; returns the functions of the file it hands the tool name on to. */
function addDispatchIn(file: FileIndex, d: Dispatcher): Dispatcher[] {
  const { fn, root, name } = d;
  const isToolName = (expr: ts.Expression): boolean => {
    const path = requestPath(expr, root);
    return path !== undefined && path.length === name.length && path.every((key, i) => key === name[i]);
  };
  const handedOn: Dispatcher[] = [];
  const pending: ts.Node[] = [fn.body!];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (isFunctionLike(node) && node !== fn) continue;
    if (ts.isSwitchStatement(node) && isToolName(node.expression)) addCases(file, node);
    else if (ts.isIfStatement(node)) {
      const compared = comparedName(node.expression, isToolName);
      if (compared) addBranch(file, compared, node.thenStatement);
    } else if (ts.isElementAccessExpression(node) && isToolName(node.argumentExpression)) {
      file.facts.dispatch.push({ k: "table", table: file.data.read(node.expression), member: calledMember(node, fn), loc: locOf(node) });
    } else if (ts.isCallExpression(node)) {
      const found = searchedByName(node, isToolName);
      const map = found ? undefined : mapLookup(node, isToolName);
      if (found) file.facts.dispatch.push({ k: "find", list: file.data.read(found.list), key: found.key, member: calledMember(node, fn), loc: locOf(node) });
      // `toolMap.get(name)`: the pair of a Map's entries whose key is the name; what is called is read off its value.
      else if (map) file.facts.dispatch.push({ k: "find", list: file.data.read(map), key: ["0"], member: ["1", ...calledMember(node, fn)], loc: locOf(node) });
      else if (d.hops < MAX_DISPATCH_HOPS) handedOn.push(...handedTo(node, root, name, d.hops + 1));
    }
    ts.forEachChild(node, (child) => void pending.push(child));
  }
  return handedOn;
}

/**
 * The functions of the file a call hands the tool name to: a parameter of the called function (a function declaration,
 * a const-held function, or a method of the enclosing class called on `this`) receives the name, or the request or
 * its params the name is read from.
 */
function handedTo(call: ts.CallExpression, root: ts.ParameterDeclaration, name: readonly string[], hops: number): Dispatcher[] {
  const fn = calledFunction(call);
  if (!fn?.body) return [];
  const out: Dispatcher[] = [];
  call.arguments.forEach((argument, i) => {
    const parameter = fn.parameters[i];
    const path = parameter && !parameter.dotDotDotToken ? requestPath(argument, root) : undefined;
    if (path && path.length <= name.length && path.every((key, j) => key === name[j])) out.push({ fn, root: parameter!, name: name.slice(path.length), hops });
  });
  return out;
}

/** The function a call calls, when the file declares it: by name, or a method of the enclosing class on `this`. */
function calledFunction(call: ts.CallExpression): ts.FunctionLikeDeclaration | undefined {
  const callee = peel(call.expression, false);
  if (ts.isIdentifier(callee)) {
    const declaration = resolveBinding(callee)?.declaration;
    if (!declaration) return undefined;
    if (ts.isFunctionDeclaration(declaration)) return declaration;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer && (declaration.parent.flags & ts.NodeFlags.Const) !== 0) {
      const initializer = peel(declaration.initializer, false);
      return ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer) ? initializer : undefined;
    }
    return undefined;
  }
  if (!ts.isPropertyAccessExpression(callee) || callee.expression.kind !== ThisKeyword) return undefined;
  const cls = ts.findAncestor(call, ts.isClassLike);
  const member = cls?.members.find((m) => m.name !== undefined && propertyNameText(m.name) === callee.name.text);
  if (!member) return undefined;
  if (ts.isMethodDeclaration(member)) return member;
  if (ts.isPropertyDeclaration(member) && member.initializer) {
    const initializer = peel(member.initializer, false);
    return ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer) ? initializer : undefined;
  }
  return undefined;
}

/**
 * `list.find((t) => t.name === name)` (either side, a block that returns the comparison too): the list searched and the
 * path from its element to what is compared with the tool name.
 */
function searchedByName(call: ts.CallExpression, isToolName: (e: ts.Expression) => boolean): { list: ts.Expression; key: string[] } | undefined {
  const callee = peel(call.expression, false);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "find") return undefined;
  const callback = call.arguments[0] && peel(call.arguments[0], false);
  if (!callback || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return undefined;
  const element = callback.parameters[0];
  if (!element || !ts.isIdentifier(element.name)) return undefined;
  const returned = returnedExpressions(callback, 2);
  const compared = returned.length === 1 ? comparedName(returned[0]!, isToolName) : undefined;
  const key = compared && pathFrom(compared, element);
  return key && key.length > 0 ? { list: callee.expression, key } : undefined;
}

/** `map.get(name)` with the tool name: the map. */
function mapLookup(call: ts.CallExpression, isToolName: (e: ts.Expression) => boolean): ts.Expression | undefined {
  const callee = peel(call.expression, false);
  const key = call.arguments[0];
  return ts.isPropertyAccessExpression(callee) && callee.name.text === "get" && call.arguments.length === 1 && key && isToolName(key) ? callee.expression : undefined;
}

/** `t.a.b` of the parameter `t`: ["a", "b"]. */
function pathFrom(expr: ts.Expression, parameter: ts.ParameterDeclaration): string[] | undefined {
  const path: string[] = [];
  let e = peel(expr, false);
  while (ts.isPropertyAccessExpression(e)) {
    path.unshift(e.name.text);
    e = peel(e.expression, false);
  }
  return ts.isIdentifier(e) && resolveBinding(e)?.declaration === parameter ? path : undefined;
}

/**
 * The path from what a lookup finds to the function the handler calls: `handlers[name](…)` is [],
 * `tools[name].run(…)` is ["run"], and so is `const tool = …; tool.run(…)`. [] when no call through it is in sight.
 */
function calledMember(lookup: ts.Expression, handler: ts.FunctionLikeDeclaration): string[] {
  let node: ts.Node = lookup;
  while (ts.isParenthesizedExpression(node.parent) || ts.isNonNullExpression(node.parent) || ts.isAsExpression(node.parent)) node = node.parent;
  const direct = memberCalled(node);
  if (direct) return direct;
  const declaration = node.parent;
  if (!ts.isVariableDeclaration(declaration) || declaration.initializer !== node || !ts.isIdentifier(declaration.name)) return [];
  const name = declaration.name.text;
  const pending: ts.Node[] = [handler.body!];
  for (let n = pending.pop(); n; n = pending.pop()) {
    if (ts.isIdentifier(n) && n.text === name && n !== declaration.name && resolveBinding(n)?.declaration === declaration) {
      const member = memberCalled(n);
      if (member) return member;
    }
    ts.forEachChild(n, (child) => void pending.push(child));
  }
  return [];
}

/** The members read off `node` on the way to a call of them (`node.a.b(…)`: ["a", "b"]); undefined when none is called. */
function memberCalled(node: ts.Node): string[] | undefined {
  const path: string[] = [];
  let n = node;
  for (;;) {
    const p = n.parent;
    if (ts.isPropertyAccessExpression(p) && p.expression === n) path.push(p.name.text);
    else if (!ts.isNonNullExpression(p) && !ts.isParenthesizedExpression(p)) break;
    n = p;
  }
  return ts.isCallExpression(n.parent) && n.parent.expression === n ? path : undefined;
}

function addCases(file: FileIndex, statement: ts.SwitchStatement): void {
  const clauses = statement.caseBlock.clauses;
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    if (!ts.isCaseClause(clause)) continue;
    // `case "a": case "b": …` share the body of the first clause below them that has statements.
    let body: ts.CaseOrDefaultClause | undefined = clause;
    for (let j = i; body && body.statements.length === 0; j++) body = clauses[j + 1];
    if (body) addBranch(file, clause.expression, body);
  }
}

function addBranch(file: FileIndex, nameExpr: ts.Expression, body: ts.Node): void {
  file.facts.dispatch.push({ k: "branch", name: file.evaluator.evaluate(nameExpr), key: file.functionKey(body), loc: locOf(nameExpr) });
}

/** `name === "x"` / `"x" == name`: the compared expression when the other side is the tool name. */
function comparedName(condition: ts.Expression, isToolName: (e: ts.Expression) => boolean): ts.Expression | undefined {
  const c = peel(condition, false);
  if (!ts.isBinaryExpression(c)) return undefined;
  const op = c.operatorToken.kind;
  if (op !== EqualsEqualsEqualsToken && op !== EqualsEqualsToken) return undefined;
  if (isToolName(c.left)) return c.right;
  if (isToolName(c.right)) return c.left;
  return undefined;
}

/**
 * The property path from the handler's request parameter to an expression: `request.params.name` is
 * ["params", "name"], and so is `name` after `const { name } = request.params` or `({ params: { name } }) =>`.
 */
function requestPath(expr: ts.Expression, request: ts.ParameterDeclaration, hops = 0): string[] | undefined {
  const e = peel(expr, false);
  if (hops > 8) return undefined;
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    const key = ts.isPropertyAccessExpression(e) ? e.name.text : literalText(e.argumentExpression);
    const base = key === undefined ? undefined : requestPath(e.expression, request, hops + 1);
    return base && [...base, key!];
  }
  if (!ts.isIdentifier(e)) return undefined;
  const binding = resolveBinding(e);
  if (!binding) return undefined;
  let node: ts.Node = binding.declaration;
  const path: string[] = [];
  while (ts.isBindingElement(node)) {
    const pattern = node.parent;
    if (!ts.isObjectBindingPattern(pattern)) return undefined;
    const key = node.propertyName ? propertyNameText(node.propertyName) : ts.isIdentifier(node.name) ? node.name.text : null;
    if (key === null) return undefined;
    path.unshift(key);
    node = pattern.parent;
  }
  if (node === request) return path;
  if (ts.isVariableDeclaration(node) && node.initializer && binding.kind === "const") {
    const base = requestPath(node.initializer, request, hops + 1);
    return base && [...base, ...path];
  }
  return undefined;
}

function literalText(expr: ts.Expression): string | undefined {
  const e = peel(expr, false);
  return ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) ? e.text : undefined;
}
