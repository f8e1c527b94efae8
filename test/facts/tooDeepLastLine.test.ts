// Nesting the parser cannot follow on a file's last line, or on its only one, is reported at that line: the search for
// the line the parser gave out on reaches the end of the text, with or without a line end after it.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const deep = `const c = ${"(".repeat(20_000)}1${")".repeat(20_000)};`;

const lineOf = (text: string) => extractFileFacts("deep.ts", text, options).parseErrors.map((e) => [e.loc.line, e.message]);

it.each([
  ["the last of five, no line end after it", ["const a = 1;", "const b = 2;", "", "// d", deep].join("\n"), 5],
  ["the last of five, a line end after it", ["const a = 1;", "const b = 2;", "", "// d", deep, ""].join("\n"), 5],
  ["the only one", deep, 1],
])("on %s", (_name, text, line) => {
  expect(lineOf(text)).toEqual([[line, `nested too deeply to analyse at line ${line}`]]);
});
