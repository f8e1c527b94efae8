// What each kind of top-level value becomes among a module's constants (collectConstants), and reading a path through
// an object member that is itself a ref or an unknown (constantAt).
import { describe, expect, it } from "vitest";
import { collectConstants } from "../../src/facts/constants.js";
import { constantAt } from "../../src/facts/constantAt.js";
import { StringEvaluator } from "../../src/facts/evaluator.js";
import type { ConstValue } from "../../src/facts/types.js";
import { parseSource } from "../../src/ts.js";
import { ref, str, unknown } from "./strExprs.js";

const constantsOf = (lines: string[]): Record<string, ConstValue> =>
  collectConstants(parseSource("kinds.ts", lines.join("\n")), new StringEvaluator());

describe("collectConstants: each kind of value", () => {
  it("a number and a boolean read as JavaScript writes them in a template", () => {
    expect(constantsOf(["export const MAX_ROWS = 50;", "export const STRICT = true;", "const OFF = false;", "const HALF = 0.5;"])).toEqual({
      MAX_ROWS: { k: "string", expr: str("50") },
      STRICT: { k: "string", expr: str("true") },
      OFF: { k: "string", expr: str("false") },
      HALF: { k: "string", expr: str("0.5") },
    });
  });

  it("a const naming a string enum is that enum's members", () => {
    const constants = constantsOf(['enum Kind { Error = "error", Refusal = "invalid" }', "export const K = Kind;"]);
    const members = { Error: { k: "string", expr: str("error") }, Refusal: { k: "string", expr: str("invalid") } };
    expect(constants).toEqual({ Kind: { k: "object", members }, K: { k: "object", members } });
  });

  it("an export default object that is not `as const` says so under its name", () => {
    expect(constantsOf(['export default { word: "error" };'])).toEqual({
      default: { k: "string", expr: unknown("`default` is not `as const`: its properties may change", 1, 16) },
    });
  });

  it("an export default that is no string-ish value is not a constant at all", () => {
    const constants = constantsOf(["export default makeServer();"]);
    expect(Object.keys(constants)).toEqual([]);
  });
});

describe("collectConstants: a `__proto__` key", () => {
  it("is an ordinary own member, as JSON.parse would make it: listed, written and deleted like any other", () => {
    const constants = constantsOf(['const O = { ["__proto__"]: "p", other: "q" } as const;']);
    const o = constants["O"];
    if (o?.k !== "object") throw new Error("O is not an object constant");
    expect(Object.keys(o.members)).toEqual(["__proto__", "other"]);
    expect(Object.getOwnPropertyDescriptor(o.members, "__proto__")).toEqual({
      value: { k: "string", expr: str("p") },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(Object.getPrototypeOf(o.members)).toBe(Object.prototype);
  });
});

describe("constantAt: a member that is itself a ref or an unknown", () => {
  const constants = constantsOf([
    'import { WORDS } from "./words";',
    "export const O = { inner: WORDS, opaque: `${f()}` } as const;",
  ]);

  it("a member that is a ref takes the rest of the path with it", () => {
    expect(constantAt(constants, "O", ["inner", "refusal", "text"])).toEqual({ expr: ref("./words", "WORDS", ["refusal", "text"], 2, 27) });
  });

  it("a member that cannot be read gives its own reason, not that it is a string", () => {
    expect(constantAt(constants, "O", ["opaque", "x"])).toEqual({ expr: unknown("call to `f()`", 2, 45) });
  });
});
