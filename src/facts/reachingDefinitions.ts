// Reaching definitions of one variable at one reference, over the enclosing function's control flow (SPEC §2.2).
// TO BE IMPLEMENTED (interface fixed): see the doc comments.
import { ts } from "../ts.js";

export type DefinitionKind =
  /** `const x = v`, `let x = v`, `var x = v`, also through destructuring (`const [a, x] = v`, `const { x } = v`). */
  | "initializer"
  /** `x = v`, `x ??= v`, `x ||= v`, `x &&= v`, also through destructuring assignment (`[a, x] = v`, `({ x } = v)`). */
  | "assignment"
  /** The variable is a parameter of the enclosing function and no later write hides it on some path. */
  | "parameter"
  /** The variable is written inside a nested function (closure), which may run at any time. */
  | "closure"
  /** A write whose value cannot be traced: `x += v`, `x++`, a for...of/for...in variable, a catch binding, a
   * variable captured from an enclosing function or module that is not `const`, an unresolved (global) name. */
  | "untraceable";

export interface ReachingDefinition {
  kind: DefinitionKind;
  /** The writing node: VariableDeclaration, BindingElement, ParameterDeclaration, BinaryExpression (assignment),
   * PrefixUnaryExpression/PostfixUnaryExpression, ForOfStatement, CatchClause, ... ; for a captured `const`, its
   * VariableDeclaration. */
  node: ts.Node;
  /** The whole right-hand side written (for destructuring the whole source expression, e.g. `f()` in
   * `const [a, x] = f()`); undefined for parameters and untraceable writes. */
  value: ts.Expression | undefined;
  /** A destructuring default that applies to this variable (`const { x = d } = f()`): an alternative value. */
  defaultValue?: ts.Expression;
  /** Why it cannot be traced (kind "closure" and "untraceable"), in words for a user, e.g.
   * "written inside a nested function at line 12", "a for...of loop variable", "compound assignment `x += ...`". */
  reason?: string;
}

/**
 * The definitions of `reference`'s variable that reach `reference` on some path through the enclosing function.
 * Definitions whose value is literally `null` or `undefined`, and declarations without initializer (`let x;`), are
 * not returned (they kill earlier definitions but cannot pass a non-null guard). Sorted by source position.
 */
export function reachingDefinitions(reference: ts.Identifier): ReachingDefinition[] {
  void reference;
  throw new Error("not implemented");
}
