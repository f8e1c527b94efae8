// Tool discovery (SPEC §1): registration calls and definer calls, each tool's name, description and body as data.
import { ts, locOf, endOf } from "../ts.js";
import { readPath } from "./data.js";
import type { DefinerOptions, FileIndex } from "./fileIndex.js";
import { thisMember, unwrapAdapters, unwrapToFunction } from "./functions.js";
import { isFunctionLike, resolveBinding } from "./scope.js";
import { calledName, peel, propertyNameText, shortText } from "./syntax.js";
import type { DataValue, ToolFact } from "./types.js";

/** Where a definer's object keeps the input schema, beside the description: the first of these it has. */
const INPUT_KEYS = ["inputSchema", "input", "parameters"];

/** How a call defines a tool, if it does: told apart by its arguments when a name is both (SPEC §1). */
type ToolCall =
  | { k: "register"; method: string }
  | { k: "definer"; definer: DefinerOptions; object: ts.Expression }
  | { k: "positional" };

/** Which calls define tools, before any is read: a list of definer calls holds those tools, and must know them. */
export function claimToolCalls(file: FileIndex, calls: readonly ts.CallExpression[]): Map<ts.CallExpression, ToolCall> {
  const claimed = new Map<ts.CallExpression, ToolCall>();
  for (const call of calls) {
    const kind = toolCallOf(file, call);
    if (!kind) continue;
    claimed.set(call, kind);
    if (kind.k !== "register") file.toolOfCall.set(call, claimed.size - 1);
  }
  return claimed;
}

function toolCallOf(file: FileIndex, call: ts.CallExpression): ToolCall | undefined {
  const name = calledName(call);
  if (!name) return undefined;
  const args = call.arguments;
  const first = args[0] && peel(args[0], false);
  if (!first) return undefined;
  const definer = file.options.definers.find((d) => d.callee === name);
  // Every form below is a registration or a definer: the rest of the calls need no look at their first argument.
  if (!definer && !file.register.has(name)) return undefined;
  const objectFirst = ts.isObjectLiteralExpression(first) || isConstObject(first);
  if (file.register.has(name) && !objectFirst && args.length >= 2) {
    const handler = unwrapAdapters(file, args[args.length - 1]!);
    const followable = isFunctionLike(handler) || ts.isIdentifier(handler) || ts.isPropertyAccessExpression(handler) || !!thisMember(file, handler);
    // Not a tool registration unless the name is a string or the handler a function: `x.tool(a, b)` of another API stays out.
    if (followable || isStringValued(file, first)) return { k: "register", method: name };
    return undefined;
  }
  if (objectFirst && (definer || file.register.has(name))) {
    // A registration method called with one object (`addTool({ name, description, execute })`) reads like a definer.
    const paths = definer ?? { callee: name, name: ["name"], description: ["description"], body: [file.options.bodyKey] };
    return { k: "definer", definer: paths, object: first };
  }
  // A positional definer, `makeTool(name, description, schema, handler)`: read like `server.tool(...)`.
  if (definer && args.length >= 2 && isStringValued(file, first)) return { k: "positional" };
  return undefined;
}

/** How many tool-like calls a file records: enough to name one in a finding. */
const MAX_TOOL_LIKE = 4;

/**
 * Calls no discovery setting claims that read like a tool definition: one object argument with a `name` the census
 * can evaluate, a `description` and a function (`server.addTool({ name, description, execute })`). Recorded only to
 * say, when a SKU has no tool, what the config may be missing.
 */
export function collectToolLike(file: FileIndex, calls: readonly ts.CallExpression[], claimed: ReadonlyMap<ts.CallExpression, unknown>): void {
  for (const call of calls) {
    if ((file.facts.toolLike?.length ?? 0) >= MAX_TOOL_LIKE) return;
    if (claimed.has(call) || call.arguments.length !== 1) continue;
    // Awaiting an object or a function gives it (here and for the body below).
    const object = peel(call.arguments[0]!);
    const callee = calledName(call);
    if (!callee || !ts.isObjectLiteralExpression(object)) continue;
    let named = false;
    let described = false;
    let bodyKey: string | undefined;
    for (const p of object.properties) {
      const key = p.name && propertyNameText(p.name);
      if (key === "name" && ts.isPropertyAssignment(p)) named = file.evaluator.evaluate(p.initializer).k === "str";
      else if (key === "description") described = true;
      else if (key && bodyKey === undefined && (ts.isMethodDeclaration(p) || (ts.isPropertyAssignment(p) && isFunctionLike(peel(p.initializer))))) bodyKey = key;
    }
    if (!named || !described || bodyKey === undefined) continue;
    const fact = { loc: locOf(call), callee, text: shortText(call.expression, 40), member: ts.isPropertyAccessExpression(peel(call.expression, false)), bodyKey };
    (file.facts.toolLike ??= []).push(fact);
  }
}

