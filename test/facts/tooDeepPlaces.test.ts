// Where a file nested too deeply is reported (SPEC §2.0, no input ends the run): at the line the parser's own recursion
// gave out on, counted as the parser counts lines (\n, \r\n, \r, U+2028, U+2029), or at the deepest node the analysis
// bound met, chain links not counted; the finding covers that line's first character.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts, isStackOverflow } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const nested = (depth: number): string => `${"(".repeat(depth)}1${")".repeat(depth)}`;

function tooDeepAt(text: string): unknown {
  const facts = extractFileFacts("deep.ts", text, options);
  return facts.parseErrors.map((e) => ({ ...e, message: e.message.replace(/.*(at line \d+).*/, "$1") }));
}

const at = (line: number) => [{ loc: { line, column: 1 }, end: { line, column: 2 }, message: `at line ${line}`, tooDeep: true }];

it.each([
  ["\\n", "\n"],
  ["\\r\\n", "\r\n"],
  ["\\r", "\r"],
  ["U+2028", "\u2028"],
  ["U+2029", "\u2029"],
])("nesting the parser cannot follow, after lines ended by %s, is reported at its line", (_name, eol) => {
  const text = ["const a = 1;", "const b = 2;", "", `const c = ${nested(20_000)};`, "const d = 4;", ""].join(eol);
  expect(tooDeepAt(text)).toEqual(at(4));
});

it("nesting the analysis bound meets is reported at its deepest node, a longer chain of accesses above it aside", () => {
  const chain = `const c = a${".b".repeat(1_000)};`;
  const text = ["declare const a: any;", chain, "", `const d = ${nested(600)};`, ""].join("\n");
  expect(tooDeepAt(text)).toEqual([{ loc: { line: 4, column: 611 }, end: { line: 4, column: 612 }, message: "at line 4", tooDeep: true }]);
});

it("only a RangeError about the call stack is a stack overflow", () => {
  expect(isStackOverflow(new RangeError("Maximum call stack size exceeded"))).toBe(true);
  expect(isStackOverflow(new RangeError("Invalid array length"))).toBe(false);
  expect(isStackOverflow(new Error("Maximum call stack size exceeded"))).toBe(false);
});
