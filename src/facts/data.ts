// Values as data (objects, arrays, strings, functions, iterations): the shapes tool definitions are written in, read on one file.
import { ts, locOf, endOf } from "../ts.js";
import type { StringEvaluator } from "./evaluator.js";
import { patternOwner } from "./patterns.js";
import { isFunctionLike, resolveBinding } from "./scope.js";
import { calledName, flattenPlus, isStringConcatenation, peel, propertyNameText, shortText } from "./syntax.js";
import type { DataEntry, DataItem, DataValue, Loc, StrExpr } from "./types.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const { BarBarToken, FalseKeyword, MinusToken, NullKeyword, PlusToken, QuestionQuestionToken, ThisKeyword, TrueKeyword } = ts.SyntaxKind;

/** How deep data may nest (objects in arrays in objects …, consts naming consts) before the reader stops and says so. */
const MAX_DEPTH = 64;

/** Kinds of value worth declaring once: the ones that hold other values. */
const COMPOSITE = new Set<DataValue["k"]>(["object", "array", "map", "filter", "entries", "values", "choice", "get"]);

/** Array methods whose callback's first parameter is each element of the receiver in turn. */
const ELEMENT_CALLBACKS = new Set(["map", "forEach", "filter", "find", "some", "every"]);

/** What reading data needs of the file under extraction (its index, which also owns the reader). */
export interface DataSource {
  readonly evaluator: StringEvaluator;
  readonly adapters: ReadonlySet<string>;
  /** Definer calls, to the index of the tool each makes. */
  readonly toolOfCall: ReadonlyMap<ts.Node, number>;
  readonly topLevel: ReadonlyMap<ts.Node, string>;
  /** The key of a function (or dispatch branch) in `FileFacts.functions`, making it a possible tool body. */
  functionKey(node: ts.Node): string;
  /** A fresh iteration slot. */
  newSlot(): number;
  /** Declares a composite value under a key of `FileFacts.data` (a top-level name, or `@line:column`). */
  declare(key: string, value: DataValue): void;
}

/**
 * Reads expressions of one file as data. Identifiers are followed to the `const` they name, imports become refs,
 * parameters of element callbacks (`list.map((t) => …)`) and `for…of` variables become params of an iteration.
 */
export class DataReader {
  /** Values of `const` declarations, read once. */
  private readonly declared = new Map<ts.Node, DataValue>();
  private readonly reading = new Set<ts.Node>();
  /** Iteration slots by the node that binds the element (a callback parameter, a `for…of` declaration). */
  private readonly slots = new Map<ts.Node, { slot: number; source: DataValue }>();
  private readonly sources = new Map<number, DataValue>();

  constructor(private readonly file: DataSource) {}

