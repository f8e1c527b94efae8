// Tools as data (SPEC §1.3): the list a `tools/list` request handler returns, and the `tools/call` branches that answer each.
import { ts, locOf, endOf } from "../ts.js";
import { readPath, returnedExpressions } from "./data.js";
import type { FileIndex } from "./fileIndex.js";
import { thisMember, unwrapAdapters, unwrapToFunction } from "./functions.js";
import { isFunctionLike, resolveBinding } from "./scope.js";
import { peel, propertyNameText } from "./syntax.js";
import type { DataValue, DispatchFact, DispatchWithin } from "./types.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const { EqualsEqualsEqualsToken, EqualsEqualsToken } = ts.SyntaxKind;

/**
 * The request a handler answers, when its registration names it: `server.setRequestHandler(ListToolsRequestSchema, …)`,
 * with the handler as a function of the file (in place or by name), or else the handler expression itself.
 */
function requestOf(file: FileIndex, call: ts.CallExpression): { request: "list" | "call"; handler: ts.FunctionLikeDeclaration | undefined; given: ts.Expression } | undefined {
  const callee = peel(call.expression, false);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "setRequestHandler") return undefined;
  const [schema, handler] = call.arguments;
  if (!schema || !handler) return undefined;
  // Awaiting a value that is no promise gives it as it is: `await ListToolsRequestSchema` is the schema.
  const s = peel(schema);
  const name = ts.isIdentifier(s) ? s.text : ts.isPropertyAccessExpression(s) ? s.name.text : undefined;
  const request = name === "ListToolsRequestSchema" ? "list" : name === "CallToolRequestSchema" ? "call" : undefined;
  // In place, or a function of the file given by name (`setRequestHandler(CallToolRequestSchema, handleCallTool)`).
  return request && { request, handler: functionAt(file, handler), given: handler };
}

/** Reads a `tools/list` or `tools/call` handler registered by this call, if it is one. */
export function tryToolRequestHandler(file: FileIndex, call: ts.CallExpression): void {
  if (!file.options.lists) return;
  const found = requestOf(file, call);
  if (!found) return;
  if (found.handler) {
    if (found.request === "list") addListedTools(file, call, found.handler);
    else addDispatch(file, found.handler);
    return;
  }
  // A handler imported from another module: tools/call is handed the request whole, as its first argument; tools/list
  // is the exported function whose result lists the tools there.
  const imported = file.followableCallee(peel(found.given));
  if (imported?.k !== "import") return;
  if (found.request === "call") file.facts.dispatch.push({ k: "forward", callee: imported, index: 0, path: ["params", "name"], loc: locOf(call) });
  else file.facts.dispatch.push({ k: "list", callee: imported, loc: locOf(call) });
}

/**
 * Every object a `tools/list` handler may return as `tools`: one tool per element of that list. `listedBy`: the
 * handler is an exported function another module may register (see `collectExportedDispatchers`).
 */
function addListedTools(file: FileIndex, call: ts.Node, handler: ts.FunctionLikeDeclaration, listedBy?: string): void {
  for (const returned of returnedExpressions(handler)) {
    // An exported function is read only when what it returns is an object with `tools`: other functions are no handler.
    if (listedBy !== undefined && !hasToolsKey(returned)) continue;
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
      ...(listedBy === undefined ? {} : { listedBy }),
    });
  }
}

/** How many functions deep the census follows the tool name a `tools/call` handler hands on (`handleToolCall(name, args)`). */
const MAX_DISPATCH_HOPS = 4;

/**
 * A function that answers tools/call, and where the tool name is in its parameters: `root`'s value at `name`. An
 * exported function read for another module's handler has no root: the name may be any parameter, at any path.
 */
interface Dispatcher {
  fn: ts.FunctionLikeDeclaration;
  root: ts.ParameterDeclaration | null;
  name: readonly string[];
  hops: number;
}

/** Where an expression holds the tool name: the handler's own name (null), or a parameter of an exported function. */
type NameAt = (expr: ts.Expression) => DispatchWithin | null | undefined;

/** A dispatch fact to be made (making it keys its branches as possible tool bodies), with where its name comes from. */
interface Pending {
  within: DispatchWithin | null;
  branches: number;
  make: () => DispatchFact[];
}

/**
 * The branches of a `tools/call` handler that answer one tool each: `switch (request.params.name)` cases,
 * `if (name === "x")` blocks, and tables of handlers looked up by the name (`handlers[name]`); also in a function of
 * the file the handler hands the name to (`handleToolCall(request.params.name, args)`, `this.dispatch(request)`), and a
 * forward to a function of another module it hands the name to.
 */
