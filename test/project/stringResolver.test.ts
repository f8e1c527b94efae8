// Tests of string resolution across modules: refs followed to the constants they name, unknowns reported at the ref.
import { describe, expect, it } from "vitest";
import { collectConstants } from "../../src/facts/constants.js";
import { constantAt } from "../../src/facts/constantAt.js";
import { StringEvaluator } from "../../src/facts/evaluator.js";
import type { ConstValue } from "../../src/facts/types.js";
import { StringResolver, type ConstantLookup, type Resolved } from "../../src/project/stringResolver.js";
import { parseSource } from "../../src/ts.js";
import { cat, probe, str } from "../facts/strExprs.js";

describe("StringResolver", () => {
  /** Modules of a fake project: specifier → constants of the parsed source. */
  function project(sources: Record<string, string>): Map<string, Record<string, ConstValue>> {
    const modules = new Map<string, Record<string, ConstValue>>();
    for (const [specifier, text] of Object.entries(sources)) {
      modules.set(specifier, collectConstants(parseSource(`${specifier}.ts`, text), new StringEvaluator()));
    }
    return modules;
  }

  /** Modules are found by specifier, whichever module reads them. */
  function lookupIn(modules: Map<string, Record<string, ConstValue>>): ConstantLookup {
    return (_fromFile, r) => {
      const constants = modules.get(r.module);
      if (!constants) return { unknown: "module not found" };
      const found = constantAt(constants, r.name, r.path);
      if ("unknown" in found) return found;
      return { file: r.module, expr: found.expr };
    };
  }

  const modules = project({
    "./words": [
      'import { SUFFIX } from "./suffix";',
      'export const FAILURE = "err" + SUFFIX;',
      'export const WORDS = { refusal: "invalid", nested: { x: "y" } } as const;',
      "export const BROKEN = `${compute()}`;",
      'export const VIA = BROKEN + "!";',
    ].join("\n"),
    "./suffix": ['import * as W from "./words";', 'export const SUFFIX = "or";', "export const BACK = W.VIA;"].join("\n"),
    "./a": 'import { B } from "./b";\nexport const A = B;',
    "./b": 'import { A } from "./a";\nexport const B = A + "x";',
  });
  const lookup = lookupIn(modules);
  const resolve = (source: string): Resolved => new StringResolver(lookup).resolve("probe.ts", probe(source));

  it("a fully known expression needs no lookup", () => {
    expect(new StringResolver(() => ({ unknown: "must not be called" })).resolve("probe.ts", cat(str("a"), str("b")))).toEqual({
      known: true,
      value: "ab",
    });
  });

  it("a ref whose target contains another ref", () => {
    expect(resolve('import { FAILURE } from "./words";\nconst probe = "[" + FAILURE + "]";')).toEqual({
      known: true,
      value: "[error]",
    });
  });

  it("a namespace ref with a path into an object", () => {
    expect(resolve('import * as W from "./words";\nconst probe = W.WORDS.nested.x + W.WORDS.refusal;')).toEqual({
      known: true,
      value: "yinvalid",
    });
  });

  it("a missing export is unknown at the ref", () => {
    expect(resolve('import { NOPE } from "./words";\nconst probe = NOPE;')).toEqual({
      known: false,
      why: '`NOPE` from "./words": no constant string or `as const` object `NOPE` there',
      line: 2,
      column: 15,
    });
  });

  it("a missing property of an imported object is unknown", () => {
    expect(resolve('import { WORDS } from "./words";\nconst probe = WORDS.nope;')).toEqual({
      known: false,
      why: '`WORDS.nope` from "./words": `WORDS` has no property `nope`',
      line: 2,
      column: 15,
    });
  });

  it("an unknown inside another module is reported at the ref, saying where it is there", () => {
    expect(resolve('import { SUFFIX, BACK } from "./suffix";\nconst probe = SUFFIX + BACK;')).toEqual({
      known: false,
      why: '`BACK` from "./suffix": `VIA` from "./words": call to `compute()` (line 4, column 26 of "./words")',
      line: 2,
      column: 24,
    });
  });

  it("a cycle across modules is unknown, reported once at the ref", () => {
    expect(resolve('import { A } from "./a";\nconst probe = A;')).toEqual({
      known: false,
      why: '`A` from "./a": constant chain too deep or circular',
      line: 2,
      column: 15,
    });
  });

  it("a local unknown comes first when it comes first", () => {
    const source = 'import { FAILURE } from "./words";\nfunction f(p: string) {\n  const probe = p + FAILURE;\n}';
    expect(resolve(source)).toEqual({ known: false, why: "`p` is a parameter", line: 3, column: 17 });
  });
});
