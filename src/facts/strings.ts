// The static string evaluator (SPEC §2.4): what a string expression is, symbolically, without running anything.
import { locOf, ts } from "../ts.js";
import { resolveBinding } from "./scope.js";
import { peel } from "./syntax.js";

/**
 * A string value as far as one file can see it. Serialisable (it is stored in per-file facts).
 * - `str`: known text (cooked: escapes resolved).
 * - `cat`: the concatenation of its parts, in order.
 * - `ref`: a value imported from another module, resolved later across files: `module` is the import specifier as
 *   written, `name` the export name ("default" for a default import), `path` the property chain read from it
 *   (`import * as W from "./w"; W.WORDS.error` → name "WORDS", path ["error"]).
 * - `unknown`: cannot be evaluated; `why` says what could not be seen, in words for a user
 *   ("`word` is a parameter", "`let` variable `w` may change", "call to `f()`"), at `line`/`column` (1-based).
 */
export type StrExpr =
  | { k: "str"; v: string }
  | { k: "cat"; parts: StrExpr[] }
  | { k: "ref"; module: string; name: string; path: string[]; line: number; column: number }
  | { k: "unknown"; why: string; line: number; column: number };

/** A top-level constant a module may export: a string expression, or an object of them (`as const` objects, string enums). */
export type ConstValue = { k: "string"; expr: StrExpr } | { k: "object"; members: Record<string, ConstValue> };

type Unknown = Extract<StrExpr, { k: "unknown" }>;
type Ref = Extract<StrExpr, { k: "ref" }>;

/**
 * Evaluates an expression within its own file: string and no-substitution template literals, templates (every
 * substitution evaluated), `+` (numbers that are literal are written as JavaScript would), parentheses, `as`/`as const`/
 * `satisfies`/`!`/type assertions, identifiers bound to a `const` (local or module level, followed through other
 * consts, cycles are unknown), imported bindings (→ `ref`), string enum members (`Kind.Error`, `Kind["Error"]`, local
 * or imported), and properties of `as const` objects (dot, element access with a statically known key, nested).
 * Anything else is `unknown` with a reason. Never guesses.
 *
 * The result is simplified (see `simplify`) and may be shared with other results: treat it as read-only.
 */
export function evaluateString(expr: ts.Expression): StrExpr {
  const cached = publicResults.get(expr);
  if (cached) return cached;
  return evaluation(() => {
    const cutsBefore = cuts;
    const result = simplify(toStrExpr(evaluate(expr, contextOf(expr)), expr));
    if (cuts === cutsBefore) publicResults.set(expr, result);
    return result;
  });
}

/**
 * The file's top-level `const` declarations (exported or not) and enums whose value is string-ish or an `as const`
 * object / string enum, keyed by local name. Used to evaluate imported constants from another file.
 *
 * Also recorded, so that a reader elsewhere learns why rather than "no such constant": `export default <expr>` as
 * "default"; members of `as const` objects and string enums that are not strings (as `unknown` with the reason); a
 * plain object literal (as one `unknown`: "not `as const`"). A const whose value is not string-ish at all
 * (`const server = new McpServer(...)`) is left out.
 */
export function collectConstants(sourceFile: ts.SourceFile): Record<string, ConstValue> {
  return evaluation(() => {
    const constants: Record<string, ConstValue> = {};
    for (const statement of sourceFile.statements) {
      if (ts.isVariableStatement(statement)) {
        const list = statement.declarationList;
        if (!(list.flags & ts.NodeFlags.Const)) continue;
        for (const declaration of list.declarations) {
          if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
          const value = declarationValue(declaration, declaration.name);
          const constant = topLevelConstant(value, declaration.name.text, declaration.initializer);
          if (constant) setOwn(constants, declaration.name.text, constant);
        }
      } else if (ts.isEnumDeclaration(statement)) {
        const members = enumConstant(statement);
        if (!members) continue;
        // Declaration merging: `enum K { A = "a" } enum K { B = "b" }` is one enum with both members.
        const existing = Object.hasOwn(constants, statement.name.text) ? constants[statement.name.text] : undefined;
        if (existing?.k === "object") Object.assign(existing.members, members);
        else setOwn(constants, statement.name.text, { k: "object", members });
      } else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
        const constant = topLevelConstant(evaluate(statement.expression, NO_CONTEXT), "default", statement.expression);
        if (constant) setOwn(constants, "default", constant);
      }
    }
    return constants;
  });
}

/** Simplifies: adjacent `str` parts merged, a `cat` of one part unwrapped, a fully known `cat` becomes one `str`. */
export function simplify(expr: StrExpr): StrExpr {
  if (expr.k !== "cat") return expr;
  const parts: StrExpr[] = [];
  let text: string[] = [];
  const flushText = (): void => {
    const joined = text.join("");
    if (joined !== "") parts.push({ k: "str", v: joined });
    text = [];
  };
  const visit = (part: StrExpr): void => {
    if (part.k === "cat") for (const p of part.parts) visit(p);
    else if (part.k === "str") text.push(part.v);
    else {
      flushText();
      parts.push(part);
    }
  };
  visit(expr);
  flushText();
  if (parts.length === 0) return { k: "str", v: "" };
  if (parts.length === 1) return parts[0]!;
  return { k: "cat", parts };
}

export type Resolved = { known: true; value: string } | { known: false; why: string; line: number; column: number };

