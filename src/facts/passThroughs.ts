// Guarded pass-throughs (SPEC §2.1): the `if` that returns what its condition guards, and the definitions that reach it.
import { locOf, endOf, ts } from "../ts.js";
import type { FileIndex } from "./fileIndex.js";
import { enclosingFunction, resolveBinding } from "./scope.js";
import { functionName, isNullish, peel, shortText } from "./syntax.js";
import { definitionsOf } from "./values.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const {
  AmpersandAmpersandToken,
  CloseParenToken,
  EqualsEqualsEqualsToken,
  EqualsEqualsToken,
  ExclamationEqualsEqualsToken,
  ExclamationEqualsToken,
  ExclamationToken,
} = ts.SyntaxKind;

/** Records the pass-through an `if` is, if it is one. */
export function collectPassThrough(file: FileIndex, node: ts.IfStatement): void {
  const match = matchPassThrough(node);
  if (!match) return;
  const fn = enclosingFunction(node);
  const closeParen = node.getChildren().find((c) => c.kind === CloseParenToken);
  file.facts.passThroughs.push({
    loc: locOf(node),
    end: endOf(closeParen ?? node.expression),
    guard: shortText(node.expression, 120),
    path: pathText(match.path),
    root: match.root.text,
    fn: fn ? functionName(fn) : null,
    site: file.siteOf(node),
    defs: definitionsOf(match.root),
  });
}

export interface PassThroughMatch {
  /** The path returned, casts peeled. */
  path: ts.Expression;
  /** Its root identifier: the variable traced. */
  root: ts.Identifier;
  returnStatement: ts.ReturnStatement;
}

/** An `if` without `else` whose consequent returns (or ends by returning) an access path its condition guards. */
export function matchPassThrough(node: ts.IfStatement): PassThroughMatch | undefined {
  if (node.elseStatement) return undefined;
  const consequent = node.thenStatement;
  let ret: ts.Statement | undefined = consequent;
  if (ts.isBlock(consequent)) ret = consequent.statements[consequent.statements.length - 1];
  if (!ret || !ts.isReturnStatement(ret) || !ret.expression) return undefined;
  const path = peel(ret.expression);
  const root = rootOfPath(path);
  if (!root || !guards(node.expression, path)) return undefined;
  return { path, root, returnStatement: ret };
}

function rootOfPath(expr: ts.Expression): ts.Identifier | undefined {
  for (let e = peel(expr, false); ; e = peel(e.expression, false)) {
    if (ts.isIdentifier(e)) return e;
    if (ts.isPropertyAccessExpression(e)) continue;
    if (ts.isElementAccessExpression(e) && literalKey(e.argumentExpression) !== undefined) continue;
    return undefined;
  }
}

function literalKey(expr: ts.Expression): string | undefined {
  const e = peel(expr, false);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e)) return e.text;
  return undefined;
}

/** Two access paths name the same storage: same bindings, same properties, same literal keys. */
function samePath(a: ts.Expression, b: ts.Expression): boolean {
  // Both paths are walked down together, one property at a time: a path is as long as the input writes it.
  for (let x = peel(a, false), y = peel(b, false); ; x = peel(x, false), y = peel(y, false)) {
    if (ts.isIdentifier(x) && ts.isIdentifier(y)) {
      if (x.text !== y.text) return false;
      // A binding is made once per declared name (scope.ts), so one binding is one object; two undeclared names match.
      return resolveBinding(x) === resolveBinding(y);
    }
    // `r.error` and `r["error"]` are the same property.
    const kx = keyOf(x);
    const ky = keyOf(y);
    if (!kx || !ky || kx[1] !== ky[1]) return false;
    x = kx[0];
    y = ky[0];
  }
}

/** An access with a static key: its object and the key. */
function keyOf(e: ts.Expression): [ts.Expression, string] | undefined {
  if (ts.isPropertyAccessExpression(e)) return [e.expression, e.name.text];
  if (ts.isElementAccessExpression(e)) {
    const key = literalKey(e.argumentExpression);
    if (key !== undefined) return [e.expression, key];
  }
  return undefined;
}

const NULL_CHECKS = new Set([ExclamationEqualsToken, ExclamationEqualsEqualsToken]);
const EQUALITY = new Set([EqualsEqualsToken, EqualsEqualsEqualsToken]);

/** Whether a condition lets the consequent run only when `path` holds a value (every spelling of SPEC §2.1). */
export function guards(condition: ts.Expression, path: ts.Expression): boolean {
  // `P !== null && P !== undefined`, or a guard of P joined with further conditions: any conjunct guards. The
  // conjuncts are taken apart with an explicit stack (`a && b && …` is as deep as it is long).
  const pending: ts.Expression[] = [condition];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const c = peel(next, false);
    if (ts.isBinaryExpression(c) && c.operatorToken.kind === AmpersandAmpersandToken) pending.push(c.right, c.left);
    else if (guardsAlone(c, path)) return true;
  }
  return false;
}

/** Whether one condition that is not a conjunction (peeled) is a guard of `path` on its own. */
function guardsAlone(c: ts.Expression, path: ts.Expression): boolean {
  if (samePath(c, path)) return true;
  if (ts.isBinaryExpression(c)) {
    const op = c.operatorToken.kind;
    if (NULL_CHECKS.has(op)) {
      if ((samePath(c.left, path) && isNullish(c.right)) || (samePath(c.right, path) && isNullish(c.left))) return true;
      return typeofGuard(c, path);
    }
    if (EQUALITY.has(op)) return typeofGuard(c, path);
  }
  if (ts.isPrefixUnaryExpression(c) && c.operator === ExclamationToken) {
    const inner = peel(c.operand, false);
    return ts.isPrefixUnaryExpression(inner) && inner.operator === ExclamationToken && samePath(inner.operand, path);
  }
  if (ts.isCallExpression(c) && c.arguments.length === 1) {
    const callee = peel(c.expression, false);
    if (ts.isIdentifier(callee) && callee.text === "Boolean" && !resolveBinding(callee)) return samePath(c.arguments[0]!, path);
  }
  return false;
}

function typeofGuard(c: ts.BinaryExpression, path: ts.Expression): boolean {
  const positive = EQUALITY.has(c.operatorToken.kind);
  for (const [a, b] of [
    [c.left, c.right],
    [c.right, c.left],
  ] as const) {
    const t = peel(a, false);
    const lit = peel(b, false);
    if (!ts.isTypeOfExpression(t) || !samePath(t.expression, path)) continue;
    if (!ts.isStringLiteral(lit) && !ts.isNoSubstitutionTemplateLiteral(lit)) continue;
    // `typeof P === "string"` (SPEC §2.1), or `typeof P !== "undefined"`; other types are checks on data, not guards.
    return positive ? lit.text === "string" : lit.text === "undefined";
  }
  return false;
}

function pathText(path: ts.Expression): string {
  // Built from the root outwards: the property steps are collected first, without recursion.
  const steps: string[] = [];
  let e = peel(path, false);
  for (;;) {
    if (ts.isPropertyAccessExpression(e)) steps.push(`.${e.name.text}`);
    else if (ts.isElementAccessExpression(e)) steps.push(`[${e.argumentExpression.getText()}]`);
    else break;
    e = peel(e.expression, false);
  }
  let text = ts.isIdentifier(e) ? e.text : shortText(e);
  for (let i = steps.length - 1; i >= 0; i--) text += steps[i];
  return text;
}
