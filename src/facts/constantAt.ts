// Reading a path inside another module's constants (its `collectConstants` facts): plain data, no syntax tree, so the
// project stage reads it without loading the parser.
import { formatPropertyPath } from "../propertyPaths.js";
import type { ConstValue, StrExpr } from "./types.js";

/**
 * The expression a ref names within the constants of the module it points to (`collectConstants` of that module),
 * for the project's string resolver. Reading a property of a constant that is itself a ref (`export const
 * W = IMPORTED;` then `W.x`) extends that ref's path, so it is followed into the next module.
 */
export function constantAt(
  constants: Record<string, ConstValue>,
  name: string,
  path: readonly string[],
): { expr: StrExpr } | { unknown: string } {
  if (!Object.hasOwn(constants, name)) return { unknown: `no constant string or \`as const\` object \`${name}\` there` };
  let current = constants[name]!;
  const seen = [name];
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    if (current.k === "string") {
      const expr = current.expr;
      if (expr.k === "ref") return { expr: { ...expr, path: [...expr.path, ...path.slice(i)] } };
      // The unknown says why the object cannot be read (not `as const`, a spread that cannot be seen, ...).
      if (expr.k === "unknown") return { expr };
      return { unknown: `\`${formatPropertyPath(seen)}\` is a string: it has no property \`${key}\`` };
    }
    if (!Object.hasOwn(current.members, key)) return { unknown: `\`${formatPropertyPath(seen)}\` has no property \`${key}\`` };
    current = current.members[key]!;
    seen.push(key);
  }
  if (current.k === "object") return { unknown: `\`${formatPropertyPath(seen)}\` is an object, not a string` };
  return { expr: current.expr };
}
