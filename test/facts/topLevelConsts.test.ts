// Top-level consts as the facts keep them: one made by a call (a validator a factory makes, SPEC §2.2) names the
// function called, by its own name where it has one (`lib.makeValidator(…)` is `makeValidator`) and by the callee as
// written where not; only a const is data a list may be built from (a `let` or `var` may change).
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("names the function called, or the callee as written", () => {
  const source = 'export const validateA = lib.makeValidator("a");\nexport const validateB = (pick())("b");\nexport const validateC = make("c");\n';
  const facts = extractFileFacts("src/validators.ts", source, options);
  expect(Object.fromEntries(Object.entries(facts.factories).map(([name, f]) => [name, f.callee]))).toEqual({
    validateA: "makeValidator",
    validateB: "(pick())",
    validateC: "make",
  });
});

it("a top-level let or var is no data a list is built from: only a const is", () => {
  const facts = extractFileFacts("src/tools.ts", 'export let LET = [{ name: "a" }];\nexport var VAR = [{ name: "b" }];\nexport const CONST = [{ name: "c" }];\n', options);
  expect(Object.keys(facts.data)).toEqual(["CONST"]);
});