  read(expr: ts.Expression, depth = 0): DataValue {
    // `await` is transparent: `tools: await loadTools()` is what the call gives.
    const e = peel(expr);
    const loc = locOf(e);
    if (depth > MAX_DEPTH) return { k: "unknown", why: `\`${shortText(e, 40)}\` is nested too deeply to read`, loc };
    if (ts.isObjectLiteralExpression(e)) return this.object(e, depth);
    if (ts.isArrayLiteralExpression(e)) {
      const items: DataItem[] = e.elements.flatMap((el): DataItem[] =>
        ts.isOmittedExpression(el) ? [] : ts.isSpreadElement(el) ? [{ spread: this.read(el.expression, depth + 1) }] : [{ value: this.read(el, depth + 1) }],
      );
      return { k: "array", items, loc };
    }
    if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return { k: "function", key: this.file.functionKey(e), loc };
    if (ts.isConditionalExpression(e)) return { k: "choice", options: [this.read(e.whenTrue, depth + 1), this.read(e.whenFalse, depth + 1)], loc };
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      if (op === QuestionQuestionToken || op === BarBarToken) {
        const left = this.read(e.left, depth + 1);
        // `name || "ping"`, `options.name ?? "ping"`: the caller's value, or the literal when it passes none.
        if (left.k === "arg" && left.fallback === null) return { ...left, fallback: this.read(e.right, depth + 1) };
        return { k: "choice", options: [left, this.read(e.right, depth + 1)], loc };
      }
    }
    if (ts.isIdentifier(e)) return this.identifier(e, depth);
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
      const key = ts.isPropertyAccessExpression(e) ? e.name.text : literalKey(e.argumentExpression);
      if (key !== undefined) {
        if (e.expression.kind === ThisKeyword) return { k: "this", path: [key], loc };
        const base = this.read(e.expression, depth + 1);
        // A member of what reads as a string leaf (a local enum's `ToolName.Alpha`, a string's `.length`) is the
        // evaluator's to read: it sees the whole access, or says why not.
        if (base.k === "string") return this.text(e);
        return readPathOrUnknown(base, [key], loc);
      }
    }
    if (ts.isCallExpression(e)) {
      const call = this.call(e, depth);
      if (call) return call;
    }
    // A Map made from a list is read as the list of its [key, value] pairs (`new Map(tools.map((t) => [t.name, t]))`).
    const pairs = ts.isNewExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "Map" && !resolveBinding(e.expression) ? e.arguments?.[0] : undefined;
    if (pairs) return this.read(pairs, depth + 1);
    if (ts.isNewExpression(e) && ts.isIdentifier(e.expression)) {
      // An instance of a class is read as the class: a tool class's instance is that tool.
      const cls = this.read(e.expression, depth + 1);
      if (cls.k === "class" || cls.k === "ref") return cls;
    }
    return this.text(e, depth);
  }

  /** What a `const` declaration binds, read once: composite values are declared in `FileFacts.data` by the way. */
  readDeclaration(declaration: ts.VariableDeclaration): DataValue {
    return this.declaration(declaration, 0);
  }

  /** The iteration an identifier's binding belongs to, if it is an element of one (and the path into the element). */
  iterationOf(binding: ts.Node): { slot: number; source: DataValue; path: string[] } | undefined {
    const path: string[] = [];
    let node: ts.Node = binding;
    // `({ name, description }) => …`, `for (const [name, def] of …)`: the path from the element to the name.
    while (ts.isBindingElement(node)) {
      const pattern = node.parent;
      if (!restOfObject(node)) {
        const key = ts.isObjectBindingPattern(pattern)
          ? node.propertyName
            ? propertyNameText(node.propertyName)
            : ts.isIdentifier(node.name)
              ? node.name.text
              : null
          : String(pattern.elements.indexOf(node));
        if (key === null || node.dotDotDotToken) return undefined;
        path.unshift(key);
      }
      node = pattern.parent;
    }
    const known = this.slots.get(node);
    if (known) return { ...known, path };
    const source = this.iterationSource(node);
    if (!source) return undefined;
    const entry = { slot: this.file.newSlot(), source };
    this.slots.set(node, entry);
    this.sources.set(entry.slot, source);
    return { ...entry, path };
  }

  /**
   * The iteration of a named function's first parameter, given as the callback of a `map` over `receiver`. The slot
   * stands for whichever element the function is called with: each `map` over it binds the slot to its own elements.
   */
  private elementOf(parameter: ts.ParameterDeclaration, receiver: ts.Expression): { slot: number; source: DataValue; path: string[] } | undefined {
    if (!ts.isIdentifier(parameter.name)) return undefined;
    const known = this.slots.get(parameter);
    if (known) return { ...known, path: [] };
    const entry = { slot: this.file.newSlot(), source: this.read(receiver, 1) };
    this.slots.set(parameter, entry);
    this.sources.set(entry.slot, entry.source);
    return { ...entry, path: [] };
  }

  /**
   * The iterations whose elements these values read (and that no `map` inside them binds), outer first: a
   * definition made of them is made once per element.
   */
  iterationsIn(values: readonly (DataValue | null)[]): { slot: number; source: DataValue }[] {
    const free = new Set<number>();
    const pending: { value: DataValue; bound: ReadonlySet<number> }[] = values.flatMap((value) => (value ? [{ value, bound: new Set<number>() }] : []));
    for (let next = pending.pop(); next; next = pending.pop()) {
      const { value, bound } = next;
      const push = (v: DataValue, b: ReadonlySet<number> = bound): void => void pending.push({ value: v, bound: b });
      switch (value.k) {
        case "param":
          if (!bound.has(value.slot)) free.add(value.slot);
          break;
        case "object":
          for (const entry of value.entries) {
            if ("computed" in entry) push(entry.computed);
            push("spread" in entry ? entry.spread : entry.value);
          }
          break;
        case "array":
          for (const item of value.items) push("spread" in item ? item.spread : item.value);
          break;
        case "map":
          push(value.source);
          push(value.element, new Set([...bound, value.slot]));
          break;
        case "filter":
        case "entries":
        case "values":
          push(value.source);
          break;
        case "choice":
          for (const option of value.options) push(option);
          break;
        case "concat":
          for (const part of value.parts) push(part);
          break;
        case "get":
          push(value.base);
          break;
        default:
          break;
      }
    }
    return [...free].sort((a, b) => a - b).map((slot) => ({ slot, source: this.sources.get(slot)! }));
  }

  private iterationSource(node: ts.Node): DataValue | undefined {
    if (ts.isParameter(node) && node.parent.parameters[0] === node) {
      const fn = node.parent;
      // `list.map(((t) => …))`, `list.map((t => …) as Mapper)`: the callback through parentheses and casts.
      let argument: ts.Node = fn;
      while (ts.isParenthesizedExpression(argument.parent) || ts.isAsExpression(argument.parent) || ts.isSatisfiesExpression(argument.parent) || ts.isNonNullExpression(argument.parent)) {
        argument = argument.parent;
      }
      const call = argument.parent;
      if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isCallExpression(call) && call.arguments[0] === argument) {
        const callee = peel(call.expression, false);
        if (ts.isPropertyAccessExpression(callee) && ELEMENT_CALLBACKS.has(callee.name.text)) return this.read(callee.expression, 1);
      }
      return undefined;
    }
    if (ts.isVariableDeclaration(node) && ts.isVariableDeclarationList(node.parent) && ts.isForOfStatement(node.parent.parent)) {
      return this.read(node.parent.parent.expression, 1);
    }
    return undefined;
  }

  private object(object: ts.ObjectLiteralExpression, depth: number): DataValue {
    const entries: DataEntry[] = [];
    for (const p of object.properties) {
      if (ts.isSpreadAssignment(p)) {
        entries.push({ spread: this.read(p.expression, depth + 1), loc: locOf(p), text: shortText(p.expression, 40) });
        continue;
      }
      const key = p.name && this.propertyKey(p.name);
      const computed = key === undefined ? this.computedEntry(p, depth) : undefined;
      if (computed) {
        entries.push(computed);
        continue;
      }
      if (key === undefined) {
        // A key the census cannot read may be any key: what the object holds is not known.
        entries.push({ spread: { k: "unknown", why: `the key \`${shortText(p.name!, 40)}\` cannot be evaluated`, loc: locOf(p) }, loc: locOf(p), text: shortText(p.name!, 40) });
        continue;
      }
      const at = { loc: locOf(p), end: endOf(p) };
      if (ts.isPropertyAssignment(p)) entries.push({ key, value: this.read(p.initializer, depth + 1), ...at });
      else if (ts.isShorthandPropertyAssignment(p)) entries.push({ key, value: this.read(p.name, depth + 1), ...at });
      else if (ts.isMethodDeclaration(p) && p.body) entries.push({ key, value: { k: "function", key: this.file.functionKey(p), loc: locOf(p) }, ...at });
      else entries.push({ key, value: { k: "other", what: "an accessor", why: `\`${key}\` is an accessor`, loc: locOf(p) }, ...at });
    }
    return { k: "object", entries, loc: locOf(object) };
  }

  /**
   * `[searchTool.name]: handleSearch`, `async [TOOL.name](args) { … }`: a key computed from a value the file cannot
   * evaluate but the project may (an import's member, an element), or one nobody can (a call), with its value.
   * Undefined for other entries.
   */
  private computedEntry(p: ts.ObjectLiteralElementLike, depth: number): DataEntry | undefined {
    if (!p.name || !ts.isComputedPropertyName(p.name)) return undefined;
    const value = ts.isPropertyAssignment(p)
      ? this.read(p.initializer, depth + 1)
      : ts.isMethodDeclaration(p) && p.body
        ? ({ k: "function", key: this.file.functionKey(p), loc: locOf(p) } as const)
        : undefined;
    if (!value) return undefined;
    // Whatever the file holds for the key, the project reads it (an import's value) or says why it cannot.
    const computed = this.read(p.name.expression, depth + 1);
    return { computed, value, loc: locOf(p), end: endOf(p), text: shortText(p.name, 40) };
  }

  private propertyKey(name: ts.PropertyName): string | undefined {
    if (!ts.isComputedPropertyName(name)) return propertyNameText(name) ?? undefined;
    const key = this.file.evaluator.evaluate(name.expression);
    return key.k === "str" ? key.v : undefined;
  }

  private identifier(id: ts.Identifier, depth: number): DataValue {
    const loc = locOf(id);
    const binding = resolveBinding(id);
    if (!binding) return this.text(id);
    const declaration = binding.declaration;
    const iteration = this.iterationOf(declaration);
    if (iteration) return { k: "param", slot: iteration.slot, path: iteration.path, loc };
    switch (binding.kind) {
      case "import": {
        const d = binding.declaration;
        const module = ts.findAncestor(d, ts.isImportDeclaration)?.moduleSpecifier;
        if (!module || !ts.isStringLiteral(module)) return { k: "unknown", why: `\`${id.text}\` is imported from a module the census cannot name`, loc };
        if (ts.isNamespaceImport(d)) return { k: "ref", module: module.text, name: "*", path: [], loc };
        const name = ts.isImportSpecifier(d) ? (d.propertyName ?? d.name).text : ts.isImportClause(d) ? "default" : id.text;
        return { k: "ref", module: module.text, name, path: [], loc };
      }
      case "const": {
        const owner = patternOwner(declaration);
        if (!ts.isVariableDeclaration(owner) || !owner.initializer) break;
        const whole = this.declaration(owner, depth);
        if (owner === declaration) return whole;
        const path = destructuredPath(declaration);
        return path ? readPathOrUnknown(whole, path, loc) : { k: "unknown", why: `\`${id.text}\` is destructured in a way the census does not read`, loc };
      }
      case "function":
        return { k: "function", key: this.file.functionKey(declaration as ts.FunctionDeclaration), loc };
      case "parameter": {
        const argument = this.argument(declaration, loc, depth);
        if (argument) return argument;
        break;
      }
      case "class":
        return { k: "class", name: id.text, loc };
      default:
        break;
    }
    return this.text(id);
  }

  /**
   * A parameter of a named function (top-level, or a function declaration or const-bound function inside another):
   * what its caller passes, or its default when the caller passes nothing. A callback's parameter is no argument the
   * census can pin to a call.
   */
  private argument(declaration: ts.Node, loc: Loc, depth: number): DataValue | undefined {
    const parameter = patternOwner(declaration);
    if (!ts.isParameter(parameter) || !isFunctionLike(parameter.parent)) return undefined;
    const fn = parameter.parent;
    if (!this.file.topLevel.has(fn) && !isNamedFunction(fn)) return undefined;
    const path = destructuredPath(declaration);
    // Under a computed key or an array's rest: some part of the argument, not the whole of it.
    if (path === undefined) return { k: "unknown", why: `\`${shortText(ts.isBindingElement(declaration) ? declaration.name : parameter.name, 40)}\` is destructured in a way the census does not read`, loc };
    const ownDefault = declaration !== parameter && ts.isBindingElement(declaration) ? declaration.initializer : parameter.initializer;
    const fallback = ownDefault ? this.read(ownDefault, depth + 1) : null;
    return { k: "arg", fn: this.file.functionKey(fn), index: fn.parameters.indexOf(parameter), path, fallback, loc };
  }

  /**
   * The value a `const` binds. A composite value (an object, a list…) is declared once in `FileFacts.data` and named
   * by a `local` ref wherever it is read: facts stay as large as the source, however often a value is reused.
   */
  private declaration(declaration: ts.VariableDeclaration, depth: number): DataValue {
    const known = this.declared.get(declaration);
    if (known) return known;
    if (this.reading.has(declaration)) return { k: "unknown", why: `\`${shortText(declaration.name, 40)}\` is defined in terms of itself`, loc: locOf(declaration) };
    this.reading.add(declaration);
    try {
      const value = this.read(declaration.initializer!, depth + 1);
      const named = this.name(declaration, value);
      this.declared.set(declaration, named);
      return named;
    } finally {
      this.reading.delete(declaration);
    }
  }

  private name(declaration: ts.VariableDeclaration, value: DataValue): DataValue {
    // A value reading an element of an enclosing iteration depends on where it is read: it stays in place.
    if (!COMPOSITE.has(value.k) || this.iterationsIn([value]).length > 0) return value;
    const topLevel = ts.isIdentifier(declaration.name) && ts.isVariableStatement(declaration.parent.parent) && ts.isSourceFile(declaration.parent.parent.parent);
    const key = topLevel ? (declaration.name as ts.Identifier).text : `@${locOf(declaration).line}:${locOf(declaration).column}`;
    this.file.declare(key, value);
    return { k: "local", key, path: [], loc: locOf(declaration) };
  }

  private call(call: ts.CallExpression, depth: number): DataValue | undefined {
    const loc = locOf(call);
    const index = this.file.toolOfCall.get(call);
    if (index !== undefined) return { k: "tool", index, loc };
    const callee = peel(call.expression, false);
    // `handler.bind(this)` is the handler; a configured adapter (`textTool(fn)`) returns the function it wraps.
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === "bind") return this.read(callee.expression, depth + 1);
    const name = calledName(call);
    const wrapped = call.arguments[call.arguments.length - 1];
    if (name && this.file.adapters.has(name) && wrapped) return this.read(wrapped, depth + 1);
    if (!ts.isPropertyAccessExpression(callee)) return undefined;
    const method = callee.name.text;
    const receiver = peel(callee.expression, false);
    if (ts.isIdentifier(receiver) && receiver.text === "Object" && !resolveBinding(receiver) && call.arguments[0]) {
      if (method === "values" || method === "entries") return { k: method, source: this.read(call.arguments[0], depth + 1), loc };
      return undefined;
    }
    if (method === "filter" || method === "slice" || method === "concat") {
      const source = this.read(receiver, depth + 1);
      if (method !== "concat") return { k: "filter", source, loc };
      const items: DataItem[] = [{ spread: source }, ...call.arguments.map((a): DataItem => ({ spread: this.read(a, depth + 1) }))];
      return { k: "array", items, loc };
    }
    if (method === "map") {
      const argument = call.arguments[0] && peel(call.arguments[0], false);
      const callback = argument && mapper(argument);
      if (!callback) return undefined;
      const first = callback.parameters[0];
      const result = returnedExpression(callback);
      if (!first || !result) return { k: "unknown", why: `the callback of \`${shortText(call, 40)}\` returns nothing the census can read`, loc };
      // A function of the file given by name (`tools.map(toTool)`): its first parameter is each element of this list.
      const iteration = this.iterationOf(first) ?? (callback === argument ? undefined : this.elementOf(first, receiver));
      if (!iteration) return undefined;
      const element = this.read(result, depth + 1);
      // The function's slot is shared by every map that calls it: the list mapped is this call's own.
      const source = callback === argument ? iteration.source : this.read(receiver, depth + 1);
      return { k: "map", source, slot: iteration.slot, element, loc };
    }
    return undefined;
  }

  /** A string if the evaluator can see one; otherwise what the value is, in words. */
  private text(e: ts.Expression, depth = MAX_DEPTH): DataValue {
    const loc = locOf(e);
    const expr = this.file.evaluator.evaluate(e);
    // A part the evaluator cannot see may be an element or an argument, which the project can.
    const joined = depth < MAX_DEPTH && hasUnknownPart(expr) ? this.joined(e, expr, depth) : undefined;
    if (joined) return joined;
    if (expr.k !== "unknown") return { k: "string", expr, loc, end: endOf(e) };
    if (isLiteralNonString(e) || ts.isCallExpression(e) || ts.isNewExpression(e)) {
      return { k: "other", what: shortText(e, 40), why: expr.why, loc };
    }
    // A string the evaluator cannot see stays a string leaf: the reason travels with it.
    return { k: "string", expr, loc, end: endOf(e) };
  }

  /**
   * A template or a `+` chain with a string in it whose text depends on an iteration's element or a function's
   * argument (`` `v2_${t.name}` ``, `PREFIX + name`): its parts as data, for the project to join once it knows the
   * element or the call. Undefined when no part depends on one (the evaluator's reason then stands).
   */
  private joined(e: ts.Expression, evaluated: StrExpr, depth: number): DataValue | undefined {
    const pieces: (ts.Expression | string)[] = [];
    if (ts.isTemplateExpression(e)) {
      pieces.push(e.head.text);
      for (const span of e.templateSpans) pieces.push(span.expression, span.literal.text);
    } else if (isStringConcatenation(e) || (evaluated.k === "cat" && ts.isBinaryExpression(e) && e.operatorToken.kind === PlusToken)) {
      // A `+` chain the evaluator joined as text (a string constant among its operands, `PREFIX + t.name`).
      for (const operand of flattenPlus(e)) pieces.push(operand);
    } else {
      return undefined;
    }
    const loc = locOf(e);
    const end = endOf(e);
    const parts: DataValue[] = [];
    let bound = false;
    for (const piece of pieces) {
      if (typeof piece === "string") {
        if (piece !== "") parts.push({ k: "string", expr: { k: "str", v: piece }, loc, end });
        continue;
      }
      const part = this.read(piece, depth + 1);
      bound ||= dependsOnCaller(part);
      parts.push(part);
    }
    return bound ? { k: "concat", parts, loc, end } : undefined;
  }
}

