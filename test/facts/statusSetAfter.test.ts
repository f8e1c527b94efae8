// An envelope's status set after its object is made (SPEC §2.0: any spelling of an object's status word): an
// assignment to `status` (plain, element, logical) and a "status" pair of Object.fromEntries, each an object build at
// its target or pair; compound assignments, other keys, spread pairs and another `Object` are none. (A string that
// names "status" is a serialised candidate of its own, whatever it sits in: only the object builds are read here.)
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const builds = (body: string) =>
  extractFileFacts("src/tools/t.ts", `export function f(o: any, x: any) {\n${body}\n}`, options)
    .builds.filter((b) => b.k === "object")
    .map((b) => ({
    k: b.k,
    form: b.form,
    word: b.word.k === "str" ? b.word.v : b.word.k,
    loc: `${b.loc.line}:${b.loc.column}`,
  }));

it.each([
  ["o.status = \"error\";", "1:1"],
  ["o[\"status\"] = \"error\";", "1:1"],
  ["o['sta' + 'tus'] = \"error\";", "1:1"],
  ["o.status ??= \"error\";", "1:1"],
  ["o.status ||= \"error\";", "1:1"],
  ["o.status &&= \"error\";", "1:1"],
  ["(o.status) = \"error\";", "1:2"],
  ["x.y.status = \"err\" + \"or\";", "1:1"],
])("%s is an assignment of the word, at its target", (line, at) => {
  expect(builds(line)).toEqual([{ k: "object", form: "assignment", word: "error", loc: `2:${Number(at.split(":")[1])}` }]);
});

it("an assignment's word split like a literal's, and a word the census cannot see kept as unknown", () => {
  const [split] = extractFileFacts("src/tools/t.ts", 'export function f(o: any, x: any) { o.status = x ? "error" : "ok"; }', options).builds;
  expect(split?.alternatives?.map((a) => (a.k === "str" ? a.v : a.k))).toEqual(["error", "ok"]);
  expect(builds("o.status = x;")).toEqual([{ k: "object", form: "assignment", word: "unknown", loc: "2:1" }]);
});

it.each([
  ["a compound assignment", 'o.status += "error";'],
  ["another key", 'o.state = "error";'],
  ["an element key the census cannot see", 'o[x] = "error";'],
  ["a comparison", 'if (o.status === "error") return 1;'],
])("%s is no build", (_name, line) => {
  expect(builds(line)).toEqual([]);
});

it("a \"status\" pair of Object.fromEntries is an entries build at the pair", () => {
  expect(builds('return Object.fromEntries([["message", "Bad."], ["status", "invalid"]]);')).toEqual([
    { k: "object", form: "entries", word: "invalid", loc: "2:49" },
  ]);
});

it.each([
  ["another key", 'return Object.fromEntries([["state", "error"]]);'],
  ["a spread pair", 'return Object.fromEntries([[..."ab"], ["status"]]);'],
  ["an `Object` of the file's own", 'const Object = { fromEntries: (p: unknown) => p }; return Object.fromEntries([["status", "error"]]);'],
  ["pairs the census cannot list", "return Object.fromEntries(x);"],
])("Object.fromEntries with %s is no build", (_name, line) => {
  expect(builds(line)).toEqual([]);
});
