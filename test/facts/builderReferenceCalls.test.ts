// The builder's name is called only where the call's callee is it: through parentheses, `!`, `as` and the right of a
// comma. On the left of a comma, or inside `+`, it is a value the census cannot follow, whatever is called after.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const references = (line: string) =>
  extractFileFacts("src/tools/t.ts", ['import { status } from "../helpers.js";', line].join("\n"), options)
    .builds.filter((b) => b.k === "reference")
    .map((b) => b.loc);

it.each([
  ["the left of a comma whose right is called", 'export const x = (status, String)("error");', 19],
  ["an operand of + whose sum is called", 'export const y = ("" + status as any)("error");', 24],
])("the builder as %s is a reference passed on", (_name, line, column) => {
  expect(references(line)).toEqual([{ line: 2, column }]);
});

it.each([
  ["the right of a comma", 'export const z = (0, status)("error", "Bad.");'],
  ["parenthesized, asserted and cast", 'export const w = ((status!) as typeof status)("error", "Bad.");'],
])("the builder called as %s is no reference", (_name, line) => {
  expect(references(line)).toEqual([]);
});
