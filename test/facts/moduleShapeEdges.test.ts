// Module facts at the edges of what parses, and what a top-level const leaves to the constants
// (src/facts/moduleShape.ts): `export * from x` with a module that is no string literal parses (TypeScript leaves the
// complaint to its checker) and names no module, so it exports nothing; a string, a template or a number declared at
// the top level is a constant, never data a tool list is built from.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const factsOf = (lines: string[]) => extractFileFacts("src/m.ts", lines.join("\n"), options);

it("a star export whose module is no string literal exports nothing", () => {
  const facts = factsOf(["const x = './a.js';", "export * from x;", "export * as ns from x;", 'export * from "./b.js";']);
  expect(facts.parseErrors).toEqual([]);
  expect(facts.exports).toEqual([{ star: "./b.js" }]);
});

it("a top-level string, template or number is no data; an object, a list or a call is", () => {
  const facts = factsOf([
    'export const NAME = "ping";',
    "export const QUOTED = `pong`;",
    "export const JOINED = `${NAME}-x`;",
    "export const COUNT = 5;",
    'export const TOOL = { name: "a" };',
    'export const LIST = ["a"];',
    "export const MADE = make();",
  ]);
  expect(Object.keys(facts.data).sort()).toEqual(["LIST", "MADE", "TOOL"]);
  expect(Object.keys(facts.constants).sort()).toEqual(expect.arrayContaining(["JOINED", "NAME", "QUOTED"]));
});

it("a default export of a string is no data", () => {
  expect(Object.keys(factsOf(['export default "ping";']).data)).toEqual([]);
  expect(Object.keys(factsOf(['export default [{ name: "a" }];']).data)).toEqual(["default"]);
});