/**
 * Resolves refs through `lookup` (which follows imports across files and returns the referenced ConstValue's
 * expression together with a resolver for refs inside it, or undefined when it cannot be found).
 *
 * An unknown found through a ref is reported at the ref (the place in this file that reads the import), its reason
 * prefixed with what was imported: "`WORDS.error` from "./words": call to `f()` (line 3, column 18 of "./words")".
 * A chain of refs deeper than 32 (or circular across modules) is unknown: "constant chain too deep or circular".
 */
export function resolveString(
  expr: StrExpr,
  lookup: (ref: Extract<StrExpr, { k: "ref" }>) => { expr: StrExpr; resolveWithin: (e: StrExpr) => Resolved } | { unknown: string },
): Resolved {
  const text: string[] = [];
  // Explicit stack, parts pushed in reverse: the first unknown in reading order is the one reported.
  const pending: StrExpr[] = [expr];
  while (pending.length > 0) {
    const part = pending.pop()!;
    switch (part.k) {
      case "str":
        text.push(part.v);
        break;
      case "cat":
        for (let i = part.parts.length - 1; i >= 0; i--) pending.push(part.parts[i]!);
        break;
      case "unknown":
        return { known: false, why: part.why, line: part.line, column: part.column };
      case "ref": {
        const resolved = resolveRef(part, lookup);
        if (!resolved.known) return resolved;
        text.push(resolved.value);
        break;
      }
    }
  }
  return { known: true, value: text.join("") };
}

/**
 * The expression a ref names within the constants of the module it points to (`collectConstants` of that module),
 * for a `lookup` to hand to `resolveString`. Reading a property of a constant that is itself a ref (`export const
 * W = IMPORTED;` then `W.x`) extends that ref's path, so it is followed into the next module.
 */
export function constantAt(
  constants: Record<string, ConstValue>,
  name: string,
  path: readonly string[],
): { expr: StrExpr } | { unknown: string } {
  if (!Object.hasOwn(constants, name)) return { unknown: `no constant string or \`as const\` object \`${name}\` there` };
  let current = constants[name]!;
  const seen = [name];
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    if (current.k === "string") {
      const expr = current.expr;
      if (expr.k === "ref") return { expr: { ...expr, path: [...expr.path, ...path.slice(i)] } };
      // The unknown says why the object cannot be read (not `as const`, a spread that cannot be seen, ...).
      if (expr.k === "unknown") return { expr };
      return { unknown: `\`${displayPath(seen)}\` is a string: it has no property \`${key}\`` };
    }
    if (!Object.hasOwn(current.members, key)) return { unknown: `\`${displayPath(seen)}\` has no property \`${key}\`` };
    current = current.members[key]!;
    seen.push(key);
  }
  if (current.k === "object") return { unknown: `\`${displayPath(seen)}\` is an object, not a string` };
  return { expr: current.expr };
}

/**
 * The cooked text of a string or template literal piece: what the program sees, escapes and line continuations
 * resolved (`"\u0065rror"` → "error"). The parser keeps it in `text` (the source spelling is `getText()` / `rawText`).
 */
export function cookedText(
  node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateHead | ts.TemplateMiddle | ts.TemplateTail,
): string {
  return node.text;
}

// ---------------------------------------------------------------------------------------------------------------
// Evaluation within one file.

/** What an expression is, as far as the evaluator needs to know: strings, the literals `+` may stringify, and the
 * containers a property can be read from. */
type Value =
  | { t: "string"; e: StrExpr }
  | { t: "number"; n: number }
  | { t: "boolean"; b: boolean }
  | { t: "object"; literal: ts.ObjectLiteralExpression; asConst: boolean }
  | { t: "enum"; declaration: ts.EnumDeclaration }
  | { t: "namespace"; module: string }
  | { t: "unknown"; e: Unknown };

/** Where an expression sits, as far as its meaning depends on it. A function of the node's position in the tree, so
 * results cached per node stay valid. */
interface Context {
  /** Inside an enum member's initializer, names of that enum's members refer to the members (TypeScript rule). */
  readonly enumDeclaration: ts.EnumDeclaration | undefined;
  /** Under `as const`: object literals here are read-only, so their properties can be read statically. */
  readonly asConst: boolean;
}

const NO_CONTEXT: Context = { enumDeclaration: undefined, asConst: false };
const AS_CONST: Context = { enumDeclaration: undefined, asConst: true };

/** A member of an object literal as the evaluator sees it: a value to evaluate, or something that is not one. */
type Member =
  | { kind: "value"; node: ts.PropertyAssignment | ts.ShorthandPropertyAssignment; initializer: ts.Expression }
  | { kind: "function"; node: ts.Node };
type Members = Map<string, Member> | Unknown;

// Values of declarations (const, destructured element, enum member, object member) and member tables of object
// literals are computed once per node. A value computed while a cycle or the depth limit was cut short depends on
// where the evaluation started (only the reason's wording and place, never known-ness: a cut always yields unknown),
// so it is kept only until the outermost evaluation ends, to stay a pure function of the file.
class Memo<T> {
  readonly settled = new WeakMap<ts.Node, T>();
  unsettled = new Map<ts.Node, T>();
}
const values = new Memo<Value>();
const memberTables = new Memo<Members>();
const publicResults = new WeakMap<ts.Node, StrExpr>();
const inProgress = new Set<ts.Node>();
let cuts = 0;
let activeEvaluations = 0;
// Consts nested ~700 deep overflow the stack when evaluated cold; 200 leaves room for the caller's own frames.
// A deeper chain is unknown when evaluated cold but known once its links are cached (collectConstants walks in order).
const MAX_LOCAL_DEPTH = 200;