/** Whether a string expression has a part the evaluator cannot see. */
function hasUnknownPart(expr: StrExpr): boolean {
  const pending = [expr];
  for (let e = pending.pop(); e; e = pending.pop()) {
    if (e.k === "unknown") return true;
    if (e.k === "cat") for (const part of e.parts) pending.push(part);
  }
  return false;
}

/** Whether a value is, or chooses between, an iteration's element or a function's argument. */
function dependsOnCaller(value: DataValue): boolean {
  const pending = [value];
  for (let v = pending.pop(); v; v = pending.pop()) {
    if (v.k === "param" || v.k === "arg") return true;
    if (v.k === "get") pending.push(v.base);
    else if (v.k === "choice" || v.k === "concat") pending.push(...(v.k === "choice" ? v.options : v.parts));
  }
  return false;
}

/**
 * `path` read from a value: taken apart here when the value is a literal, left to the project otherwise (`get`).
 * Null when the value is an object literal that has no such property and no spread that could give it one.
 */
export function readPath(base: DataValue, path: readonly string[], loc: Loc): DataValue | null {
  if (path.length === 0) return base;
  switch (base.k) {
    case "ref":
    case "local":
    case "param":
    case "this":
      return { ...base, path: [...base.path, ...path], loc };
    case "arg": {
      // `options.name` of `options = {}`: the default, read at the same path, is what stands when nothing is passed.
      const fallback = base.fallback && readPath(base.fallback, path, loc);
      return { ...base, path: [...base.path, ...path], fallback: fallback ?? null, loc };
    }
    case "get":
      return { ...base, path: [...base.path, ...path] };
    case "object": {
      const [key, ...rest] = path;
      // The last entry that sets the key wins; a spread after it may set it too, so then the project decides.
      for (let i = base.entries.length - 1; i >= 0; i--) {
        const entry = base.entries[i]!;
        // A spread, or a key only the project can compute, may set it.
        if (!("key" in entry)) return { k: "get", base, path: [...path], loc };
        if (entry.key === key) return readPath(entry.value, rest, loc);
      }
      return null;
    }
    case "unknown":
      return base;
    default:
      return { k: "get", base, path: [...path], loc };
  }
}

