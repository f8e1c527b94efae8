// Operations on symbolic string values (`StrExpr`) that need no file: simplifying, finding the first unknown, cooked text.
import { locOf, type ts } from "../ts.js";
import type { StrExpr } from "./types.js";

export type Unknown = Extract<StrExpr, { k: "unknown" }>;

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
  // Nested `cat`s are taken apart with an explicit stack (parts pushed last to first, so they pop in order).
  const pending: StrExpr[] = [expr];
  for (let part = pending.pop(); part; part = pending.pop()) {
    if (part.k === "cat") for (let i = part.parts.length - 1; i >= 0; i--) pending.push(part.parts[i]!);
    else if (part.k === "str") text.push(part.v);
    else {
      flushText();
      parts.push(part);
    }
  }
  flushText();
  if (parts.length === 0) return { k: "str", v: "" };
  if (parts.length === 1) return parts[0]!;
  return { k: "cat", parts };
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

export function unknownExpr(why: string, node: ts.Node): Unknown {
  const { line, column } = locOf(node);
  return { k: "unknown", why, line, column };
}

export function firstUnknown(expr: StrExpr): Unknown | undefined {
  const pending: StrExpr[] = [expr];
  for (let part = pending.pop(); part; part = pending.pop()) {
    if (part.k === "unknown") return part;
    if (part.k === "cat") for (let i = part.parts.length - 1; i >= 0; i--) pending.push(part.parts[i]!);
  }
  return undefined;
}