// Which uses of the builder's name are aliases and re-exports (read where they are used), which are references passed
// on, and which member reads of it are calls through Function.prototype.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const buildsIn = (line: string) =>
  extractFileFacts("src/tools/t.ts", ['import { status } from "../helpers.js";', line].join("\n"), options).builds.map((b) => ({
    k: b.k,
    column: b.loc.column,
    ...(b.k === "call" ? { member: b.callee?.member } : {}),
  }));

it.each([
  ["a const alias", "const say = status;"],
  ["a default re-export", "export default status;"],
  ["a named re-export", "export { status };"],
])("%s of the builder is no reference", (_name, line) => {
  expect(buildsIn(line)).toEqual([]);
});

it.each([
  ["a let holding it", "export let say = status;", 18],
  ["its .call read but not called", "export const f = status.call;", 18],
  ["its .call passed as an argument", "export const r = String(status.call);", 25],
  ["its .call called through brackets", 'export const b = status["call"](null, "error");', 18],
])("the builder in %s is a reference passed on", (_name, line, column) => {
  expect(buildsIn(line)).toEqual([{ k: "reference", column }]);
});

it("a call through the comma operator calls the builder by its name, not as a member", () => {
  expect(buildsIn('export function f() { return (0, status)("error", "Bad."); }')).toEqual([{ k: "call", column: 30, member: false }]);
});
