// A stack overflow inside the analysis of a file that parsed (a reader that recursed where it should not have) is the
// file's "nested too deeply" parse error, never an exception, placed at its deepest node counting each link of a
// chain as a level, as the parser nests them. The overflow is played by options whose first read throws it.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import type { ExtractOptions } from "../../src/facts/fileIndex.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

/** Options whose every read overflows the stack, as a reader recursing without bound would. */
const overflowing = new Proxy(options, {
  get() {
    throw new RangeError("Maximum call stack size exceeded");
  },
}) as ExtractOptions;

const chain = Array.from({ length: 60 }, (_, i) => `p${i}`).join(".");
const SOURCE = ["export function f(o) {", `  const a = o.${chain};`, "  const b = [[[[[[[[[[[[1]]]]]]]]]]]];", "  return [a, b];", "}", ""].join("\n");

it("parsed, then overflowing: a parse error at the chain's innermost object, the deepest node when each link counts", () => {
  const facts = extractFileFacts("src/tools/t.ts", SOURCE, overflowing);
  expect(facts.parseErrors).toEqual([
    { loc: { line: 2, column: 13 }, end: { line: 2, column: 14 }, message: "nested too deeply to analyse at line 2", tooDeep: true },
  ]);
});

it("the same source read with options that do not overflow has no parse error", () => {
  expect(extractFileFacts("src/tools/t.ts", SOURCE, options).parseErrors).toEqual([]);
});

it("an error that is not a stack overflow is not taken for one", () => {
  const failing = new Proxy(options, {
    get() {
      throw new RangeError("Invalid array length");
    },
  }) as ExtractOptions;
  expect(() => extractFileFacts("src/tools/t.ts", SOURCE, failing)).toThrow("Invalid array length");
});
