// Bare sentences (SPEC §2.3): plain strings a tool body returns, in their canonical text.
import { locOf, endOf, ts } from "../ts.js";
import { flattenPlus, isStringConcatenation, isStringText, peel, rawTextOf } from "./syntax.js";
import type { BareSentenceFact } from "./types.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const { BarBarToken, QuestionQuestionToken } = ts.SyntaxKind;

/** The substitution marker of canonical bare-sentence text (SPEC §2.3). */
const HOLE = "${…}";

/** The bare sentences in one returned expression: each `?:` branch and each string operand of `??`/`||` on its own. */
export function bareSentencesOf(expr: ts.Expression): BareSentenceFact[] {
  const sentences: BareSentenceFact[] = [];
  // Branches split with an explicit stack (right pushed first, so sentences come out left to right): `a ?? b ?? …` is
  // as deep as it is long.
  const pending: ts.Expression[] = [expr];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const e = peel(next);
    if (ts.isConditionalExpression(e)) {
      pending.push(e.whenFalse, e.whenTrue);
      continue;
    }
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      if (op === QuestionQuestionToken || op === BarBarToken) {
        pending.push(e.right, e.left);
        continue;
      }
    }
    if (isStringText(e) || isStringConcatenation(e)) sentences.push({ loc: locOf(e), end: endOf(e), sentence: canonicalText(e) });
  }
  return sentences;
}

/** Cooked text with every substitution and non-literal operand written `${…}`, of an expression already peeled. */
function canonicalText(e: ts.Expression): string {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isTemplateExpression(e)) return e.head.text + e.templateSpans.map((s) => HOLE + s.literal.text).join("");
  if (ts.isTaggedTemplateExpression(e)) {
    // String.raw (isStringText): the text as written, escapes and all.
    const t = e.template;
    return ts.isNoSubstitutionTemplateLiteral(t) ? rawTextOf(t) : rawTextOf(t.head) + t.templateSpans.map((s) => HOLE + rawTextOf(s.literal)).join("");
  }
  // Else a string concatenation (the only other text a sentence is). A `+` operand is never itself a chain
  // (flattenPlus took them apart): one level deep, whatever the chain's length.
  return flattenPlus(e).map((op) => (isStringText(op) ? canonicalText(op) : HOLE)).join("");
}
