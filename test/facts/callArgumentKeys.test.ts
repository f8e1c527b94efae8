// An object passed to a function the project can follow names its keys (src/facts/calls.ts, `argumentShape`): a key
// the census cannot read (computed from a value) may be any key, so it leaves the object open, as a spread does; a
// computed key written as a literal is that key.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const argsOf = (call: string) =>
  extractFileFacts("src/tools/t.ts", ['import { register } from "../helpers.js";', "export function f(k) {", `  ${call};`, "}"].join("\n"), options).calls.map((c) => c.args);

it("a key computed from a value leaves the object open", () => {
  expect(argsOf('register({ name: "a", [k]: "b" })')).toEqual([[{ k: "object", keys: ["name"], open: true }]]);
});

it("a computed key written as a literal is that key, and the object stays closed", () => {
  expect(argsOf('register({ name: "a", ["title"]: "b" })')).toEqual([[{ k: "object", keys: ["name", "title"], open: false }]]);
});
