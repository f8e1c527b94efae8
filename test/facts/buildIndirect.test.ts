// Builder calls through Function.prototype (`.call`, `.apply`) at their edges, and which imports may be the builder:
// what each leaves in a file's facts for the project to decide.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const buildsOf = (lines: string[]) => extractFileFacts("src/tools/t.ts", lines.join("\n"), options).builds;

it("a call through .call or .apply is recorded without a rewrite (the census offers none for an indirect call)", () => {
  const builds = buildsOf([
    'import { status } from "../helpers.js";',
    'export function f() { return status.call(null, "error", "Bad."); }',
    'export function g() { return status("error", "Bad."); }',
  ]);
  expect(builds.map((b) => ({ line: b.loc.line, word: b.word, rewrite: "rewrite" in b }))).toEqual([
    { line: 2, word: { k: "str", v: "error" }, rewrite: false },
    { line: 3, word: { k: "str", v: "error" }, rewrite: true },
  ]);
});

it.each([
  ["a list the census cannot read", "status.apply(null, args)", "the arguments are `args`, not a list the census can read"],
  ["an empty list", "status.apply(null, [])", "the arguments are `[]`, not a list the census can read"],
  ["a list that starts with a spread", "status.apply(null, [...args])", "the arguments are `[...args]`, not a list the census can read"],
  ["no list at all", "status.apply(null)", "no status word is passed"],
])(".apply with %s records a build whose word is unknown, saying why", (_name, call, why) => {
  const builds = buildsOf(['import { status } from "../helpers.js";', `export function f(args: string[]) { return ${call}; }`]);
  expect(builds.map((b) => ({ k: b.k, word: b.word }))).toEqual([{ k: "call", word: { k: "unknown", why, line: 2, column: 44 } }]);
});

it("a default import called with one word may be the builder (the project decides); another import with one word is not", () => {
  const builds = buildsOf([
    'import say from "../helpers.js";',
    'import { other } from "../format.js";',
    'export function f() { return say("error"); }',
    'export function g() { return other("error"); }',
  ]);
  expect(builds.map((b) => ({ line: b.loc.line, name: b.k === "call" ? b.callee?.name : undefined, word: b.word }))).toEqual([
    { line: 3, name: "default", word: { k: "str", v: "error" } },
  ]);
});

it(".apply with an awaited list reads the list: awaiting an array gives the array", () => {
  const builds = buildsOf(['import { status } from "../helpers.js";', 'export async function f() { return status.apply(null, await ["error", "Bad."]); }']);
  expect(builds.map((b) => ({ k: b.k, word: b.word }))).toEqual([{ k: "call", word: { k: "str", v: "error" } }]);
});

it("a local function that is not the builder, called with a known word and more, is no build", () => {
  const builds = buildsOf(['function say(word: string, text: string) { return { word, text }; }', 'export function f() { return say("error", "Bad."); }']);
  expect(builds).toEqual([]);
});

it("a call through .call or .apply of the last operand of a comma is the builder's call, as a direct call of one is", () => {
  const builds = buildsOf([
    'import { status } from "../helpers.js";',
    'import * as h from "../helpers.js";',
    'export function f() { return (0, status).call(null, "error", "Bad."); }',
    'export function g() { return (0, h.status).apply(null, ["error", "Bad."]); }',
    'export function k() { return (0, status)("error", "Bad."); }',
  ]);
  expect(builds.map((b) => ({ k: b.k, line: b.loc.line, word: b.word, rewrite: "rewrite" in b }))).toEqual([
    { k: "call", line: 3, word: { k: "str", v: "error" }, rewrite: false },
    { k: "call", line: 4, word: { k: "str", v: "error" }, rewrite: false },
    { k: "call", line: 5, word: { k: "str", v: "error" }, rewrite: true },
  ]);
});

it("a builder chosen by ?? and then called through .call is a reference the census cannot follow, not a call it reads", () => {
  const builds = buildsOf([
    'import { status } from "../helpers.js";',
    'export function f(other?: typeof status) { return (other ?? status).call(null, "error", "Bad."); }',
  ]);
  expect(builds.map((b) => ({ k: b.k, word: b.word }))).toEqual([
    { k: "reference", word: { k: "unknown", why: "`status` is passed on as a value", line: 2, column: 61 } },
  ]);
});

it("passed on as a value, only the imported builder is a reference: not a local or parameter that shadows its name", () => {
  const references = (body: string) => buildsOf(['import { status } from "../helpers.js";', body]).map((b) => ({ k: b.k, line: b.loc.line }));
  expect(references("export const r = String(status);")).toEqual([{ k: "reference", line: 2 }]);
  expect(references("export function f() { const status = (w: string) => w; return String(status); }")).toEqual([]);
  expect(references("export function f(status: unknown) { return String(status); }")).toEqual([]);
});