/** Reads the tool a claimed call defines and adds its fact. */
export function addToolOfCall(file: FileIndex, call: ts.CallExpression, kind: ToolCall): void {
  const args = call.arguments;
  if (kind.k === "definer") return addDefinedTool(file, call, kind.definer, kind.object);
  const method = kind.k === "register" ? kind.method : "tool";
  const first = args[0]!;
  const second = args.length >= 3 ? args[1] : undefined;
  const description = second ? registeredDescription(file, method, second) : { description: null, descriptionLoc: null, descriptionEnd: null };
  addTool(file, {
    form: kind.k === "register" ? "register" : "definer",
    loc: locOf(call),
    name: file.data.read(first),
    nameLoc: locOf(first),
    ...description,
    ...bodyOf(file, args[args.length - 1]!),
    inClass: enclosingClassName(call),
    ...registeredInput(file, method, args),
  });
}

/**
 * The input schema of a registration: `server.tool`'s parameters, the first argument after the name (and the
 * description) that is not the handler; any other method's config `inputSchema`. Annotations given in the parameters'
 * place are told apart by the project, as the SDK tells them apart at run time.
 */
function registeredInput(file: FileIndex, method: string, args: readonly ts.Expression[]): Pick<ToolFact, "input" | "inputAfterText"> {
  const middle = args.slice(1, -1);
  if (method !== "tool") {
    const config = middle[0];
    return { input: config ? readPath(file.data.read(peel(config, false)), ["inputSchema"], locOf(config)) : null };
  }
  if (!middle[0]) return { input: null };
  const first = peel(middle[0]);
  // Read once (the reader peels what `peel` does and more): the argument's value, whichever part it turns out to be.
  const input = file.data.read(first);
  // A parameter of the function the registration sits in (`addTool(server, name, description, …)`) stands where the
  // description does: what its callers pass there is the description, not the parameters' schema.
  if (isStringValued(file, first) || input.k === "arg") return { input: middle[1] ? file.data.read(middle[1]) : null };
  // A value only the project can tell apart (`const { description } = spec`): the schema if it is one, else the description.
  if (input.k === "object" || input.k === "function" || isFunctionLike(first)) return { input };
  return { input, inputAfterText: middle[1] ? file.data.read(middle[1]) : null };
}

/**
 * The description of a registration. `server.tool(name, description?, paramsSchema?, annotations?, handler)`: a
 * second argument that is not an object is the description, an object is the parameters' schema. Any other
 * registration method takes `(name, config, handler)`, and the description is the config's `description`.
 */
function registeredDescription(file: FileIndex, method: string, second: ts.Expression): Pick<ToolFact, "description" | "descriptionLoc" | "descriptionEnd"> {
  const s = peel(second, false);
  const none = { description: null, descriptionLoc: null, descriptionEnd: null };
  const config = file.data.read(s);
  if (method === "tool") {
    if (config.k === "object" || config.k === "function" || isFunctionLike(s)) return none;
    return { description: config, descriptionLoc: locOf(s), descriptionEnd: endOf(s) };
  }
  return partOf(config, ["description"], s);
}

/**
 * A part of a config object at `path`, and where to report it: the expression written in place, or the whole
 * config when the part comes from a spread or an import (the project resolves it, and says where it came from).
 */
function partOf(config: DataValue, path: readonly string[], configNode: ts.Expression): Pick<ToolFact, "description" | "descriptionLoc" | "descriptionEnd"> {
  const value = readPath(config, path, locOf(configNode));
  if (value === null) return { description: null, descriptionLoc: null, descriptionEnd: null };
  const node = propertyAt(configNode, path) ?? configNode;
  return { description: value, descriptionLoc: locOf(node), descriptionEnd: endOf(node) };
}

function addDefinedTool(file: FileIndex, call: ts.CallExpression, definer: DefinerOptions, object: ts.Expression): void {
  const config = file.data.read(object);
  let name = readPath(config, definer.name, locOf(object));
  let nameLoc = name && name.k !== "get" ? name.loc : locOf(object);
  if (name === null) {
    // `{ list_tables: tool({ … }) }`: a definition without a name is named by the key it is defined under.
    const key = keyOfValue(call);
    name = key === undefined
      ? { k: "unknown", why: `the definer has no \`${definer.name.join(".")}\``, loc: locOf(call) }
      : { k: "string", expr: { k: "str", v: key.text }, loc: key.loc, end: key.loc };
    nameLoc = key?.loc ?? locOf(call);
  }
  const bodyNode = propertyAt(object, definer.body);
  const body = readPath(config, definer.body, locOf(object));
  // The schema sits beside the description: `{ name, description, inputSchema }`, `schema: { description, input }`.
  const holder = definer.description.slice(0, -1);
  let input: DataValue | null = null;
  for (const key of INPUT_KEYS) {
    input = readPath(config, [...holder, key], locOf(object));
    if (input !== null) break;
  }
  addTool(file, {
    input,
    form: "definer",
    loc: locOf(call),
    name,
    nameLoc,
    ...partOf(config, definer.description, object),
    ...(bodyNode ? bodyOf(file, bodyNode) : body === null
      ? { body: null, bodyMissing: { why: `the definer has no \`${definer.body.join(".")}\` function` } }
      : { body }),
    inClass: enclosingClassName(call),
  });
}