function evaluation<T>(run: () => T): T {
  activeEvaluations++;
  try {
    return run();
  } finally {
    if (--activeEvaluations === 0) {
      values.unsettled = new Map();
      memberTables.unsettled = new Map();
    }
  }
}

function memoised<T>(memo: Memo<T>, key: ts.Node, compute: () => T, onCut: (why: string) => T): T {
  const known = memo.settled.get(key) ?? memo.unsettled.get(key);
  if (known !== undefined) return known;
  if (inProgress.has(key)) {
    cuts++;
    return onCut("circular");
  }
  if (inProgress.size >= MAX_LOCAL_DEPTH) {
    cuts++;
    return onCut("too deep");
  }
  const cutsBefore = cuts;
  inProgress.add(key);
  let result: T;
  try {
    result = compute();
  } finally {
    inProgress.delete(key);
  }
  if (cuts === cutsBefore) memo.settled.set(key, result);
  else memo.unsettled.set(key, result);
  return result;
}

function evaluate(node: ts.Expression, context: Context): Value {
  switch (node.kind) {
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      return known(cookedText(node as ts.StringLiteral));
    case ts.SyntaxKind.TemplateExpression:
      return template(node as ts.TemplateExpression, context);
    case ts.SyntaxKind.NumericLiteral:
      return { t: "number", n: Number((node as ts.NumericLiteral).text) };
    case ts.SyntaxKind.PrefixUnaryExpression: {
      const unary = node as ts.PrefixUnaryExpression;
      if (unary.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(unary.operand)) {
        return { t: "number", n: -Number(unary.operand.text) };
      }
      return unknownAt(describe(node), node);
    }
    case ts.SyntaxKind.TrueKeyword:
      return { t: "boolean", b: true };
    case ts.SyntaxKind.FalseKeyword:
      return { t: "boolean", b: false };
    case ts.SyntaxKind.ParenthesizedExpression:
    case ts.SyntaxKind.NonNullExpression:
    case ts.SyntaxKind.SatisfiesExpression:
      return evaluate((node as ts.ParenthesizedExpression).expression, context);
    case ts.SyntaxKind.AsExpression:
    case ts.SyntaxKind.TypeAssertionExpression: {
      const assertion = node as ts.AsExpression | ts.TypeAssertion;
      const asConst = ts.isConstTypeReference(assertion.type);
      return evaluate(assertion.expression, asConst ? { ...context, asConst: true } : context);
    }
    case ts.SyntaxKind.BinaryExpression:
      if ((node as ts.BinaryExpression).operatorToken.kind === ts.SyntaxKind.PlusToken) {
        return concatenation(node as ts.BinaryExpression, context);
      }
      return unknownAt(describe(node), node);
    case ts.SyntaxKind.Identifier:
      return identifier(node as ts.Identifier, context);
    case ts.SyntaxKind.PropertyAccessExpression: {
      const access = node as ts.PropertyAccessExpression;
      if (!ts.isIdentifier(access.name)) return unknownAt(`private field \`${excerpt(access)}\``, access.name);
      const name = access.name.text;
      return propertyRead(access, () => name, context);
    }
    case ts.SyntaxKind.ElementAccessExpression: {
      const access = node as ts.ElementAccessExpression;
      return propertyRead(access, () => staticKey(access.argumentExpression, context), context);
    }
    case ts.SyntaxKind.ObjectLiteralExpression:
      return { t: "object", literal: node as ts.ObjectLiteralExpression, asConst: context.asConst };
    case ts.SyntaxKind.CallExpression:
      return arrayJoin(node as ts.CallExpression, context) ?? unknownAt(describe(node), node);
    default:
      return unknownAt(describe(node), node);
  }
}

/**
 * `[a, b, c].join(sep)`: a description written as a list of sentences. The array is a literal, or a `const` bound
 * to one; its elements are evaluated like concatenation parts. Anything else is not a join this evaluator reads.
 */
function arrayJoin(call: ts.CallExpression, context: Context): Value | undefined {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.name) || callee.name.text !== "join") return undefined;
  if (call.arguments.length > 1) return undefined;
  let array: ts.Expression = peel(callee.expression, false);
  if (ts.isIdentifier(array)) {
    const binding = resolveBinding(array);
    const declaration = binding?.declaration;
    if (binding?.kind === "const" && declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
      // Like an object, an array bound to a name is fixed only `as const`: otherwise `push` may change it.
      const init = declaration.initializer;
      const asConst = (ts.isAsExpression(init) || ts.isTypeAssertionExpression(init)) && ts.isConstTypeReference(init.type);
      if (!asConst) return unknownAt(`\`${array.text}\` is not \`as const\`: its elements may change`, array);
      array = peel(init, false);
    }
  }
  if (!ts.isArrayLiteralExpression(array)) return undefined;
  const inner = partContext(context);
  const separatorNode = call.arguments[0];
  let separator: StrExpr = { k: "str", v: "," };
  if (separatorNode) {
    const value = evaluate(separatorNode, inner);
    if (value.t !== "string") return unknownAt(`the separator of \`${excerpt(call)}\` is not a string`, separatorNode);
    separator = value.e;
  }
  const parts: StrExpr[] = [];
  for (const [i, element] of array.elements.entries()) {
    if (ts.isSpreadElement(element) || ts.isOmittedExpression(element)) {
      return unknownAt(`\`${excerpt(array)}\` has a spread or a hole: its elements cannot be listed`, element);
    }
    if (i > 0) parts.push(separator);
    parts.push(asConcatenationPart(evaluate(element, inner), element));
  }
  return { t: "string", e: { k: "cat", parts } };
}


