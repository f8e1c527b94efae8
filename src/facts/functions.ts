// The file's functions: top-level ones by name, handlers unwrapped from adapters, and what each function returns.
import { ts, locOf, endOf } from "../ts.js";
import { bareSentencesOf } from "./bareSentences.js";
import type { FileIndex } from "./fileIndex.js";
import { isFunctionLike } from "./scope.js";
import { calledName, peel, propertyNameText, shortText } from "./syntax.js";
import type { BareSentenceFact, FunctionFact, ReturnFact } from "./types.js";
import { operandsOf } from "./values.js";
import { forEachStatement } from "./walk.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const { ReturnStatement, ThisKeyword } = ts.SyntaxKind;

/** Indexes the top-level functions (declarations, consts holding a function, `export default` of one) by local name. */
export function collectTopLevelFunctions(file: FileIndex): void {
  for (const s of file.sf.statements) {
    if (ts.isFunctionDeclaration(s) && s.body) {
      file.topLevel.set(s, s.name?.text ?? "default");
    } else if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || !d.initializer) continue;
        const fn = unwrapToFunction(file, d.initializer);
        if (fn) {
          file.topLevel.set(fn, d.name.text);
          // Its home is the declaration that names it: `export const formatError = …` up to the name.
          file.declaredAt.set(fn, { loc: locOf(s.declarationList.declarations.length === 1 ? s : d), end: endOf(d.name) });
        }
      }
    } else if (ts.isExportAssignment(s)) {
      const fn = unwrapToFunction(file, s.expression);
      if (fn) file.topLevel.set(fn, "default");
    }
  }
}

/**
 * The facts of every top-level function and of every other possible body the file's readers keyed. Only an
 * exported function can be a shared validator: the others' returns need no tracing.
 */
export function collectFunctionFacts(file: FileIndex): void {
  const exported = new Set(file.facts.exports.flatMap((e) => ("local" in e ? [e.local] : [])));
  for (const [node, name] of file.topLevel) file.facts.functions[name] = functionFacts(file, node, exported.has(name));
  for (const [node, key] of file.bodies) file.facts.functions[key] = functionFacts(file, node, false);
}

/** A function expression, possibly wrapped in adapter calls (`textTool(async () => …)`). */
export function unwrapToFunction(file: FileIndex, expr: ts.Expression): ts.FunctionLikeDeclaration | undefined {
  const e = unwrapAdapters(file, expr);
  return ts.isArrowFunction(e) || ts.isFunctionExpression(e) ? e : undefined;
}

export function unwrapAdapters(file: FileIndex, expr: ts.Expression): ts.Expression {
  let e = peel(expr, false);
  for (let i = 0; i < 8 && ts.isCallExpression(e); i++) {
    // `handler.bind(this)` is the handler itself, with its `this` fixed.
    // Awaiting a function gives the function: `(await handler).bind(this)`, `wrap(await handler)`.
    if (ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === "bind") {
      e = peel(e.expression.expression);
      continue;
    }
    const name = calledName(e);
    const inner = e.arguments[e.arguments.length - 1];
    if (!name || !file.adapters.has(name) || !inner) break;
    e = peel(inner);
  }
  return e;
}

/** `this.handleWaits` inside a class: the class's method (or arrow-valued property) of that name. */
export function thisMember(file: FileIndex, expr: ts.Expression): ts.FunctionLikeDeclaration | undefined {
  if (!ts.isPropertyAccessExpression(expr) || expr.expression.kind !== ThisKeyword) return undefined;
  let owner: ts.Node | undefined = expr.parent;
  while (owner && !ts.isClassLike(owner)) owner = owner.parent;
  if (!owner) return undefined;
  const name = expr.name.text;
  for (const member of (owner as ts.ClassLikeDeclaration).members) {
    if (!member.name || propertyNameText(member.name) !== name) continue;
    if (ts.isMethodDeclaration(member) && member.body) return member;
    if (ts.isPropertyDeclaration(member) && member.initializer) return unwrapToFunction(file, member.initializer);
  }
  return undefined;
}

/**
 * What a function returns (traced only when `withReturns`), and the bare sentences among its returns. A dispatch
 * branch (a `case` clause, an `if` block) is read like a function body: its own returns, not nested functions'.
 */
export function functionFacts(file: FileIndex, fn: ts.Node, withReturns: boolean): FunctionFact {
  const returns: ReturnFact[] = [];
  const bareSentences: BareSentenceFact[] = [];
  const take = (expr: ts.Expression): void => {
    const e = peel(expr, false);
    if (withReturns) returns.push({ loc: locOf(e), end: endOf(e), text: shortText(e), operands: operandsOf(e) });
    // One by one: spreading a list as long as a `??` chain would put every element on the stack.
    for (const sentence of bareSentencesOf(e)) bareSentences.push(sentence);
  };
  const body = isFunctionLike(fn) ? fn.body : fn;
  if (body && isFunctionLike(fn) && !ts.isBlock(body)) take(body as ts.Expression);
  else if (body) {
    // A `return` is a statement, so only statements are walked: its own returns are never inside an expression.
    forEachStatement(body, (node) => {
      if (node.kind === ReturnStatement && (node as ts.ReturnStatement).expression) take((node as ts.ReturnStatement).expression!);
    });
  }
  const declared = file.declaredAt.get(fn);
  if (declared) return { ...declared, returns, bareSentences };
  const name = isFunctionLike(fn) ? (fn.name ?? fn.getFirstToken()) : fn.getFirstToken();
  return { loc: locOf(fn), end: name ? endOf(name) : endOf(fn), returns, bareSentences };
}