function addTool(file: FileIndex, fact: Omit<ToolFact, "each">): void {
  file.facts.tools.push({ ...fact, each: file.data.iterationsIn([fact.name, fact.description, fact.body]) });
}

/** What a handler expression gives as a body: a function of this file, an import, a member of an element, or why not. */
function bodyOf(file: FileIndex, expr: ts.Expression): Pick<ToolFact, "body" | "bodyMissing"> {
  const e = unwrapAdapters(file, expr);
  const loc = locOf(e);
  if (isFunctionLike(e)) return { body: { k: "function", key: file.functionKey(e), loc } };
  if (ts.isIdentifier(e)) {
    const binding = resolveBinding(e);
    if (!binding) return { body: null, bodyMissing: { why: `the handler \`${e.text}\` is not declared in this file` } };
    const decl = binding.declaration;
    if (ts.isFunctionDeclaration(decl)) return { body: { k: "function", key: file.functionKey(decl), loc } };
    if (ts.isVariableDeclaration(decl) && decl.initializer && binding.kind === "const") {
      const fn = unwrapToFunction(file, decl.initializer);
      if (fn) return { body: { k: "function", key: file.functionKey(fn), loc } };
    }
    const value = file.data.read(e);
    // An argument of the function the registration sits in: the function its caller passes (one tool per call).
    // (The reader sees a function only in a const, which the next line keeps.)
    if (value.k === "ref" || value.k === "param" || value.k === "arg") return { body: value };
    if (binding.kind === "const" && value.k !== "string" && value.k !== "other" && value.k !== "unknown") return { body: value };
    return { body: null, bodyMissing: { why: `the handler \`${e.text}\` is a ${binding.kind} that does not hold a function the census can follow` } };
  }
  if (ts.isPropertyAccessExpression(e)) {
    // `this.method`: a method of the class the registration sits in; `t.handler`: a member of an element or a const.
    const member = thisMember(file, e);
    if (member) return { body: { k: "function", key: file.functionKey(member), loc } };
    const value = file.data.read(e);
    if (value.k !== "string" && value.k !== "other" && value.k !== "unknown") return { body: value };
  }
  if (ts.isCallExpression(e)) {
    const name = calledName(e) ?? shortText(e.expression, 40);
    return {
      body: null,
      bodyMissing: {
        why: `the handler is wrapped in \`${name}(…)\`, which is not a configured adapter`,
        fix: `add "${name}" to discovery.adapters in the config if it returns the function it wraps`,
      },
    };
  }
  return { body: null, bodyMissing: { why: `the handler \`${shortText(e, 40)}\` is not a function the census can follow` } };
}

function isConstObject(expr: ts.Expression): boolean {
  if (!ts.isIdentifier(expr)) return false;
  const decl = resolveBinding(expr)?.declaration;
  return !!decl && ts.isVariableDeclaration(decl) && !!decl.initializer && ts.isObjectLiteralExpression(peel(decl.initializer, false));
}

/** A name argument that reads as a string: a literal, a constant, a member of an element or an import. */
function isStringValued(file: FileIndex, expr: ts.Expression): boolean {
  const value = file.data.read(expr);
  if (value.k === "string") return value.expr.k !== "unknown";
  return value.k === "param" || value.k === "ref" || value.k === "this" || value.k === "get" || value.k === "concat";
}

/** The property key a call is the value of (`{ list_tables: tool({…}) }`), and where the key is written. */
function keyOfValue(call: ts.CallExpression): { text: string; loc: ReturnType<typeof locOf> } | undefined {
  let child: ts.Node = call;
  let parent = call.parent;
  while (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) {
    child = parent;
    parent = parent.parent;
  }
  if (!ts.isPropertyAssignment(parent) || parent.initializer !== child) return undefined;
  const text = propertyNameText(parent.name);
  return text === null ? undefined : { text, loc: locOf(parent.name) };
}

/** The expression at a property path of an object literal, when every step is written in place. */
function propertyAt(object: ts.Expression, path: readonly string[]): ts.Expression | undefined {
  let node: ts.Expression = peel(object, false);
  for (const key of path) {
    if (!ts.isObjectLiteralExpression(node)) return undefined;
    let found: ts.Expression | undefined;
    for (const p of node.properties) {
      if (ts.isPropertyAssignment(p) && propertyNameText(p.name) === key) found = p.initializer;
      else if (ts.isShorthandPropertyAssignment(p) && p.name.text === key) found = p.name;
      else if (ts.isMethodDeclaration(p) && propertyNameText(p.name) === key) found = undefined;
      else if (ts.isSpreadAssignment(p)) found = undefined;
    }
    if (!found) return undefined;
    // Awaiting a function (or an object, a string) gives it.
    node = peel(found);
  }
  return node;
}

/** The name of the class a node sits in, if any. */
export function enclosingClassName(node: ts.Node): string | null {
  for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
    if (ts.isClassDeclaration(p) || ts.isClassExpression(p)) return p.name?.text ?? "default";
    if (ts.isSourceFile(p)) break;
  }
  return null;
}
