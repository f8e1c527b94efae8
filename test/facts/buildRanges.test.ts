// The source range a rewrite replaces: kept with the rewrite of a builder's direct call, the only build an editor fix
// rewrites; a reference, an object and a serialised string keep none.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("a call's rewrite holds the call's range, from its first character to its last; no other build has one", () => {
  const call = 'status("error", "Bad.")';
  const text = [
    'import { status } from "../helpers.js";',
    `export const f = () => ${call};`,
    "export const handlers = [status];",
    'export const g = () => ({ status: "error" });',
    "export const h = () => '{\"status\":\"error\"}';",
  ].join("\n");
  const builds = extractFileFacts("src/tools/t.ts", text, options).builds;
  const start = text.indexOf(call);
  expect(builds.map((b) => [b.k, b.rewrite?.range, "range" in b])).toEqual([
    ["call", [start, start + call.length], false],
    ["reference", undefined, false],
    ["object", undefined, false],
    ["serialised", undefined, false],
  ]);
});

it("an object build keeps no alternatives when its word is one value, and splits `||` as it splits `??` and `?:`", () => {
  const objects = (body: string) =>
    extractFileFacts("src/tools/t.ts", `export function f(x: any) { return ${body}; }`, options)
      .builds.filter((b) => b.k === "object")
      .map((b) => b.alternatives?.map((a) => (a.k === "str" ? a.v : a.k)));
  expect(objects('{ status: "error" }')).toEqual([undefined]);
  expect(objects('{ status: x || "error" }')).toEqual([["unknown", "error"]]);
  expect(objects('{ status: x ?? "error" }')).toEqual([["unknown", "error"]]);
});
