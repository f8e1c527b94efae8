// fast-check generators of raw tool bodies in the tiny statement language (language.ts): small, deep enough to nest.
import fc from "fast-check";
import { GUARD_SPELLINGS, type PathSuffix, type RawCond, type RawDecl, type RawProgram, type RawStmt, type Value } from "./language.js";

const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>): fc.WeightedArbitrary<T> => ({ weight, arbitrary });

export const valueArb: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 2, depthIdentifier: "value", depthSize: "small" },
    // The first arbitrary is the one taken once the depth is spent: a leaf.
    w(5, fc.constant({ k: "producer" } as const)),
    w(3, fc.constant({ k: "helper" } as const)),
    w(2, fc.constant({ k: "null" } as const)),
    w(1, fc.constant({ k: "undefined" } as const)),
    w(1, fc.constant({ k: "void" } as const)),
    w(1, fc.record({ k: fc.constantFrom("nullish" as const, "or" as const), left: tie("value"), right: tie("value") })),
    w(1, fc.record({ k: fc.constant("ternary" as const), whenTrue: tie("value"), whenFalse: tie("value") })),
    w(
      1,
      fc.record({
        k: fc.constant("wrap" as const),
        how: fc.constantFrom("await" as const, "as" as const, "satisfies" as const, "nonNull" as const, "paren" as const),
        inner: tie("value"),
      }),
    ),
  ),
})).value;

const condArb: fc.Arbitrary<RawCond> = fc.oneof(
  w(5, fc.constant({ k: "opaque" } as const)),
  w(1, fc.constant({ k: "not" } as const)),
  w(1, fc.constant({ k: "true" } as const)),
  w(1, fc.constant({ k: "false" } as const)),
  w(2, fc.record({ k: fc.constantFrom("and" as const, "or" as const, "assign" as const), value: valueArb })),
);

export const stmtArb: fc.Arbitrary<RawStmt> = fc.letrec<{ stmt: RawStmt; block: RawStmt[] }>((tie) => ({
  stmt: fc.oneof(
    { maxDepth: 3, depthIdentifier: "stmt", depthSize: "small" },
    w(7, fc.record({ k: fc.constant("assign" as const), form: fc.constantFrom("plain" as const, "plain" as const, "array" as const, "object" as const), value: valueArb })),
    w(1, fc.record({ k: fc.constant("assignOther" as const), value: valueArb })),
    w(3, fc.record({ k: fc.constant("condAssign" as const), op: fc.constantFrom("&&" as const, "||" as const, "??=" as const, "||=" as const, "&&=" as const), value: valueArb })),
    w(1, fc.record({ k: fc.constant("ternaryAssign" as const), whenTrue: valueArb, whenFalse: valueArb })),
    w(1, fc.constant({ k: "noise" } as const)),
    w(3, fc.constant({ k: "guard" } as const)),
    w(1, fc.constant({ k: "return" } as const)),
    w(1, fc.constant({ k: "throw" } as const)),
    w(2, fc.record({ k: fc.constant("break" as const), pick: fc.nat(3) })),
    w(2, fc.record({ k: fc.constant("continue" as const), pick: fc.nat(3) })),
    w(4, fc.record({ k: fc.constant("if" as const), cond: condArb, then: tie("block"), else: fc.option(tie("block"), { nil: null }) })),
    w(
      4,
      fc.record({
        k: fc.constant("loop" as const),
        kind: fc.constantFrom("while" as const, "while" as const, "do" as const, "for" as const, "forever" as const, "forOf" as const),
        cond: condArb,
        body: tie("block"),
        label: fc.boolean(),
      }),
    ),
    w(
      2,
      fc.record({
        k: fc.constant("switch" as const),
        cases: fc.array(fc.record({ isDefault: fc.boolean(), body: tie("block") }), { minLength: 1, maxLength: 3 }),
        label: fc.boolean(),
      }),
    ),
    w(
      4,
      fc.record({
        k: fc.constant("try" as const),
        block: tie("block"),
        handler: fc.option(tie("block"), { nil: null }),
        finalizer: fc.option(tie("block"), { nil: null }),
      }),
    ),
    w(2, fc.record({ k: fc.constant("block" as const), shadow: fc.oneof(valueArb, fc.constant("bare" as const), fc.constant(null)), body: tie("block") })),
    w(1, fc.record({ k: fc.constant("labelled" as const), body: tie("block") })),
  ),
  block: fc.array(tie("stmt"), { maxLength: 4 }),
})).stmt;

const declArb: fc.Arbitrary<RawDecl> = fc.oneof(
  w(5, fc.record({ k: fc.constant("let" as const), value: fc.option(valueArb, { nil: null }), typed: fc.boolean() })),
  w(1, fc.record({ k: fc.constantFrom("array" as const, "object" as const), value: valueArb })),
  w(1, fc.constant({ k: "param" } as const)),
);

const SUFFIXES: readonly PathSuffix[] = ["", "", "", ".error", '["error"]', "[1]"];

export const programArb: fc.Arbitrary<RawProgram> = fc.record({
  name: fc.constantFrom("err", "miss", "hoursError", "r"),
  decl: declArb,
  body: fc.array(stmtArb, { maxLength: 7 }),
  guard: fc.constantFrom(...GUARD_SPELLINGS),
  suffix: fc.constantFrom(...SUFFIXES),
  guardBlock: fc.boolean(),
});