/** The context for a part that is not the value itself (an operand, a key, a substitution): no longer `as const`. */
function partContext(context: Context): Context {
  return context.asConst ? { enumDeclaration: context.enumDeclaration, asConst: false } : context;
}

function template(node: ts.TemplateExpression, context: Context): Value {
  const inner = partContext(context);
  const parts: StrExpr[] = [{ k: "str", v: cookedText(node.head) }];
  for (const span of node.templateSpans) {
    parts.push(asConcatenationPart(evaluate(span.expression, inner), span.expression));
    parts.push({ k: "str", v: cookedText(span.literal) });
  }
  return { t: "string", e: { k: "cat", parts } };
}

/**
 * `a + b + c`: JavaScript adds left to right, and concatenates only once one side is a string (`1 + 2 + "x"` is
 * "3x"). The left spine is walked without recursion: long `+` chains are common in descriptions.
 */
function concatenation(node: ts.BinaryExpression, context: Context): Value {
  const inner = partContext(context);
  const operands: ts.Expression[] = [];
  const sums: ts.Expression[] = [];
  let left: ts.Expression = node;
  while (ts.isBinaryExpression(left) && left.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    operands.push(left.right);
    sums.push(left);
    left = left.left;
  }
  operands.push(left);
  operands.reverse();
  sums.reverse();

  let sum = evaluate(operands[0]!, inner);
  let sumNode: ts.Expression = operands[0]!;
  let parts: StrExpr[] | undefined = sum.t === "string" ? [sum.e] : undefined;
  for (let i = 1; i < operands.length; i++) {
    const operand = evaluate(operands[i]!, inner);
    if (parts) parts.push(asConcatenationPart(operand, operands[i]!));
    else if (operand.t === "string") parts = [asConcatenationPart(sum, sumNode), operand.e];
    else sum = nonStringSum(sum, operand, sums[i - 1]!);
    sumNode = sums[i - 1]!;
  }
  return parts ? { t: "string", e: { k: "cat", parts } } : sum;
}

function nonStringSum(a: Value, b: Value, node: ts.Expression): Value {
  if (a.t === "number" && b.t === "number") return { t: "number", n: a.n + b.n };
  // Whether an unknown side is a string decides between addition and concatenation: the sum is unknown, for its reason.
  if (a.t === "unknown") return a;
  if (b.t === "unknown") return b;
  return unknownAt(`\`${excerpt(node)}\` is not a string concatenation`, node);
}

/** A value as one part of a concatenation or template: numbers and booleans are written as JavaScript writes them. */
function asConcatenationPart(value: Value, node: ts.Expression): StrExpr {
  switch (value.t) {
    case "string":
    case "unknown":
      return value.e;
    case "number":
      return { k: "str", v: String(value.n) };
    case "boolean":
      return { k: "str", v: String(value.b) };
    default:
      return notAString(value, node);
  }
}

function toStrExpr(value: Value, node: ts.Node): StrExpr {
  switch (value.t) {
    case "string":
    case "unknown":
      return value.e;
    case "number":
      return unknownExpr(`\`${excerpt(node)}\` is a number, not a string`, node);
    case "boolean":
      return unknownExpr(`\`${excerpt(node)}\` is a boolean, not a string`, node);
    default:
      return notAString(value, node);
  }
}

function notAString(value: Extract<Value, { t: "object" | "enum" | "namespace" }>, node: ts.Node): Unknown {
  const what = value.t === "object" ? "an object" : value.t === "enum" ? "an enum" : "a namespace import";
  return unknownExpr(`\`${excerpt(node)}\` is ${what}, not a string`, node);
}

function identifier(id: ts.Identifier, context: Context): Value {
  const name = id.text;
  if (context.enumDeclaration) {
    const sibling = enumMembers(context.enumDeclaration).get(name);
    if (sibling) return enumMemberRead(sibling, id);
  }
  const binding = resolveBinding(id);
  if (!binding) {
    if (name === "undefined") return unknownAt("`undefined` is not a string", id);
    return unknownAt(`\`${name}\` is not declared in this file`, id);
  }
  const declaration = binding.declaration;
  const loop = loopVariable(declaration);
  if (loop) return unknownAt(`\`${name}\` is a ${loop} loop variable`, id);
  switch (binding.kind) {
    case "const":
      if (ts.isVariableDeclaration(declaration)) {
        if (!declaration.initializer) return unknownAt(`\`${name}\` is declared without a value`, id);
        return declarationValue(declaration, id);
      }
      if (ts.isBindingElement(declaration)) return destructuredValue(declaration, id);
      return unknownAt(`\`${name}\` cannot be evaluated statically`, id);
    case "let":
    case "var":
      return unknownAt(`\`${name}\` is declared with ${binding.kind} and may change`, id);
    case "using":
      return unknownAt(`\`${name}\` is a \`using\` resource`, id);
    case "parameter":
      return unknownAt(`\`${name}\` is a parameter`, id);
    case "catch":
      return unknownAt(`\`${name}\` is a catch clause variable`, id);
    case "function":
      return unknownAt(`\`${name}\` is a function, not a string`, id);
    case "class":
      return unknownAt(`\`${name}\` is a class, not a string`, id);
    case "enum":
      return ts.isEnumDeclaration(declaration)
        ? { t: "enum", declaration }
        : unknownAt(`\`${name}\` cannot be evaluated statically`, id);
    case "import":
      return imported(declaration, id);
  }
}

