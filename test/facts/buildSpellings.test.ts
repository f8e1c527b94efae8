// Hand-built envelopes however the call is spelled (SPEC §2.0): through .call / .apply, an alias, the comma operator, a
// non-null assertion; and an object's status word split through ?? and ||, which the census cannot decide.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

// `status` of ../helpers.js is the builder.
const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const IMPORT = 'import { status } from "../helpers.js";';

const builds = (lines: string[]) =>
  extractFileFacts("src/tools/t.ts", [IMPORT, ...lines].join("\n"), options).builds.map((b) => ({ k: b.k, word: b.word, loc: b.loc }));

it.each([
  ["called through .call", 'export function f() { return status.call(null, "error", "Bad."); }'],
  ["called through .apply", 'export function f() { return status.apply(null, ["error", "Bad."]); }'],
  ["called through the comma operator", 'export function f() { return (0, status)("error", "Bad."); }'],
  ["called with a non-null assertion", 'export function f() { return status!("error", "Bad."); }'],
])("%s is a call of the builder with its word", (_name, line) => {
  expect(builds([line])).toEqual([{ k: "call", word: { k: "str", v: "error" }, loc: { line: 2, column: 30 } }]);
});

it("a const alias of the builder is the builder where it is called", () => {
  expect(builds(["const say = status;", 'export function f() { return say("error", "Bad."); }'])).toEqual([
    { k: "call", word: { k: "str", v: "error" }, loc: { line: 3, column: 30 } },
  ]);
});

it.each([
  ["??", 'export function f(x) { return { status: x ?? "error", message: "Bad.", hints: [] }; }'],
  ["||", 'export function f(x) { return { status: x || "error", message: "Bad.", hints: [] }; }'],
])("an object whose status is an `%s` of a parameter and a word cannot be decided, and says why", (op, line) => {
  expect(builds([line])).toEqual([
    {
      k: "object",
      word: { k: "unknown", why: `\`${op}\` expression \`x ${op} "error"\`: the value depends on its operands at run time`, line: 2, column: 41 },
      loc: { line: 2, column: 33 },
    },
  ]);
});
