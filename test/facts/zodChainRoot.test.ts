// A zod chain is read from its root: a chain of modifiers (`.optional()`, `.describe()`) on a value that is no name
// (a call's result) is no zod chain of its own, and the value stays what the data reader says it is.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("a modifier called on a call's result is no zod chain; on an imported zod it is one", () => {
  const facts = extractFileFacts(
    "src/tools/t.ts",
    ['import { z } from "zod";', "declare function makeSchema(): any;", "export const S = makeSchema().optional();", "export const T = z.string().optional();"].join("\n"),
    options,
  );
  expect(Object.keys(facts.schemas ?? {})).toEqual(["4:18"]);
  expect(facts.data.S).toEqual({ k: "other", what: "makeSchema().optional()", why: "call to `makeSchema().optional()`", loc: { line: 3, column: 18 } });
});