function loopVariable(declaration: ts.Node): string | undefined {
  let node = declaration;
  while (ts.isBindingElement(node) || ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node)) node = node.parent;
  if (!ts.isVariableDeclaration(node)) return undefined;
  const statement = node.parent.parent;
  if (ts.isForOfStatement(statement) && statement.initializer === node.parent) return "for...of";
  if (ts.isForInStatement(statement) && statement.initializer === node.parent) return "for...in";
  return undefined;
}

function declarationValue(declaration: ts.VariableDeclaration, reference: ts.Identifier): Value {
  return memoised(
    values,
    declaration,
    () => settle(evaluate(declaration.initializer!, NO_CONTEXT)),
    (cut) => cutValue(declaration.name, cut, reference),
  );
}

/** `const { a, b: { c } } = SOURCE`: the property read from the (as const) source, or its default. */
function destructuredValue(element: ts.BindingElement, reference: ts.Identifier): Value {
  return memoised(
    values,
    element,
    () => {
      if (element.dotDotDotToken) return unknownAt(`\`${excerpt(element.name)}\` is a rest element`, element);
      const pattern = element.parent;
      if (ts.isArrayBindingPattern(pattern)) {
        return unknownAt(`\`${excerpt(element.name)}\` is destructured from an array`, element);
      }
      const key = element.propertyName
        ? propertyKey(element.propertyName)
        : ts.isIdentifier(element.name)
          ? element.name.text
          : unknownExpr(`\`${excerpt(element.name)}\` has no static key`, element);
      if (typeof key !== "string") return { t: "unknown", e: key };
      const source = patternSource(pattern, reference);
      if (source.value.t === "unknown") return source.value;
      const value = readProperty(source.value, key, source.node, element);
      if (value !== MISSING) return settle(value);
      if (element.initializer) return settle(evaluate(element.initializer, NO_CONTEXT));
      return unknownAt(`\`${excerpt(source.node)}\` has no property \`${key}\``, element);
    },
    (cut) => cutValue(element.name, cut, reference),
  );
}

/** What an object pattern destructures, and the node that names it in messages. */
function patternSource(pattern: ts.ObjectBindingPattern, reference: ts.Identifier): { value: Value; node: ts.Node } {
  const owner = pattern.parent;
  if (ts.isVariableDeclaration(owner)) {
    if (!owner.initializer) return { value: unknownAt("destructured without a value", owner), node: owner };
    return { value: declarationValue(owner, reference), node: owner.initializer };
  }
  if (ts.isBindingElement(owner)) {
    return { value: destructuredValue(owner, reference), node: owner.propertyName ?? owner.name };
  }
  return { value: unknownAt("destructured from a parameter", owner), node: owner };
}

function imported(declaration: ts.Node, reference: ts.Identifier): Value {
  const name = reference.text;
  if (ts.isImportEqualsDeclaration(declaration)) {
    return unknownAt(`\`${name}\` is imported with \`import ${name} = ...\`, which is not followed`, reference);
  }
  const importDeclaration = ts.findAncestor(declaration, ts.isImportDeclaration);
  if (!importDeclaration || !ts.isStringLiteral(importDeclaration.moduleSpecifier)) {
    return unknownAt(`\`${name}\` is imported from a module that cannot be read`, reference);
  }
  const module = importDeclaration.moduleSpecifier.text;
  if (ts.isNamespaceImport(declaration)) return { t: "namespace", module };
  const exportName = ts.isImportSpecifier(declaration)
    ? (declaration.propertyName ?? declaration.name).text
    : "default";
  return { t: "string", e: refAt(module, exportName, [], reference) };
}

/** `base.key` / `base[key]`: the base is evaluated first, so a base that cannot be seen is what the reason names. */
function propertyRead(
  access: ts.PropertyAccessExpression | ts.ElementAccessExpression,
  keyOf: () => string | Unknown,
  context: Context,
): Value {
  const baseNode = access.expression;
  const base = evaluate(baseNode, partContext(context));
  if (base.t === "unknown") return base;
  const key = keyOf();
  if (typeof key !== "string") return { t: "unknown", e: key };
  const value = readProperty(base, key, baseNode, access);
  if (value === MISSING) return unknownAt(`\`${excerpt(baseNode)}\` has no property \`${key}\``, access);
  return value;
}

const MISSING = Symbol("missing property");

/**
 * Reads `key` from a container value. `baseNode` is the container's expression (messages about it quote it, lazily:
 * reads that succeed cost no text), `at` is where the read happens (and where a ref made by it is placed). MISSING
 * when an `as const` object has no such property.
 */
