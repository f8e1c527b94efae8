// Destructuring in declarations: the one place a binding pattern is walked down to its names, or up to its owner.
import { ts } from "../ts.js";

/** One identifier a binding name declares. */
export interface BindingTarget {
  readonly id: ts.Identifier;
  /** The element that declares `id`, absent when the whole binding name is `id` (`const x = v`). */
  readonly element?: ts.BindingElement;
  /** `d` in `{ x = d }`: only the default of `id`'s own element, since an outer one (`{ a: { x } = d }`) defaults a whole object. */
  readonly defaultValue?: ts.Expression;
}

/** Every identifier a binding name declares, in source order; rest elements included, holes skipped. */
export function bindingTargets(name: ts.BindingName): BindingTarget[] {
  if (ts.isIdentifier(name)) return [{ id: name }];
  const targets: BindingTarget[] = [];
  for (const element of bindingElements(name)) {
    if (!ts.isIdentifier(element.name)) continue;
    targets.push(
      element.initializer ? { id: element.name, element, defaultValue: element.initializer } : { id: element.name, element },
    );
  }
  return targets;
}

/**
 * Every element of a binding name and of the patterns nested in it, in source order: an element comes before the
 * elements of its own pattern, which is the order its computed key and default run in. Holes are skipped.
 */
export function bindingElements(name: ts.BindingName): ts.BindingElement[] {
  const elements: ts.BindingElement[] = [];
  // An explicit stack rather than recursion: the nesting depth is the input's, and a deep pattern must not overflow.
  const pending: ts.BindingElement[] = [];
  const pushElementsOf = (pattern: ts.BindingName): void => {
    if (ts.isIdentifier(pattern)) return;
    // Pushed last to first so they pop first to last.
    for (let i = pattern.elements.length - 1; i >= 0; i--) {
      const element = pattern.elements[i]!;
      if (!ts.isOmittedExpression(element)) pending.push(element);
    }
  };
  pushElementsOf(name);
  for (let element = pending.pop(); element; element = pending.pop()) {
    elements.push(element);
    pushElementsOf(element.name);
  }
  return elements;
}

/**
 * The node that owns the whole pattern a BindingElement or binding pattern is part of: its VariableDeclaration,
 * ParameterDeclaration, ... . Any other node, an identifier a pattern declares included, is returned as it is.
 */
export function patternOwner(node: ts.Node): ts.Node {
  let n = node;
  while (ts.isBindingElement(n) || ts.isObjectBindingPattern(n) || ts.isArrayBindingPattern(n)) n = n.parent;
  return n;
}
