// A top-level const made by a call (a validator a factory makes, SPEC §2.2): the facts name the function called, by
// its own name where it has one (`lib.makeValidator(…)` is `makeValidator`) and by the callee as written where not.
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