function readProperty(base: Value, key: string, baseNode: ts.Node, at: ts.Node): Value | typeof MISSING {
  const baseText = (): string => excerpt(baseNode);
  switch (base.t) {
    case "unknown":
      return base;
    case "namespace":
      return { t: "string", e: refAt(base.module, key, [], at) };
    case "string":
      if (base.e.k === "ref") return { t: "string", e: { ...base.e, path: [...base.e.path, key] } };
      return unknownAt(`\`${baseText()}\` is a string: its property \`${key}\` is not evaluated`, at);
    case "number":
    case "boolean":
      return unknownAt(`\`${baseText()}\` is a ${base.t}: its property \`${key}\` is not evaluated`, at);
    case "enum": {
      const member = enumMembers(base.declaration).get(key);
      if (!member) return unknownAt(`enum \`${baseText()}\` has no member \`${key}\``, at);
      return enumMemberRead(member, at);
    }
    case "object": {
      if (!base.asConst) return unknownAt(`\`${baseText()}\` is not \`as const\`: its properties may change`, baseNode);
      const members = membersOf(base.literal);
      if (!(members instanceof Map)) return { t: "unknown", e: members };
      const member = members.get(key);
      if (!member) return MISSING;
      if (member.kind === "function") return unknownAt(`\`${baseText()}.${key}\` is a method or accessor, not a value`, at);
      return memberValue(member, at);
    }
  }
}

function memberValue(member: Extract<Member, { kind: "value" }>, reference: ts.Node): Value {
  return memoised(
    values,
    member.node,
    // Members are only read from `as const` objects, and `as const` reaches nested literals.
    () => settle(evaluate(member.initializer, AS_CONST)),
    (cut) => cutValue(member.node.name, cut, reference),
  );
}

/** The properties of an object literal, later ones overriding earlier ones (spreads of `as const` objects included).
 * An unknown spread or computed key makes the whole object unknown: any property might come from it. */
function membersOf(literal: ts.ObjectLiteralExpression): Members {
  return memoised(
    memberTables,
    literal,
    () => {
      const members = new Map<string, Member>();
      for (const property of literal.properties) {
        if (ts.isSpreadAssignment(property)) {
          const spread = evaluate(property.expression, NO_CONTEXT);
          if (spread.t === "object" && spread.asConst) {
            const spreadMembers = membersOf(spread.literal);
            if (!(spreadMembers instanceof Map)) return spreadMembers;
            for (const [key, member] of spreadMembers) members.set(key, member);
            continue;
          }
          const text = excerpt(property.expression);
          const why =
            spread.t === "unknown"
              ? `spreads \`...${text}\`, which cannot be seen: ${spread.e.why}`
              : spread.t === "object"
                ? `spreads \`...${text}\`, which is not \`as const\``
                : spread.t === "string" && spread.e.k === "ref"
                  ? `spreads \`...${text}\`, imported: its properties cannot be listed in this file`
                  : `spreads \`...${text}\`, which is not an \`as const\` object`;
          return unknownExpr(why, property);
        }
        if (ts.isPropertyAssignment(property) && !ts.isComputedPropertyName(property.name) && property.name.text === "__proto__") {
          // `__proto__: x` sets the prototype: properties not listed here may still be read through it.
          return unknownExpr("the object sets its prototype with `__proto__`", property);
        }
        const key = propertyKey(property.name!);
        if (typeof key !== "string") return unknownExpr(`computed key \`${excerpt(property.name!)}\`: ${key.why}`, property);
        if (ts.isPropertyAssignment(property)) {
          members.set(key, { kind: "value", node: property, initializer: property.initializer });
        } else if (ts.isShorthandPropertyAssignment(property)) {
          members.set(key, { kind: "value", node: property, initializer: property.name });
        } else {
          members.set(key, { kind: "function", node: property });
        }
      }
      return members;
    },
    () => unknownExpr("the object spreads itself", literal),
  );
}

/** A property name as the key it defines: identifiers and literals as written (numbers normalised), computed names
 * when they evaluate to a known string. */
function propertyKey(name: ts.PropertyName): string | Unknown {
  if (ts.isComputedPropertyName(name)) return staticKey(name.expression, NO_CONTEXT);
  if (ts.isNumericLiteral(name)) return String(Number(name.text));
  if (ts.isBigIntLiteral(name)) return name.text.slice(0, -1);
  return name.text;
}

/** The key of `obj[key]`: it must be known in this file (a ref cannot be a key: facts of one file know no others). */
function staticKey(node: ts.Expression, context: Context): string | Unknown {
  const value = evaluate(node, partContext(context));
  if (value.t === "number") return String(value.n);
  if (value.t === "unknown") return value.e;
  if (value.t !== "string") return unknownExpr(`the key \`${excerpt(node)}\` is not a string`, node);
  const text = simplify(value.e);
  if (text.k === "str") return text.v;
  const unknown = firstUnknown(text);
  if (unknown) return unknown;
  return unknownExpr(`the key \`${excerpt(node)}\` is imported: a key must be known in this file`, node);
}