/** `path` read from a value, a missing property being an unknown that says so. */
export function readPathOrUnknown(base: DataValue, path: readonly string[], loc: Loc): DataValue {
  return readPath(base, path, loc) ?? { k: "unknown", why: `it has no property \`${path.join(".")}\``, loc };
}

/** The key of `x["key"]` / `x[0]` when it is written as a literal (awaiting a literal gives the literal). */
function literalKey(expr: ts.Expression): string | undefined {
  const e = peel(expr);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isNumericLiteral(e)) return String(Number(e.text));
  return undefined;
}

/** The path from a destructured `const`'s whole value to one of its names, when every step has a static key. */
function destructuredPath(element: ts.Node): string[] | undefined {
  const path: string[] = [];
  let node = element;
  while (ts.isBindingElement(node)) {
    const pattern = node.parent;
    if (restOfObject(node)) {
      node = pattern.parent;
      continue;
    }
    if (node.dotDotDotToken) return undefined;
    if (ts.isObjectBindingPattern(pattern)) {
      const key = node.propertyName ? propertyNameText(node.propertyName) : ts.isIdentifier(node.name) ? node.name.text : null;
      if (key === null) return undefined;
      path.unshift(key);
    } else {
      path.unshift(String(pattern.elements.indexOf(node)));
    }
    node = pattern.parent;
  }
  return path;
}

