// Where the builder's name is a value passed on (a reference the census cannot follow) and where it is no value at all:
// a key, a label, a property read out of an object, a type's qualifier.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const referencesIn = (line: string) =>
  extractFileFacts("src/tools/t.ts", ['import { status } from "../helpers.js";', line].join("\n"), options)
    .builds.filter((b) => b.k === "reference")
    .map((b) => ({ loc: b.loc, why: b.word.k === "unknown" ? b.word.why : undefined }));

it.each([
  ["a shorthand property", "export const table = { status };", 24, "`status` is passed on as a value"],
  ["a binding's default", "export function f(o: any) { const { a = status } = o; return a; }", 41, "`status` is passed on as a value"],
])("the builder as %s is a reference passed on as a value", (_name, line, column, why) => {
  expect(referencesIn(line)).toEqual([{ loc: { line: 2, column }, why }]);
});

it.each([
  ["a property read out of an object", "export function f(o: any) { const { status: s } = o; return s; }"],
  ["a label", "export function f() { status: for (;;) { break status; } }"],
  ["the qualifier of a type name", "export let kind: status.Kind;"],
  ["the qualifier of an import alias", "import Kind = status.Kind;"],
])("the builder's name as %s is no reference", (_name, line) => {
  expect(referencesIn(line)).toEqual([]);
});