function enumMembers(declaration: ts.EnumDeclaration): Map<string, ts.EnumMember> {
  let members = enumMemberTables.get(declaration);
  if (!members) {
    members = new Map();
    for (const member of declaration.members) {
      if (ts.isComputedPropertyName(member.name) || ts.isPrivateIdentifier(member.name)) continue;
      members.set(member.name.text, member);
    }
    enumMemberTables.set(declaration, members);
  }
  return members;
}
const enumMemberTables = new WeakMap<ts.EnumDeclaration, Map<string, ts.EnumMember>>();

function enumMemberValue(member: ts.EnumMember, reference: ts.Node): Value {
  return memoised(
    values,
    member,
    () =>
      member.initializer
        ? settle(evaluate(member.initializer, { enumDeclaration: member.parent, asConst: false }))
        : { t: "number", n: Number.NaN },
    (cut) => cutValue(member.name, cut, reference),
  );
}

/** A string enum member's value; a numeric one is unknown (SPEC: string enum members only). */
function enumMemberRead(member: ts.EnumMember, at: ts.Node): Value {
  const value = enumMemberValue(member, at);
  if (value.t === "string" || value.t === "unknown") return value;
  return unknownAt(`\`${member.parent.name.text}.${member.name.getText()}\` is a numeric enum member`, at);
}

function settle(value: Value): Value {
  return value.t === "string" ? { t: "string", e: simplify(value.e) } : value;
}

function cutValue(name: ts.Node, cut: string, reference: ts.Node): Value {
  const why =
    cut === "circular"
      ? `\`${excerpt(name)}\` is defined in terms of itself`
      : "constant chain too deep or circular";
  return unknownAt(why, reference);
}

/** The context of an expression a caller hands in: whether it sits inside an enum initializer or under `as const`. */
function contextOf(expr: ts.Expression): Context {
  let enumDeclaration: ts.EnumDeclaration | undefined;
  for (let child: ts.Node = expr, parent = expr.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isEnumMember(parent)) {
      if (parent.initializer === child) enumDeclaration = parent.parent;
      break;
    }
    if (!ts.isExpression(parent) && !ts.isTemplateSpan(parent) && !ts.isPropertyAssignment(parent)) break;
  }
  let asConst = false;
  for (let parent = expr.parent; parent; parent = parent.parent) {
    if ((ts.isAsExpression(parent) || ts.isTypeAssertionExpression(parent)) && ts.isConstTypeReference(parent.type)) {
      asConst = true;
      break;
    }
    const passes =
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isTypeAssertionExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      ts.isNonNullExpression(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isObjectLiteralExpression(parent);
    if (!passes) break;
  }
  return asConst || enumDeclaration ? { enumDeclaration, asConst } : NO_CONTEXT;
}

// ---------------------------------------------------------------------------------------------------------------
// Constants a module offers to others.

function topLevelConstant(value: Value, name: string, node: ts.Expression): ConstValue | undefined {
  switch (value.t) {
    case "string":
      return { k: "string", expr: simplify(value.e) };
    case "object":
      if (!value.asConst) {
        return { k: "string", expr: unknownExpr(`\`${name}\` is not \`as const\`: its properties may change`, node) };
      }
      return objectConstant(value.literal, name, new Set());
    case "enum": {
      const members = enumConstant(value.declaration);
      return members ? { k: "object", members } : undefined;
    }
    default:
      return undefined;
  }
}

function objectConstant(literal: ts.ObjectLiteralExpression, name: string, open: Set<ts.Node>): ConstValue {
  const members = membersOf(literal);
  if (!(members instanceof Map)) return { k: "string", expr: members };
  open.add(literal);
  const record: Record<string, ConstValue> = {};
  for (const [key, member] of members) {
    const memberName = `${name}.${key}`;
    if (member.kind === "function") {
      const why = `\`${memberName}\` is a method or accessor, not a value`;
      setOwn(record, key, { k: "string", expr: unknownExpr(why, member.node) });
      continue;
    }
    const value = memberValue(member, member.node);
    if (value.t === "object" && value.asConst) {
      const nested = open.has(value.literal)
        ? { k: "string" as const, expr: unknownExpr(`\`${memberName}\` contains itself`, member.node) }
        : objectConstant(value.literal, memberName, open);
      setOwn(record, key, nested);
    } else if (value.t === "object") {
      setOwn(record, key, {
        k: "string",
        expr: unknownExpr(`\`${memberName}\` is not \`as const\`: its properties may change`, member.initializer),
      });
    } else if (value.t === "enum") {
      const enumMembersRecord = enumConstant(value.declaration);
      setOwn(record, key, enumMembersRecord ? { k: "object", members: enumMembersRecord } : nonString(memberName, member.node));
    } else {
      setOwn(record, key, { k: "string", expr: simplify(toStrExpr(value, member.initializer)) });
    }
  }
  open.delete(literal);
  return { k: "object", members: record };
}

function nonString(name: string, node: ts.Node): ConstValue {
  return { k: "string", expr: unknownExpr(`\`${name}\` is not a string`, node) };
}

/** The members of an enum with at least one string member; its numeric members are recorded as unknown. */
function enumConstant(declaration: ts.EnumDeclaration): Record<string, ConstValue> | undefined {
  const record: Record<string, ConstValue> = {};
  let anyString = false;
  for (const [key, member] of enumMembers(declaration)) {
    const value = enumMemberRead(member, member);
    if (value.t === "string") anyString = true;
    setOwn(record, key, { k: "string", expr: simplify(toStrExpr(value, member)) });
  }
  return anyString ? record : undefined;
}

