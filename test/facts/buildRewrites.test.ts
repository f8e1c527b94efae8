// The rewrite offered for a hand-built envelope: which producer names are the producers where the call is (bound) and
// which are taken by something else, and the parameter a refusal would name.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

// The producers are formatError and refusal.
const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

// Without the call's range (test/facts/buildRanges.test.ts checks it).
const rewrites = (lines: string[]) =>
  extractFileFacts("src/tools/t.ts", lines.join("\n"), options).builds.map((b) => {
    if (!b.rewrite) return undefined;
    const { range: _range, ...rest } = b.rewrite;
    return rest;
  });

it("a producer declared as a function where the call is is bound; a name held by a number is taken", () => {
  expect(
    rewrites([
      'import { status } from "../helpers.js";',
      "function refusal(p: string, s: string) { return s; }",
      "const formatError = 3;",
      'export function f() { return status("invalid", "Bad.", { parameter: "limit" }); }',
    ]),
  ).toEqual([{ args: ['"invalid"', '"Bad."', '{ parameter: "limit" }'], qualifier: "", bound: ["refusal"], taken: ["formatError"], parameter: '"limit"', importAfter: 15 }]);
});

it("neither list holds a producer name nothing declares", () => {
  expect(rewrites(['import { status } from "../helpers.js";', 'export function f() { return status("error", "Bad."); }'])).toEqual([
    { args: ['"error"', '"Bad."'], qualifier: "", bound: [], taken: [], importAfter: 15 },
  ]);
});

it("the parameter is read from hints given awaited", () => {
  expect(
    rewrites(['import { status } from "../helpers.js";', 'export async function f() { return status("invalid", "Bad.", await { parameter: "limit" }); }'])[0]?.parameter,
  ).toBe('"limit"');
});

it("a const holding a function is a bound producer; a let holding one, or a const without one, is taken", () => {
  const rewrite = (declarations: string[]) =>
    rewrites(['import { status } from "../helpers.js";', ...declarations, 'export function f() { return status("error", "Bad."); }'])[0];
  expect(rewrite(["const refusal = (p: string, s: string) => s;", "let formatError = (op: string, ex: unknown) => op;"])).toMatchObject({
    bound: ["refusal"],
    taken: ["formatError"],
  });
  expect(rewrite(["declare const refusal: (p: string, s: string) => string;", "var formatError = function (op: string) { return op; };"])).toMatchObject({
    bound: [],
    taken: ["formatError", "refusal"],
  });
});
