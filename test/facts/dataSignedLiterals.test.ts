// A number written with a sign (`-5`, `+5`) is a literal with no text, as JSON holds it: data of another kind than a
// string. Any other operator on a number (`~5`) is an expression the evaluator cannot read, a string unseen.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("a signed number is a value of no text; a number under another operator is a string unseen", () => {
  const facts = extractFileFacts("src/tools/t.ts", "export const X = { minus: -5, plus: +5, not: ~5 };\n", options);
  const entries = (facts.data.X as { entries: { key: string; value: { k: string } }[] }).entries;
  expect(entries.map((e) => [e.key, e.value.k])).toEqual([
    ["minus", "other"],
    ["plus", "other"],
    ["not", "string"],
  ]);
});
