// The producer call offered for a hand-built envelope, at its edges: a producer that is not bound where the call is
// and no named import to add it to, and builds of other callees.
import { describe, expect, it } from "vitest";
import type { BuildFact } from "../../src/facts/types.js";
import type { SkuContext } from "../../src/project/context.js";
import { suggestionsFor } from "../../src/project/suggestions.js";

const ctx = { config: { contract: { builder: "status", refusal: "refusal", failure: "formatError" } } } as unknown as SkuContext;

function build(rewrite: Partial<NonNullable<BuildFact["rewrite"]>>, callee = "status"): BuildFact {
  return {
    k: "call",
    loc: { line: 3, column: 10 },
    end: { line: 3, column: 60 },
    word: { k: "str", v: "invalid" },
    callee: { name: callee, member: false, ref: { k: "local", name: callee } },
    enclosing: [],
    site: { within: [] },
    catchVariable: "ex",
    rewrite: { range: [40, 90], args: ['"invalid"', '"Bad."', '{ parameter: "top" }'], qualifier: "", bound: [], taken: [], parameter: '"top"', ...rewrite },
  } as BuildFact;
}

describe("suggestionsFor", () => {
  it("offers the producer call and adds the producer to the named import it can extend", () => {
    const [suggestion] = suggestionsFor(ctx, build({ importAfter: 15 }), "refusal", "get_top");
    expect(suggestion?.edits).toEqual([
      { range: [15, 15], text: ", refusal" },
      { range: [40, 90], text: 'refusal("top", "Bad.")' },
    ]);
  });

  it("offers nothing when the producer is not bound and there is no named import to add it to", () => {
    expect(suggestionsFor(ctx, build({}), "refusal", "get_top")).toEqual([]);
    expect(suggestionsFor(ctx, build({}), "failure", "get_top")).toEqual([]);
  });

  it("offers the call alone when the producer is bound already", () => {
    expect(suggestionsFor(ctx, build({ bound: ["refusal"] }), "refusal", "get_top")[0]?.edits).toEqual([{ range: [40, 90], text: 'refusal("top", "Bad.")' }]);
  });

  it("offers nothing for a build through another callee (an allow-listed producer)", () => {
    expect(suggestionsFor(ctx, build({ importAfter: 15 }, "outcome"), "refusal", "get_top")).toEqual([]);
  });
});
