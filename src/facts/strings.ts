// The static string evaluator (SPEC §2.4): what a string expression is, symbolically, without running anything.
// TO BE IMPLEMENTED (interface fixed): see the doc comments.
import { ts } from "../ts.js";

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

/**
 * Evaluates an expression within its own file: string and no-substitution template literals, templates (every
 * substitution evaluated), `+` (numbers that are literal are written as JavaScript would), parentheses, `as`/`as const`/
 * `satisfies`/`!`/type assertions, identifiers bound to a `const` (local or module level, followed through other
 * consts, cycles are unknown), imported bindings (→ `ref`), string enum members (`Kind.Error`, `Kind["Error"]`, local
 * or imported), and properties of `as const` objects (dot, element access with a statically known key, nested).
 * Anything else is `unknown` with a reason. Never guesses.
 */
export function evaluateString(expr: ts.Expression): StrExpr {
  void expr;
  throw new Error("not implemented");
}

/**
 * The file's top-level `const` declarations (exported or not) and enums whose value is string-ish or an `as const`
 * object / string enum, keyed by local name. Used to evaluate imported constants from another file.
 */
export function collectConstants(sourceFile: ts.SourceFile): Record<string, ConstValue> {
  void sourceFile;
  throw new Error("not implemented");
}

/** Simplifies: adjacent `str` parts merged, a `cat` of one part unwrapped, a fully known `cat` becomes one `str`. */
export function simplify(expr: StrExpr): StrExpr {
  return expr;
}

export type Resolved = { known: true; value: string } | { known: false; why: string; line: number; column: number };

/**
 * Resolves refs through `lookup` (which follows imports across files and returns the referenced ConstValue's
 * expression together with a resolver for refs inside it, or undefined when it cannot be found).
 */
export function resolveString(
  expr: StrExpr,
  lookup: (ref: Extract<StrExpr, { k: "ref" }>) => { expr: StrExpr; resolveWithin: (e: StrExpr) => Resolved } | { unknown: string },
): Resolved {
  void expr;
  void lookup;
  throw new Error("not implemented");
}