/**
 * `...rest` of an object pattern (`({ handler, ...definition }) => definition`): the object itself as far as the census
 * reads it, at the same path (the keys it leaves out are not read through it: TypeScript's type of it has none of them).
 */
function restOfObject(element: ts.BindingElement): boolean {
  return !!element.dotDotDotToken && ts.isObjectBindingPattern(element.parent) && ts.isIdentifier(element.name);
}

/** A function that is called by a name: a function declaration, or an arrow or function expression a `const` holds. */
export function isNamedFunction(fn: ts.Node): boolean {
  if (ts.isFunctionDeclaration(fn)) return fn.name !== undefined && fn.body !== undefined;
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return false;
  let node: ts.Node = fn;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent)) node = node.parent;
  const owner = node.parent;
  return ts.isVariableDeclaration(owner) && owner.initializer === node && ts.isIdentifier(owner.name) && (owner.parent.flags & ts.NodeFlags.Const) !== 0;
}

/**
 * The function a `map` calls for each element: an arrow or function expression given in place, or a function of the
 * file given by name (a function declaration, or a const holding an arrow or function expression).
 */
function mapper(argument: ts.Expression): ts.FunctionLikeDeclaration | undefined {
  if (ts.isArrowFunction(argument) || ts.isFunctionExpression(argument)) return argument;
  if (!ts.isIdentifier(argument)) return undefined;
  const binding = resolveBinding(argument);
  const declaration = binding?.declaration;
  if (!declaration) return undefined;
  if (ts.isFunctionDeclaration(declaration)) return declaration.body ? declaration : undefined;
  if (!ts.isVariableDeclaration(declaration) || binding.kind !== "const" || !declaration.initializer) return undefined;
  // Awaiting a function gives the function.
  const initializer = peel(declaration.initializer);
  return ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer) ? initializer : undefined;
}

