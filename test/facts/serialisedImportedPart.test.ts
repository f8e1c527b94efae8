// A hand-serialised envelope may take its `"status"` key from another module's constant: a string joined from an
// imported constant is a serialised candidate even where its own text never says "status" (the project reads the
// constant), and one joined only from text of its own that never says it is none.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const serialised = (lines: string[]) =>
  extractFileFacts("src/tools/t.ts", lines.join("\n"), options)
    .builds.filter((b) => b.k === "serialised")
    .map((b) => ({ line: b.loc.line, column: b.loc.column, word: b.word }));

it("a string joined from an imported constant and text that never says status is a candidate", () => {
  expect(serialised(['import { OPEN } from "./envelope.js";', "export function f() {", "  return OPEN + '\"error\"}';", "}"])).toEqual([
    {
      line: 3,
      column: 10,
      word: { k: "cat", parts: [{ k: "ref", module: "./envelope.js", name: "OPEN", path: [], line: 3, column: 10 }, { k: "str", v: '"error"}' }] },
    },
  ]);
});

it("a string joined from text of its own that never says status is none", () => {
  expect(serialised(["const OPEN = '{\"state\":';", "export function f() {", "  return OPEN + '\"error\"}';", "}"])).toEqual([]);
});
