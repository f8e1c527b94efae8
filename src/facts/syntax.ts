// Small syntax-tree predicates the fact extractors share: peeling wrappers, naming functions, short source text.
import { ts } from "../ts.js";
import { declarationListKind, resolveBinding } from "./scope.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const {
  AsExpression,
  AwaitExpression,
  CommaToken,
  EqualsToken,
  NonNullExpression,
  NullKeyword,
  ParenthesizedExpression,
  PlusToken,
  SatisfiesExpression,
  TypeAssertionExpression,
} = ts.SyntaxKind;

/** Peels parentheses, `as`, `satisfies`, `!`, `<T>x` and (when `awaits`) `await` off an expression. */
export function peel(expr: ts.Expression, awaits = true): ts.Expression {
  for (;;) {
    switch (expr.kind) {
      case ParenthesizedExpression:
      case AsExpression:
      case SatisfiesExpression:
      case NonNullExpression:
      case TypeAssertionExpression:
        expr = (expr as ts.ParenthesizedExpression).expression;
        break;
      case AwaitExpression:
        if (!awaits) return expr;
        expr = (expr as ts.AwaitExpression).expression;
        break;
      default:
        return expr;
    }
  }
}

/** True for `null`, the global `undefined` and `void <anything>`: values no non-null guard lets through. */
export function isNullish(expr: ts.Expression): boolean {
  const e = peel(expr);
  if (e.kind === NullKeyword) return true;
  if (ts.isIdentifier(e) && e.text === "undefined" && resolveBinding(e) === undefined) return true;
  return ts.isVoidExpression(e);
}

export function isStringLike(expr: ts.Node): expr is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression {
  return ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr) || ts.isTemplateExpression(expr);
}

/** A string written in place: a string or template literal, or a `String.raw` template (its text as written). */
export function isStringText(expr: ts.Node): boolean {
  return isStringLike(expr) || (ts.isTaggedTemplateExpression(expr) && isStringRaw(expr.tag));
}

/** `String.raw` of the global `String`, not a local that shadows it. */
export function isStringRaw(tag: ts.Expression): boolean {
  // Awaiting a function gives the function.
  const t = peel(tag);
  return ts.isPropertyAccessExpression(t) && t.name.text === "raw" && ts.isIdentifier(t.expression) && t.expression.text === "String" && !resolveBinding(t.expression);
}

export type TemplatePiece = ts.NoSubstitutionTemplateLiteral | ts.TemplateHead | ts.TemplateMiddle | ts.TemplateTail;

/** A template piece as written between its delimiters: what String.raw gives (line breaks normalised to \n, as JavaScript does). */
export function rawTextOf(piece: TemplatePiece): string {
  return (piece.rawText ?? piece.text).replace(/\r\n?/g, "\n");
}

/** The operands of a `+` chain, left to right, parentheses and casts peeled; without recursion, however long the chain. */
export function flattenPlus(expr: ts.Expression): ts.Expression[] {
  const operands: ts.Expression[] = [];
  const pending: ts.Expression[] = [expr];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const e = peel(next, false);
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === PlusToken) pending.push(e.right, e.left);
    else operands.push(e);
  }
  return operands;
}

/** A `+` chain with at least one string or template literal among its operands. */
export function isStringConcatenation(expr: ts.Expression): boolean {
  const e = peel(expr, false);
  if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== PlusToken) return false;
  return flattenPlus(e).some(isStringText);
}