/** The one expression a function returns: its expression body, or the only `return` of its block (none when it has several). */
export function returnedExpression(fn: ts.FunctionLikeDeclaration): ts.Expression | undefined {
  const returned = returnedExpressions(fn, 2);
  return returned.length === 1 ? returned[0] : undefined;
}

/**
 * The expressions a function returns, in source order: its expression body, or each `return` of its block however
 * deep in its statements (`if (x) return a; return b;` returns either), not those of functions or classes inside it.
 * Stops once it has found `limit`.
 */
export function returnedExpressions(fn: ts.FunctionLikeDeclaration, limit = Infinity): ts.Expression[] {
  const body = fn.body;
  if (!body) return [];
  if (!ts.isBlock(body)) return [body];
  const out: ts.Expression[] = [];
  // Children pushed last first, so nodes come off the stack in source order.
  const pending: ts.Node[] = [body];
  for (let node = pending.pop(); node && out.length < limit; node = pending.pop()) {
    if (node !== body && (isFunctionLike(node) || ts.isClassLike(node))) continue;
    if (ts.isReturnStatement(node)) {
      if (node.expression) out.push(node.expression);
      continue;
    }
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => void children.push(child));
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  }
  return out;
}

/** A number (signed or not), a boolean or null written as a literal: a value with no text, as JSON holds it. */
function isLiteralNonString(e: ts.Expression): boolean {
  if (ts.isNumericLiteral(e) || e.kind === TrueKeyword || e.kind === FalseKeyword || e.kind === NullKeyword) return true;
  return ts.isPrefixUnaryExpression(e) && (e.operator === MinusToken || e.operator === PlusToken) && ts.isNumericLiteral(e.operand);
}
