// What the string evaluator knows of a value: its kinds, and how a value becomes a string part or a reason.
import { CHAIN_TOO_DEEP } from "./types.js";
import { locOf, ts } from "../ts.js";
import { shortText } from "./syntax.js";
import { simplify, unknownExpr, type Unknown } from "./strExpr.js";
import type { StrExpr } from "./types.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const { AmpersandAmpersandToken, BarBarToken, NullKeyword, QuestionQuestionToken, ThisKeyword } = ts.SyntaxKind;

type Ref = Extract<StrExpr, { k: "ref" }>;

export { CHAIN_TOO_DEEP };

/** What an expression is, as far as the evaluator needs to know: strings, the literals `+` may stringify, and the
 * containers a property can be read from. */
export type Value =
  | { t: "string"; e: StrExpr }
  | { t: "number"; n: number }
  | { t: "boolean"; b: boolean }
  | { t: "object"; literal: ts.ObjectLiteralExpression; asConst: boolean }
  | { t: "enum"; declaration: ts.EnumDeclaration }
  | { t: "namespace"; module: string }
  | { t: "unknown"; e: Unknown };

export function nonStringSum(a: Value, b: Value, node: ts.Expression): Value {
  if (a.t === "number" && b.t === "number") return { t: "number", n: a.n + b.n };
  // Whether an unknown side is a string decides between addition and concatenation: the sum is unknown, for its reason.
  if (a.t === "unknown") return a;
  if (b.t === "unknown") return b;
  return unknownAt(`\`${shortText(node, 40)}\` is not a string concatenation`, node);
}

/** A value as one part of a concatenation or template: numbers and booleans are written as JavaScript writes them. */
export function asConcatenationPart(value: Value, node: ts.Expression): StrExpr {
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

export function toStrExpr(value: Value, node: ts.Node): StrExpr {
  switch (value.t) {
    case "string":
    case "unknown":
      return value.e;
    case "number":
      return unknownExpr(`\`${shortText(node, 40)}\` is a number, not a string`, node);
    case "boolean":
      return unknownExpr(`\`${shortText(node, 40)}\` is a boolean, not a string`, node);
    default:
      return notAString(value, node);
  }
}

function notAString(value: Extract<Value, { t: "object" | "enum" | "namespace" }>, node: ts.Node): Unknown {
  const what = value.t === "object" ? "an object" : value.t === "enum" ? "an enum" : "a namespace import";
  return unknownExpr(`\`${shortText(node, 40)}\` is ${what}, not a string`, node);
}

export function settle(value: Value): Value {
  return value.t === "string" ? { t: "string", e: simplify(value.e) } : value;
}

export function cutValue(name: ts.Node, cut: string, reference: ts.Node): Value {
  const why =
    cut === "circular"
      ? `\`${shortText(name, 40)}\` is defined in terms of itself`
      : CHAIN_TOO_DEEP;
  return unknownAt(why, reference);
}

export function known(text: string): Value {
  return { t: "string", e: { k: "str", v: text } };
}

export function refAt(module: string, name: string, path: string[], node: ts.Node): Ref {
  const { line, column } = locOf(node);
  return { k: "ref", module, name, path, line, column };
}

export function unknownAt(why: string, node: ts.Node): Value {
  return { t: "unknown", e: unknownExpr(why, node) };
}

/** Why an expression the evaluator does not follow has no static value, in the user's terms. */
export function describe(node: ts.Expression): string {
  if (ts.isCallExpression(node)) return `call to \`${shortText(node.expression, 40)}()\``;
  if (ts.isNewExpression(node)) return `\`new ${shortText(node.expression, 40)}(...)\` is built at run time`;
  if (ts.isTaggedTemplateExpression(node)) return `tagged template: call to \`${shortText(node.tag, 40)}\``;
  if (ts.isConditionalExpression(node)) return `conditional expression \`${shortText(node, 40)}\`: the value depends on the condition`;
  if (ts.isAwaitExpression(node)) return `\`${shortText(node, 40)}\` is only known at run time`;
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (
      operator === QuestionQuestionToken ||
      operator === BarBarToken ||
      operator === AmpersandAmpersandToken
    ) {
      return `\`${ts.tokenToString(operator)}\` expression \`${shortText(node, 40)}\`: the value depends on its operands at run time`;
    }
    return `\`${shortText(node, 40)}\` is not a string expression`;
  }
  if (node.kind === ThisKeyword) return "`this` depends on the object at run time";
  if (node.kind === NullKeyword) return "`null` is not a string";
  if (ts.isArrayLiteralExpression(node)) return `\`${shortText(node, 40)}\` is an array, not a string`;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return "a function, not a string";
  return `\`${shortText(node, 40)}\` cannot be evaluated statically`;
}
