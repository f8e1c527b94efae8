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
  ["no pairs at all", "return Object.fromEntries();"],
  ["a pair whose value is spread from a list it cannot see", 'return Object.fromEntries([["status", ...x]]);'],
  ["a pair whose value follows a spread it cannot see", 'return Object.fromEntries([["status", ...x, "error"]]);'],
  ["a pair whose key is spread from a list it cannot see", 'return Object.fromEntries([[...x, "error"]]);'],
  ["another owner's fromEntries", 'return Entries.fromEntries([["status", "error"]]);'],
  ["a member's fromEntries", 'return x.Object.fromEntries([["status", "error"]]);'],
])("Object.fromEntries with %s is no build", (_name, line) => {
  expect(builds(line)).toEqual([]);
});

it.each([
  ['["status", ...["error"]]', "2:28"],
  ['[...["status", "error"]]', "2:28"],
  ['[...["status"], ...[...["error", "ok"]]]', "2:28"],
  ['[...(["status"] as const), "error"]', "2:28"],
])("a pair %s spread from lists written in place is read as the list holds it", (pair, at) => {
  expect(builds(`return Object.fromEntries([${pair}]);`)).toEqual([{ k: "object", form: "entries", word: "error", loc: at }]);
});

it("a key that is another module's constant is kept for the project to read; a key the file reads is settled here", () => {
  const facts = extractFileFacts(
    "src/tools/t.ts",
    [
      'import { KEY } from "./keys.js";',
      'const LOCAL = "status";',
      "export function f(o: any, x: any) {",
      '  o[KEY] = "error";',
      '  return [{ [KEY]: "error" }, Object.fromEntries([[KEY, "error"]]), { [LOCAL]: "error" }, { [x]: "error" }, { ["state"]: "error" }];',
      "}",
    ].join("\n"),
    options,
  );
  const key = { k: "ref", module: "./keys.js", name: "KEY", path: [] };
  expect(facts.builds.filter((b) => b.k === "object").map((b) => ({ loc: `${b.loc.line}:${b.loc.column}`, form: b.form, key: b.key }))).toEqual([
    { loc: "5:13", form: undefined, key: expect.objectContaining(key) },
    { loc: "5:71", form: undefined, key: undefined },
    { loc: "4:3", form: "assignment", key: expect.objectContaining(key) },
    { loc: "5:51", form: "entries", key: expect.objectContaining(key) },
  ]);
});
