// What a reaching-definitions analysis yields (one definition per write) and the code it runs over (an owner).
import { ts } from "../ts.js";
import { isFunctionLike } from "./scope.js";
import type { DefinitionKind } from "./types.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const { ClassStaticBlockDeclaration, PropertyDeclaration } = ts.SyntaxKind;

/** A write of the variable that may reach the reference: the writing node and what it writes, or why that is unknown. */
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

/** A definition as the flow carries it: an `ignored` one (null, undefined, no initializer) kills but is not reported. */
export interface FlowDef {
  readonly def: ReachingDefinition;
  readonly ignored: boolean;
}

export function untraceable(node: ts.Node, reason: string): ReachingDefinition {
  return { kind: "untraceable", node, value: undefined, reason };
}

export function withDefault(def: ReachingDefinition, defaultValue: ts.Expression | undefined): ReachingDefinition {
  return defaultValue ? { ...def, defaultValue } : def;
}

/** Where an analysis stops: a function-like, a class static block or field initializer (they run later), or the file. */
export function isBoundary(node: ts.Node): boolean {
  return isFunctionLike(node) || node.kind === ClassStaticBlockDeclaration || node.kind === PropertyDeclaration;
}

/** The code one analysis runs over, start to end: a boundary node or the source file. */
export type Owner = ts.Node;

/** The owner `node` runs in: the innermost boundary around it (itself when it is one), else its file. */
export function ownerOf(node: ts.Node): Owner {
  let n: ts.Node = node;
  while (!isBoundary(n) && !ts.isSourceFile(n)) n = n.parent;
  return n;
}
