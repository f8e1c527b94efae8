// Resolution of string values across modules: each `ref` an extractor left is followed to the constant it names.
import { CHAIN_TOO_DEEP } from "../facts/types.js";
import type { StrExpr } from "../facts/types.js";
import { formatPropertyPath } from "../propertyPaths.js";

type Ref = Extract<StrExpr, { k: "ref" }>;

export type Resolved = { known: true; value: string } | { known: false; why: string; line: number; column: number };

/**
 * Finds what a ref read in `fromFile` names: the expression of the constant (`constantAt` of the module it leads to)
 * and the file it sits in (refs inside it are read from there), or why it cannot be found, in words for a user.
 */
export type ConstantLookup = (fromFile: string, ref: Ref) => { file: string; expr: StrExpr } | { unknown: string };

/** How many refs may be followed one inside the other before the chain counts as circular. */
const MAX_REF_DEPTH = 32;

/**
 * Resolves string expressions across the modules that `lookup` reaches. An unknown found through a ref is reported at
 * the ref (the place in the reading file), its reason prefixed with what was imported: "`WORDS.error` from
 * "./words": call to `f()` (line 3, column 18 of "./words")". A chain deeper than MAX_REF_DEPTH, or circular across
 * modules, is unknown, reported once at the outermost ref.
 */
export class StringResolver {
  private depth = 0;
  /** Unknowns made by wrapping an inner one: they already say where, in which module. */
  private readonly wrapped = new WeakSet<object>();
  /** Unknowns that stand for a cut chain: passed up unprefixed, so a cycle is not reported 32 times over. */
  private readonly chainCuts = new WeakSet<object>();

  constructor(private readonly lookup: ConstantLookup) {}

  /** The text of `expr`, read in `file`, or the first part (in reading order) that cannot be known, and why. */
  resolve(file: string, expr: StrExpr): Resolved {
    const text: string[] = [];
    // Explicit stack, parts pushed in reverse: the first unknown in reading order is the one reported.
    const pending: StrExpr[] = [expr];
    while (pending.length > 0) {
      const part = pending.pop()!;
      switch (part.k) {
        case "str":
          text.push(part.v);
          break;
        case "cat":
          for (let i = part.parts.length - 1; i >= 0; i--) pending.push(part.parts[i]!);
          break;
        case "unknown":
          return { known: false, why: part.why, line: part.line, column: part.column };
        case "ref": {
          const resolved = this.resolveRef(file, part);
          if (!resolved.known) return resolved;
          text.push(resolved.value);
          break;
        }
      }
    }
    return { known: true, value: text.join("") };
  }

  private resolveRef(file: string, ref: Ref): Resolved {
    const what = `\`${formatPropertyPath([ref.name, ...ref.path])}\` from "${ref.module}"`;
    if (this.depth >= MAX_REF_DEPTH) return mark(this.chainCuts, { known: false, why: CHAIN_TOO_DEEP, line: ref.line, column: ref.column });
    this.depth++;
    let inner: Resolved;
    try {
      const found = this.lookup(file, ref);
      if ("unknown" in found) {
        return mark(this.wrapped, { known: false, why: `${what}: ${found.unknown}`, line: ref.line, column: ref.column });
      }
      inner = this.resolve(found.file, found.expr);
    } finally {
      this.depth--;
    }
    if (inner.known) return inner;
    if (this.chainCuts.has(inner)) {
      if (this.depth > 0) return mark(this.chainCuts, { known: false, why: inner.why, line: ref.line, column: ref.column });
      return { known: false, why: `${what}: ${inner.why}`, line: ref.line, column: ref.column };
    }
    const where = this.wrapped.has(inner) ? "" : ` (line ${inner.line}, column ${inner.column} of "${ref.module}")`;
    return mark(this.wrapped, { known: false, why: `${what}: ${inner.why}${where}`, line: ref.line, column: ref.column });
  }
}

function mark<T extends object>(set: WeakSet<object>, value: T): T {
  set.add(value);
  return value;
}