function addDispatch(file: FileIndex, handler: ts.FunctionLikeDeclaration): void {
  const request = handler.parameters[0];
  if (!request || !handler.body) return;
  const seen = new Set<ts.Node>([handler]);
  const dispatchers: Dispatcher[] = [{ fn: handler, root: request, name: ["params", "name"], hops: 0 }];
  for (let d = dispatchers.pop(); d; d = dispatchers.pop()) {
    const { root, name } = d;
    const nameAt: NameAt = (expr) => (sameKeys(requestPath(expr, root!), name) ? null : undefined);
    const found: Pending[] = [];
    for (const next of dispatchIn(file, d, nameAt, found)) {
      if (seen.has(next.fn)) continue;
      seen.add(next.fn);
      dispatchers.push(next);
    }
    for (const f of found) file.facts.dispatch.push(...f.make());
  }
}

/** `{ tools }`, `{ tools: [...] }`: an object literal written with a `tools` property (through parentheses and casts). */
function hasToolsKey(returned: ts.Expression): boolean {
  const e = peel(returned);
  return ts.isObjectLiteralExpression(e) && e.properties.some((p) => p.name !== undefined && propertyNameText(p.name) === "tools");
}

/**
 * Exported functions that dispatch on one of their parameters (two or more `switch` cases or `if` comparisons with the
 * same value, or a table or list looked up by it): what a `tools/call` handler of another module answers with when it
 * hands them the tool name there. Each fact says which parameter, at which path; the project reads it only then.
 * Also the tools an exported function's result lists (`{ tools }`), for a `tools/list` handler of another module.
 */
export function collectExportedDispatchers(file: FileIndex): void {
  if (!file.options.lists) return;
  const exported = new Set(file.facts.exports.flatMap((e) => ("local" in e ? [e.local] : [])));
  for (const [node, key] of file.topLevel) {
    if (!exported.has(key) || !isFunctionLike(node)) continue;
    const fn = node as ts.FunctionLikeDeclaration;
    if (!fn.body) continue;
    // What a tools/list handler of another module may be: the tools its result lists, counted only if one is.
    addListedTools(file, fn, fn, key);
    if (fn.parameters.length === 0) continue;
    const nameAt: NameAt = (expr) => {
      const at = parameterPath(expr);
      const index = at ? fn.parameters.indexOf(at.parameter) : -1;
      return at && index >= 0 && !at.parameter.dotDotDotToken ? { fn: key, index, path: at.path } : undefined;
    };
    const found: Pending[] = [];
    dispatchIn(file, { fn, root: null, name: [], hops: MAX_DISPATCH_HOPS }, nameAt, found);
    const groups = new Map<string, Pending[]>();
    for (const f of found) {
      const id = JSON.stringify(f.within);
      groups.set(id, [...(groups.get(id) ?? []), f]);
    }
    for (const group of groups.values()) {
      // One comparison is an ordinary condition, not a dispatcher; a lookup by the value is one.
      if (group.reduce((n, f) => n + f.branches, 0) < 2 && group.every((f) => f.branches > 0)) continue;
      for (const f of group) file.facts.dispatch.push(...f.make());
    }
  }
}

/** The dispatch facts of one dispatcher's body, added to `found`; returns the functions of the file it hands the name on to. */
function dispatchIn(file: FileIndex, d: Dispatcher, nameAt: NameAt, found: Pending[]): Dispatcher[] {
  const { fn } = d;
  const handedOn: Dispatcher[] = [];
  const with_ = (within: DispatchWithin | null) => (within ? { within } : {});
  const pending: ts.Node[] = [fn.body!];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (isFunctionLike(node) && node !== fn) continue;
    if (ts.isSwitchStatement(node)) {
      const within = nameAt(node.expression);
      const cases = within === undefined ? [] : casesOf(node);
      if (cases.length > 0) found.push({ within: within!, branches: cases.length, make: () => cases.map(([expr, body]) => branch(file, expr, body, with_(within!))) });
    } else if (ts.isIfStatement(node)) {
      const compared = comparedName(node.expression, nameAt);
      if (compared) found.push({ within: compared.within, branches: 1, make: () => [branch(file, compared.other, node.thenStatement, with_(compared.within))] });
    } else if (ts.isElementAccessExpression(node)) {
      const within = nameAt(node.argumentExpression);
      if (within !== undefined) {
        found.push({ within, branches: 0, make: () => [{ k: "table", table: file.data.read(node.expression), member: calledMember(node, fn), loc: locOf(node), ...with_(within) }] });
      }
    } else if (ts.isCallExpression(node)) {
      const searched = searchedByName(node, nameAt);
      const map = searched ? undefined : mapLookup(node, nameAt);
      if (searched) {
        found.push({ within: searched.within, branches: 0, make: () => [{ k: "find", list: file.data.read(searched.list), key: searched.key, member: calledMember(node, fn), loc: locOf(node), ...with_(searched.within) }] });
      } else if (map) {
        // `toolMap.get(name)`: the pair of a Map's entries whose key is the name; what is called is read off its value.
        found.push({ within: map.within, branches: 0, make: () => [{ k: "find", list: file.data.read(map.map), key: ["0"], member: ["1", ...calledMember(node, fn)], loc: locOf(node), ...with_(map.within) }] });
      } else if (d.root && d.hops < MAX_DISPATCH_HOPS) {
        handedOn.push(...handedTo(file, node, d.root, d.name, d.hops + 1));
        const forward = forwardOf(file, node, d.root, d.name);
        if (forward) found.push({ within: null, branches: 0, make: () => [forward] });
      }
    }
    ts.forEachChild(node, (child) => void pending.push(child));
  }
  return handedOn;
}

