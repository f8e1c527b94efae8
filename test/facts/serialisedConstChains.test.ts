// A `+` chain with no string literal in it is read for a serialised envelope when an operand may be a known string: a
// const of this file, an imported const (chains of parameters, numbers and calls alone are passed over unevaluated).
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const serialised = (lines: string[]) =>
  extractFileFacts("src/tools/t.ts", lines.join("\n"), options)
    .builds.filter((b) => b.k === "serialised")
    .map((b) => ({ line: b.loc.line, column: b.loc.column, word: b.word.k }));

it.each([
  ["two consts of this file", ["const HEAD = '{\"status\":\"inva';", "const TAIL = 'lid\"}';", "export const r = HEAD + TAIL;"], "str"],
  ["an imported const and a parameter", ['import { HEAD } from "../parts.js";', "export function f(tail: string) { return HEAD + tail; }"], "cat"],
])("a chain of %s is read", (_name, lines, word) => {
  const chains = serialised(lines).filter((b) => b.line === lines.length);
  expect(chains).toEqual([{ line: lines.length, column: lines.length === 3 ? 18 : 42, word }]);
});
