// The builder passed on as a value through a name or member that holds it: a member of its module (through the namespace
// import itself, a const that holds the namespace, or the module a dynamic import gives), and a const that holds the
// builder, however it got it. A member of any other object, or another binding, that shares the name is no reference.
import path from "node:path";
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

const named = 'import { status } from "../helpers.js";';
const namespace = 'import * as h from "../helpers.js";';

it.each([
  ["the namespace import", ['import * as h from "../helpers.js";', "export const r = String(h.status);"], 25],
  ["a const holding the namespace", ['import * as h from "../helpers.js";', "const k = h;", "export const r = String(k.status);"], 25],
  ["a const holding a const holding the namespace", ['import * as h from "../helpers.js";', "const k = h;", "const j = k;", "export const r = String(j.status);"], 25],
  ["the module a dynamic import gives", ["export async function f() { return String((await import(\"../helpers.js\")).status); }"], 43],
  ["the namespace import, by a key in brackets", [namespace, 'export const r = String(h["status"]);'], 25],
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

it.each([
  ["a const alias of the named import", [named, "const say = status;", "export const r = String(say);"], 3, 25],
  ["a const alias of an alias", [named, "const say = status;", "const tell = say;", "export const r = [tell];"], 4, 19],
  ["a const holding the namespace's member", [namespace, "const say = h.status;", "export const r = String(say);"], 3, 25],
  ["a const holding the namespace's member by a key in brackets", [namespace, 'const say = h["status"];', "export const r = String(say);"], 3, 25],
  ["a const destructured out of the namespace", [namespace, "const { status: say } = h;", "export const r = String(say);"], 3, 25],
  ["a const alias in a function body", [named, "export function f() {", "  const say = (status);", "  return [say];", "}"], 4, 11],
  ["a const alias read in a function written before it", [named, "export function f() { return [say]; }", "const say = status;"], 2, 31],
  ["a const alias of an alias written after it", [named, "export function f() { const tell = say; return [tell]; }", "const say = status;"], 2, 49],
])("the builder held by %s and passed on is a reference at the name read", (_name, lines, line, column) => {
  expect(referencesIn(lines)).toEqual([{ line, column, module: "../helpers.js" }]);
});

it.each([
  ["a local function that shadows the alias", [named, "const say = status;", "export function f() { const say = (w: string) => w; return [say]; }"]],
  ["a parameter that shadows the alias", [named, "const say = status;", "export function f(say: unknown) { return [say]; }"]],
  ["a const holding something else under the same name in another function", [named, "export function f() { const say = status; return say(\"ok\", \"Fine.\"); }", "export function g() { const say = 1; return [say]; }"]],
  ["a const holding a member of another name", [namespace, "const say = h.formatError;", "export const r = String(say);"]],
])("a name read that is %s is no reference", (_name, lines) => {
  expect(referencesIn(lines)).toEqual([]);
});

it("a let holding the builder leaves the builder itself passed on, at the let's value", () => {
  expect(referencesIn([named, "export let say = status;", "export const r = [say];"])).toEqual([{ line: 2, column: 18, module: "../helpers.js" }]);
});

it("an allow-listed callee handed on is no reference, as its calls are checked against the words it is allowed", () => {
  const dir = path.join(import.meta.dirname, "..", "..", "fixtures", "near-miss", "hand-built-status", "allow-listed-outcome");
  const allowing = extractOptionsOf(loadConfig({ dir }));
  const lines = ['import { outcome, status } from "../helpers.js";', "export const r = [outcome, status];"];
  const references = extractFileFacts("src/tools/t.ts", lines.join("\n"), allowing).builds.filter((b) => b.k === "reference");
  expect(references.map((b) => [b.loc.line, b.loc.column, b.callee?.name])).toEqual([[2, 28, "status"]]);
});
