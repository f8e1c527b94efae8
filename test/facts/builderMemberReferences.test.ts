// The builder read as a member of its module and passed on as a value: through the namespace import itself, through a
// const that holds the namespace, and through the module a dynamic import gives. A member of any other object that
// shares the builder's name is no reference.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const referencesIn = (lines: string[]) =>
  extractFileFacts("src/tools/t.ts", lines.join("\n"), options)
    .builds.filter((b) => b.k === "reference")
    .map((b) => ({ line: b.loc.line, column: b.loc.column, module: b.callee?.ref.k === "import" ? b.callee.ref.module : undefined }));

it.each([
  ["the namespace import", ['import * as h from "../helpers.js";', "export const r = String(h.status);"], 25],
  ["a const holding the namespace", ['import * as h from "../helpers.js";', "const k = h;", "export const r = String(k.status);"], 25],
  ["a const holding a const holding the namespace", ['import * as h from "../helpers.js";', "const k = h;", "const j = k;", "export const r = String(j.status);"], 25],
  ["the module a dynamic import gives", ["export async function f() { return String((await import(\"../helpers.js\")).status); }"], 43],
])("the builder read as a member of %s and passed on is a reference", (_name, lines, column) => {
  expect(referencesIn(lines)).toEqual([{ line: lines.length, column, module: "../helpers.js" }]);
});

it.each([
  ["a parameter", ["export function f(res: { status: number }) { return String(res.status); }"]],
  ["a local object", ["export function f() { const res = { status: 200 }; return String(res.status); }"]],
  ["a member of a member", ['import * as h from "../helpers.js";', "export const r = String(h.inner.status);"]],
  ["a const holding something other than a module", ["const k = { status: 1 };", "export const r = String(k.status);"]],
])("a member named as the builder of %s is no reference", (_name, lines) => {
  expect(referencesIn(lines)).toEqual([]);
});
