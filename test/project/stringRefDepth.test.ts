// The bound on refs followed one inside the other (MAX_REF_DEPTH, 32): a chain of exactly 32 modules, each
// re-exporting the next one's constant, resolves to the last one's text; one module more is cut as too deep.
import { describe, expect, it } from "vitest";
import { collectConstants } from "../../src/facts/constants.js";
import { constantAt } from "../../src/facts/constantAt.js";
import { StringEvaluator } from "../../src/facts/evaluator.js";
import type { ConstValue } from "../../src/facts/types.js";
import { StringResolver, type ConstantLookup, type Resolved } from "../../src/project/stringResolver.js";
import { parseSource } from "../../src/ts.js";
import { probe } from "../facts/strExprs.js";

/** Modules ./m1 … ./mN: each takes V from the next, the last writes it; the probe reads V of ./m1 (N refs in all). */
function resolveChain(n: number): Resolved {
  const modules = new Map<string, Record<string, ConstValue>>();
  for (let i = 1; i <= n; i++) {
    const text = i === n ? 'export const V = "end";' : `import { V as W } from "./m${i + 1}";\nexport const V = W;`;
    modules.set(`./m${i}`, collectConstants(parseSource(`m${i}.ts`, text), new StringEvaluator()));
  }
  const lookup: ConstantLookup = (_fromFile, r) => {
    const constants = modules.get(r.module);
    if (!constants) return { unknown: "module not found" };
    const found = constantAt(constants, r.name, r.path);
    return "unknown" in found ? found : { file: r.module, expr: found.expr };
  };
  return new StringResolver(lookup).resolve("probe.ts", probe('import { V } from "./m1";\nconst probe = V;'));
}

describe("a chain of refs across modules", () => {
  it("of 32 refs resolves", () => {
    expect(resolveChain(32)).toEqual({ known: true, value: "end" });
  });

  it("of 33 refs is too deep, reported once at the probe's ref", () => {
    expect(resolveChain(33)).toEqual({ known: false, why: '`V` from "./m1": constant chain too deep or circular', line: 2, column: 15 });
  });
});
