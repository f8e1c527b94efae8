// A definition without a name is named by the key it is defined under, and only by a key: not by a variable, nor by
// a key the file cannot read. A registration's name must read as a string, or its handler as a function.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const names = (source: string) => extractFileFacts("t.ts", source, options).tools.map((t) => (t.name.k === "string" && t.name.expr.k === "str" ? t.name.expr.v : t.name.k === "unknown" ? t.name.why : t.name.k));

it("a definer without a name: the key it is the value of, else none", () => {
  expect(names('export const TOOLS = { list_tables: defineTool({ description: "d", run: () => "{}" }) };')).toEqual(["list_tables"]);
  expect(names('const t = defineTool({ description: "d", run: () => "{}" });')).toEqual(["the definer has no `name`"]);
  expect(names('const O = { [K]: defineTool({ description: "d", run: () => "{}" }) };')).toEqual(["the definer has no `name`"]);
});

it("a registration whose name reads as no string and whose handler is no function is not one", () => {
  expect(names("api.tool(unknownName, 42);")).toEqual([]);
  expect(names('api.tool("ping", 42);')).toEqual(["ping"]);
});
