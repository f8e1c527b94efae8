// What a returned value may be: operands split through `??`, `||`, `?:`, variables walked back to their reaching definitions, calls named.
import { ts, locOf } from "../ts.js";
import type { ReachingDefinition } from "./definitions.js";
import { patternOwner } from "./patterns.js";
import { reachingDefinitions } from "./reachingDefinitions.js";
import { enclosingFunction } from "./scope.js";
import { functionName, isNullish, isStringConcatenation, isStringText, peel, shortText } from "./syntax.js";
import { calleeRefOf } from "./callees.js";
import type { Definition, Operand } from "./types.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const { AmpersandAmpersandToken, BarBarToken, QuestionQuestionToken, ThisKeyword } = ts.SyntaxKind;

/** How many variable-to-variable hops the tracer follows before it says the chain is too long to see. */
const MAX_HOPS = 8;

/**
 * How many variables one trace may walk back (each a flow over its function). Hops bound a trace's depth, not its
 * breadth: ten writes of a variable, each from another variable with ten writes, would be 10^8 walks by the eighth hop.
 */
const MAX_TRACED = 256;

/** What one trace has left to spend, shared by all its branches. */
interface Budget {
  traced: number;
}

/** The operands a value may take: each must qualify on its own. */
export function operandsOf(expr: ts.Expression, seen: Set<ts.Node> = new Set(), hops = 0, budget: Budget = { traced: 0 }): Operand[] {
  const operands: Operand[] = [];
  // `??`, `||` and `?:` split with an explicit stack, right pushed first so operands come out left to right: a chain
  // `a ?? b ?? …` is as deep as it is long.
  const pending: ts.Expression[] = [expr];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const e = peel(next);
    if (!isNullish(e)) {
      if (ts.isBinaryExpression(e)) {
        const op = e.operatorToken.kind;
        if (op === QuestionQuestionToken || op === BarBarToken) {
          pending.push(e.right, e.left);
          continue;
        }
      }
      if (ts.isConditionalExpression(e)) {
        pending.push(e.whenFalse, e.whenTrue);
        continue;
      }
    }
    operands.push(operandOf(e, seen, hops, budget));
  }
  return operands;
}

/** One operand that is not split further (`e` peeled). */
function operandOf(e: ts.Expression, seen: Set<ts.Node>, hops: number, budget: Budget): Operand {
  const loc = locOf(e);
  if (isNullish(e)) return { k: "nullish", loc, text: shortText(e) };
  if (ts.isCallExpression(e)) return callOperand(e);
  if (isStringText(e) || isStringConcatenation(e)) return { k: "string", loc, text: shortText(e) };
  // A property path traces to its root: `r.error` comes from wherever `r` came from, `f().error` from the call.
  let root: ts.Expression = e;
  while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) root = peel(root.expression);
  if (ts.isCallExpression(root)) return callOperand(root);
  if (ts.isIdentifier(root)) return variableOperand(root, e, seen, hops, budget);
  return { k: "other", loc, text: shortText(e), why: describeKind(e) };
}

function callOperand(call: ts.CallExpression): Operand {
  return {
    k: "call",
    loc: locOf(call),
    text: shortText(call),
    callee: calleeRefOf(call.expression),
    calleeText: shortText(call.expression, 60),
  };
}

function variableOperand(root: ts.Identifier, whole: ts.Expression, seen: Set<ts.Node>, hops: number, budget: Budget): Operand {
  const base = { loc: locOf(whole), text: shortText(whole), name: root.text };
  if (hops >= MAX_HOPS) {
    return { k: "other", loc: base.loc, text: base.text, why: `the value passes through more than ${MAX_HOPS} variables; follow it by hand` };
  }
  if (budget.traced >= MAX_TRACED) {
    return { k: "other", loc: base.loc, text: base.text, why: `the value may come from more than ${MAX_TRACED} variables' writes; follow it by hand` };
  }
  return { k: "variable", ...base, defs: definitionsOf(root, seen, hops + 1, budget) };
}

/** The reaching definitions of an identifier, each with the operands of what it writes. */
export function definitionsOf(reference: ts.Identifier, seen: Set<ts.Node> = new Set(), hops = 0, budget: Budget = { traced: 0 }): Definition[] {
  budget.traced++;
  return reachingDefinitions(reference).map((d) => toDefinition(d, seen, hops, budget));
}

function toDefinition(d: ReachingDefinition, seen: Set<ts.Node>, hops: number, budget: Budget): Definition {
  const def: Definition = { kind: d.kind, loc: locOf(d.node), text: definitionText(d.node) };
  if (d.reason !== undefined) def.reason = d.reason;
  if (d.kind === "parameter") {
    // The parameter's own function: a parameter is always a child of one.
    const fn = enclosingFunction(d.node);
    def.fn = fn ? functionName(fn) : null;
    return def;
  }
  if (d.kind === "closure" || d.kind === "untraceable") return def;
  if (seen.has(d.node)) {
    def.operands = [{ k: "other", loc: def.loc, text: def.text, why: "the value depends on itself (a cycle of assignments)" }];
    return def;
  }
  const inner = new Set(seen).add(d.node);
  const operands: Operand[] = [];
  // Pushed one by one: spreading a list as long as a `??` chain would put every element on the stack.
  if (d.value) for (const o of operandsOf(d.value, inner, hops, budget)) operands.push(o);
  if (d.defaultValue) for (const o of operandsOf(d.defaultValue, inner, hops, budget)) operands.push(o);
  if (!d.value && !d.defaultValue) {
    operands.push({ k: "other", loc: def.loc, text: def.text, why: "the tracer cannot see the value written here" });
  }
  def.operands = operands;
  return def;
}

/** The write as a person reads it: `const err = f()` rather than `err = f()` for declarations. */
function definitionText(node: ts.Node): string {
  // A loop or catch binding reads best as its header, not the whole statement.
  if (ts.isForOfStatement(node) || ts.isForInStatement(node)) {
    return `for (${shortText(node.initializer, 40)} ${ts.isForOfStatement(node) ? "of" : "in"} ${shortText(node.expression, 40)})`;
  }
  if (ts.isCatchClause(node)) return node.variableDeclaration ? `catch (${shortText(node.variableDeclaration, 40)})` : "catch";
  const n = patternOwner(node);
  if (ts.isVariableDeclaration(n) && ts.isVariableDeclarationList(n.parent) && n.parent.declarations.length === 1) {
    return shortText(n.parent);
  }
  return shortText(n);
}

function describeKind(e: ts.Expression): string {
  if (ts.isObjectLiteralExpression(e)) return "an object literal is built in place";
  if (ts.isArrayLiteralExpression(e)) return "an array literal is built in place";
  if (ts.isNewExpression(e)) return "a `new` expression is built in place";
  if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return "a function is not an envelope";
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === AmpersandAmpersandToken) {
    return "an `&&` expression: its left side may be passed through instead of a producer's result";
  }
  if (ts.isTaggedTemplateExpression(e)) return "a tagged template is built in place";
  if (e.kind === ThisKeyword) return "`this` is not a producer's result";
  return `\`${shortText(e, 40)}\` is not a call to a shared producer`;
}