/** The name a function is known by: its own, the variable or property it is assigned to, or null. */
export function functionName(fn: ts.Node): string | null {
  if ((ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn)) && fn.name) return fn.name.text;
  if (ts.isMethodDeclaration(fn) || ts.isGetAccessorDeclaration(fn) || ts.isSetAccessorDeclaration(fn)) {
    return propertyNameText(fn.name);
  }
  if (ts.isConstructorDeclaration(fn)) return "constructor";
  // `const f = () => …`, `{ f: () => … }`, `f = () => …`
  let child: ts.Node = fn;
  let p = fn.parent;
  while (p && (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p))) {
    child = p;
    p = p.parent;
  }
  if (!p) return null;
  // A default value takes its parameter's or element's name, as JavaScript names it (`(cb = () => …)`, `{ cb = () => … }`).
  if ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p)) && p.initializer === child && ts.isIdentifier(p.name)) return p.name.text;
  // A function is no property's name (a computed one is its own node) and no assignment's target: where it is the child
  // of a property or an assignment, it is the value.
  if (ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) return propertyNameText(p.name);
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === EqualsToken) {
    const left = peel(p.left, false);
    if (ts.isIdentifier(left)) return left.text;
    if (ts.isPropertyAccessExpression(left)) return left.name.text;
  }
  return null;
}

export function propertyNameText(name: ts.PropertyName | ts.MemberName): string | null {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isBigIntLiteral(name)) return bigIntKey(name);
  if (ts.isComputedPropertyName(name)) {
    const e = peel(name.expression, false);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e)) return e.text;
    if (ts.isBigIntLiteral(e)) return bigIntKey(e);
  }
  return null;
}

/** The key a bigint literal names, as JavaScript gives it: `{ 0x10n: … }` has the key "16". */
function bigIntKey(literal: ts.BigIntLiteral): string {
  return String(BigInt(literal.text.slice(0, -1)));
}

/**
 * Source text of a node on one line, whitespace runs folded and shortened for messages. Reads no further than the
 * message needs: a node may be the whole of a 5 MB file.
 */
export function shortText(node: ts.Node, max = 80): string {
  const sourceFile = node.getSourceFile();
  const text = sourceFile.text;
  const end = node.getEnd();
  // Whitespace runs fold to one space, none at either end; words are copied a run at a time, and no further than
  // one character past `max` (which is what tells that the text was cut).
  let out = "";
  let i = node.getStart(sourceFile);
  while (out.length <= max) {
    while (i < end && isWhitespace(text.charCodeAt(i))) i++;
    if (i >= end) break;
    if (out !== "") out += " ";
    const limit = Math.min(end, i + Math.max(1, max + 1 - out.length));
    const from = i;
    while (i < limit && !isWhitespace(text.charCodeAt(i))) i++;
    out += text.slice(from, i);
  }
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}

/** What `/\s/` matches, by code unit: ECMAScript's white space and line terminators. */
function isWhitespace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The called name of a call's callee (`f` of `f()`, `g` of `a.b.g()`), or null for anything else. */
export function calledName(call: ts.CallExpression): string | null {
  return calleeName(call.expression);
}

/** The name a callee is called by: `f`, `g` of `a.g`, `"g"` of `a["g"]`, through parentheses and commas (`(0, f)`). */
export function calleeName(expr: ts.Expression): string | null {
  let callee = peel(expr, false);
  while (ts.isBinaryExpression(callee) && callee.operatorToken.kind === CommaToken) callee = peel(callee.right, false);
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isElementAccessExpression(callee)) {
    const arg = peel(callee.argumentExpression, false);
    if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return arg.text;
  }
  return null;
}

/** The value of an object literal's property `key` as written (a shorthand property's name), if it has one. */
export function propertyValue(object: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  for (const p of object.properties) {
    if (ts.isPropertyAssignment(p) && propertyNameText(p.name) === key) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === key) return p.name;
  }
  return undefined;
}

/** The object literal a `const` identifier is bound to, if it is. */
export function constObjectOf(expr: ts.Expression): ts.ObjectLiteralExpression | undefined {
  if (!ts.isIdentifier(expr)) return undefined;
  const decl = resolveBinding(expr)?.declaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !ts.isVariableDeclarationList(decl.parent)) return undefined;
  if (declarationListKind(decl.parent) !== "const") return undefined;
  // Awaiting an object gives the object.
  const init = peel(decl.initializer);
  return ts.isObjectLiteralExpression(init) ? init : undefined;
}