/** Whether two key paths are the same. */
function sameKeys(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a !== undefined && a.length === b.length && a.every((key, i) => key === b[i]);
}

/** Whether `path` leads to, or is on the way to, `name`: the argument is the name, or what the name is read from. */
function leadsTo(path: readonly string[] | undefined, name: readonly string[]): path is readonly string[] {
  // (A longer path fails at its first key past the name's end.)
  return path !== undefined && path.every((key, i) => key === name[i]);
}

/**
 * The functions of the file a call hands the tool name to: a parameter of the called function (a function declaration,
 * a const-held function, or a method of the enclosing class called on `this`) receives the name, or the request or
 * its params the name is read from.
 */
function handedTo(file: FileIndex, call: ts.CallExpression, root: ts.ParameterDeclaration, name: readonly string[], hops: number): Dispatcher[] {
  const fn = calledFunction(file, call);
  if (!fn?.body) return [];
  const out: Dispatcher[] = [];
  call.arguments.forEach((argument, i) => {
    const parameter = fn.parameters[i];
    const path = parameter && !parameter.dotDotDotToken ? requestPath(argument, root) : undefined;
    if (leadsTo(path, name)) out.push({ fn, root: parameter!, name: name.slice(path.length), hops });
  });
  return out;
}

/** A call handing the tool name to a function imported from another module (`handleToolCall(name, args)`): the forward. */
function forwardOf(file: FileIndex, call: ts.CallExpression, root: ts.ParameterDeclaration, name: readonly string[]): DispatchFact | undefined {
  if (calledFunction(file, call)) return undefined;
  const callee = file.followableCallee(call.expression);
  if (callee?.k !== "import") return undefined;
  for (let i = 0; i < call.arguments.length; i++) {
    const path = requestPath(call.arguments[i]!, root);
    if (leadsTo(path, name)) return { k: "forward", callee, index: i, path: name.slice(path.length), loc: locOf(call) };
  }
  return undefined;
}

/** The function a call calls, when the file declares it: by name, or a method of the enclosing class on `this`. */
function calledFunction(file: FileIndex, call: ts.CallExpression): ts.FunctionLikeDeclaration | undefined {
  // `(await answer)(name)`: awaiting a function gives it as it is.
  const callee = peel(call.expression);
  return isFunctionLike(callee) ? undefined : functionAt(file, callee);
}

/**
 * The function an expression is, when the file declares it: written in place, a function declaration or a const-held
 * function named, or a method (or function-valued field) of the enclosing class read on `this`; through parentheses,
 * casts, `.bind(…)` and configured adapters.
 */
function functionAt(file: FileIndex, expr: ts.Expression): ts.FunctionLikeDeclaration | undefined {
  const e = unwrapAdapters(file, expr);
  if (isFunctionLike(e)) return e as ts.FunctionLikeDeclaration;
  if (!ts.isIdentifier(e)) return thisMember(file, e);
  const declaration = resolveBinding(e)?.declaration;
  if (declaration && ts.isFunctionDeclaration(declaration)) return declaration;
  if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer && (declaration.parent.flags & ts.NodeFlags.Const) !== 0) {
    return unwrapToFunction(file, declaration.initializer);
  }
  return undefined;
}

/**
 * `list.find((t) => t.name === name)` (either side, a block that returns the comparison too): the list searched and the
 * path from its element to what is compared with the tool name.
 */
function searchedByName(call: ts.CallExpression, nameAt: NameAt): { list: ts.Expression; key: string[]; within: DispatchWithin | null } | undefined {
  const callee = peel(call.expression, false);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "find") return undefined;
  const callback = call.arguments[0] && peel(call.arguments[0], false);
  if (!callback || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return undefined;
  const element = callback.parameters[0];
  if (!element || !ts.isIdentifier(element.name)) return undefined;
  const returned = returnedExpressions(callback, 2);
  const compared = returned.length === 1 ? comparedName(returned[0]!, nameAt) : undefined;
  const key = compared && pathFrom(compared.other, element);
  return key && key.length > 0 ? { list: callee.expression, key, within: compared.within } : undefined;
}

