// An object's entries read through a spread of an awaited object (`...(await BASE)`, `...(await { … })`): awaiting
// an object gives the object, as for every other value the census reads through `await`.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it.each([
  ["a const object", 'const BASE = { name: "base" };\nexport const TOOL = { ...(await BASE), description: "d" };\n'],
  ["an object written in place", 'export const TOOL = { ...(await { name: "base" }), description: "d" };\n'],
])("a spread of %s awaited gives its entries", (_what, text) => {
  const entries = extractFileFacts("spreads.ts", text, options).objects["TOOL"]!;
  expect(entries.map((e) => [e.key, e.value])).toEqual([
    [{ k: "str", v: "name" }, { k: "str", v: "base" }],
    [{ k: "str", v: "description" }, { k: "str", v: "d" }],
  ]);
});