/** Keys come from user code: `__proto__` must become an own property, not the record's prototype. */
function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__") Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

// ---------------------------------------------------------------------------------------------------------------
// Resolution across modules.

const MAX_REF_DEPTH = 32;
const CHAIN_TOO_DEEP = "constant chain too deep or circular";
/** Nesting of ref resolutions, across the resolvers that `lookup` hands back (they call `resolveString` again). */
let refDepth = 0;
/** Unknowns made by wrapping an inner one: they already say where, in which module. */
const wrapped = new WeakSet<object>();
/** Unknowns that stand for a cut chain: passed up unprefixed, so a cycle is not reported 32 times over. */
const chainCuts = new WeakSet<object>();

function resolveRef(ref: Ref, lookup: Parameters<typeof resolveString>[1]): Resolved {
  const what = `\`${displayPath([ref.name, ...ref.path])}\` from "${ref.module}"`;
  if (refDepth >= MAX_REF_DEPTH) return mark(chainCuts, { known: false, why: CHAIN_TOO_DEEP, line: ref.line, column: ref.column });
  refDepth++;
  let inner: Resolved;
  try {
    const found = lookup(ref);
    if ("unknown" in found) {
      return mark(wrapped, { known: false, why: `${what}: ${found.unknown}`, line: ref.line, column: ref.column });
    }
    inner = found.resolveWithin(found.expr);
  } finally {
    refDepth--;
  }
  if (inner.known) return inner;
  if (chainCuts.has(inner)) {
    if (refDepth > 0) return mark(chainCuts, { known: false, why: inner.why, line: ref.line, column: ref.column });
    return { known: false, why: `${what}: ${inner.why}`, line: ref.line, column: ref.column };
  }
  const where = wrapped.has(inner) ? "" : ` (line ${inner.line}, column ${inner.column} of "${ref.module}")`;
  return mark(wrapped, { known: false, why: `${what}: ${inner.why}${where}`, line: ref.line, column: ref.column });
}

function mark<T extends object>(set: WeakSet<object>, value: T): T {
  set.add(value);
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers.

function known(text: string): Value {
  return { t: "string", e: { k: "str", v: text } };
}

function refAt(module: string, name: string, path: string[], node: ts.Node): Ref {
  const { line, column } = locOf(node);
  return { k: "ref", module, name, path, line, column };
}

function unknownExpr(why: string, node: ts.Node): Unknown {
  const { line, column } = locOf(node);
  return { k: "unknown", why, line, column };
}

function unknownAt(why: string, node: ts.Node): Value {
  return { t: "unknown", e: unknownExpr(why, node) };
}

function firstUnknown(expr: StrExpr): Unknown | undefined {
  if (expr.k === "unknown") return expr;
  if (expr.k !== "cat") return undefined;
  for (const part of expr.parts) {
    const found = firstUnknown(part);
    if (found) return found;
  }
  return undefined;
}

/** Why an expression the evaluator does not follow has no static value, in the user's terms. */
function describe(node: ts.Expression): string {
  if (ts.isCallExpression(node)) return `call to \`${excerpt(node.expression)}()\``;
  if (ts.isNewExpression(node)) return `\`new ${excerpt(node.expression)}(...)\` is built at run time`;
  if (ts.isTaggedTemplateExpression(node)) return `tagged template: call to \`${excerpt(node.tag)}\``;
  if (ts.isConditionalExpression(node)) return `conditional expression \`${excerpt(node)}\`: the value depends on the condition`;
  if (ts.isAwaitExpression(node)) return `\`${excerpt(node)}\` is only known at run time`;
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (
      operator === ts.SyntaxKind.QuestionQuestionToken ||
      operator === ts.SyntaxKind.BarBarToken ||
      operator === ts.SyntaxKind.AmpersandAmpersandToken
    ) {
      return `\`${ts.tokenToString(operator)}\` expression \`${excerpt(node)}\`: the value depends on its operands at run time`;
    }
    return `\`${excerpt(node)}\` is not a string expression`;
  }
  if (node.kind === ts.SyntaxKind.ThisKeyword) return "`this` depends on the object at run time";
  if (node.kind === ts.SyntaxKind.NullKeyword) return "`null` is not a string";
  if (ts.isArrayLiteralExpression(node)) return `\`${excerpt(node)}\` is an array, not a string`;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return "a function, not a string";
  return `\`${excerpt(node)}\` cannot be evaluated statically`;
}

const EXCERPT_LENGTH = 40;

/** The source text of a node for a message: its first line, shortened. */
function excerpt(node: ts.Node): string {
  const text = node.getText();
  const newline = text.indexOf("\n");
  const end = Math.min(newline === -1 ? text.length : newline, EXCERPT_LENGTH);
  return end < text.length ? `${text.slice(0, end).trimEnd()}…` : text;
}

function displayPath(path: readonly string[]): string {
  let text = path[0] ?? "";
  for (const key of path.slice(1)) text += isIdentifierName(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  return text;
}

function isIdentifierName(text: string): boolean {
  if (text === "") return false;
  let first = true;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const ok = first
      ? ts.isIdentifierStart(code, ts.ScriptTarget.Latest)
      : ts.isIdentifierPart(code, ts.ScriptTarget.Latest);
    if (!ok) return false;
    first = false;
  }
  return true;
}