/** `map.get(name)` with the tool name: the map, and where the name is. */
function mapLookup(call: ts.CallExpression, nameAt: NameAt): { map: ts.Expression; within: DispatchWithin | null } | undefined {
  const callee = peel(call.expression, false);
  const key = call.arguments[0];
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "get" || call.arguments.length !== 1 || !key) return undefined;
  const within = nameAt(key);
  return within === undefined ? undefined : { map: callee.expression, within };
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

/** The cases of a switch, each with the clause that answers it: `case "a": case "b": …` share the first body below them. */
function casesOf(statement: ts.SwitchStatement): [ts.Expression, ts.CaseOrDefaultClause][] {
  const clauses = statement.caseBlock.clauses;
  const out: [ts.Expression, ts.CaseOrDefaultClause][] = [];
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    if (!ts.isCaseClause(clause)) continue;
    let body: ts.CaseOrDefaultClause | undefined = clause;
    for (let j = i; body && body.statements.length === 0; j++) body = clauses[j + 1];
    if (body) out.push([clause.expression, body]);
  }
  return out;
}

function branch(file: FileIndex, nameExpr: ts.Expression, body: ts.Node, within: { within?: DispatchWithin }): DispatchFact {
  return { k: "branch", name: file.evaluator.evaluate(nameExpr), key: file.functionKey(body), loc: locOf(nameExpr), ...within };
}

/** `name === "x"` / `"x" == name`: the compared expression when the other side is the tool name, and where it is. */
function comparedName(condition: ts.Expression, nameAt: NameAt): { other: ts.Expression; within: DispatchWithin | null } | undefined {
  const c = peel(condition, false);
  if (!ts.isBinaryExpression(c)) return undefined;
  const op = c.operatorToken.kind;
  if (op !== EqualsEqualsEqualsToken && op !== EqualsEqualsToken) return undefined;
  const left = nameAt(c.left);
  if (left !== undefined) return { other: c.right, within: left };
  const right = nameAt(c.right);
  if (right !== undefined) return { other: c.left, within: right };
  return undefined;
}

/**
 * The property path from the handler's request parameter to an expression: `request.params.name` is
 * ["params", "name"], and so is `name` after `const { name } = request.params` or `({ params: { name } }) =>`.
 */
function requestPath(expr: ts.Expression, request: ts.ParameterDeclaration): string[] | undefined {
  const at = parameterPath(expr);
  return at?.parameter === request ? at.path : undefined;
}

/**
 * The parameter an expression reads, and the property path from it: `request.params.name` is `request` at
 * ["params", "name"], and so is `name` after `const { name } = request.params` or in `({ params: { name } }) =>`.
 */
function parameterPath(expr: ts.Expression, hops = 0): { parameter: ts.ParameterDeclaration; path: string[] } | undefined {
  // Awaiting what is no promise (a name, the params) gives it as it is.
  const e = peel(expr);
  if (hops > 8) return undefined;
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    const key = ts.isPropertyAccessExpression(e) ? e.name.text : literalText(e.argumentExpression);
    const base = key === undefined ? undefined : parameterPath(e.expression, hops + 1);
    return base && { parameter: base.parameter, path: [...base.path, key!] };
  }
  if (!ts.isIdentifier(e)) return undefined;
  const binding = resolveBinding(e);
  if (!binding) return undefined;
  let node: ts.Node = binding.declaration;
  const path: string[] = [];
  while (ts.isBindingElement(node)) {
    const pattern = node.parent;
    if (!ts.isObjectBindingPattern(pattern)) return undefined;
    // `{ ...params }`: the rest holds the object's other properties under their own keys.
    if (node.dotDotDotToken) {
      node = pattern.parent;
      continue;
    }
    const key = node.propertyName ? propertyNameText(node.propertyName) : ts.isIdentifier(node.name) ? node.name.text : null;
    if (key === null) return undefined;
    path.unshift(key);
    node = pattern.parent;
  }
  if (ts.isParameter(node)) return { parameter: node, path };
  if (ts.isVariableDeclaration(node) && node.initializer && binding.kind === "const") {
    const base = parameterPath(node.initializer, hops + 1);
    return base && { parameter: base.parameter, path: [...base.path, ...path] };
  }
  return undefined;
}

function literalText(expr: ts.Expression): string | undefined {
  const e = peel(expr);
  return ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) ? e.text : undefined;
}
