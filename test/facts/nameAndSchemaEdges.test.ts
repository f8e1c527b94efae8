// Edges of three readings: the name a function bound by destructuring gets (none: JavaScript names it after no
// pattern), a spread of a string (no object, whatever const its text names), and `server.tool(name, x, handler)`
// where `x` is a const holding a function (its parameters, never a description).
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";
import { functionNames } from "./functionNames.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("a function destructured into a pattern is named by nothing: null, as for any nameless function", () => {
  const source = ["const [destructured] = () => 4;", "const { property } = function () {};", "const named = () => 5;"].join("\n");
  expect(functionNames(source)).toEqual([null, null, "named"]);
});

it("a spread of a string literal or template is no object, even where a const of that name holds one", () => {
  const keys = (spread: string) =>
    extractFileFacts("t.ts", `const X = { a: "1" };\nexport const GUIDE = { ...${spread}, b: "2" };\n`, options).objects["GUIDE"]!.map((e) =>
      e.key.k === "str" ? e.key.v : e.key.k,
    );
  expect(keys('"X"')).toEqual(["unknown", "b"]);
  expect(keys("`X`")).toEqual(["unknown", "b"]);
  expect(keys("X")).toEqual(["a", "b"]);
});

it("server.tool's argument after the name that is a const holding a function is its parameters, with no text to tell apart", () => {
  const facts = extractFileFacts(
    "src/tools/t.ts",
    [
      'import { z } from "zod";',
      "const MAKE = () => ({ a: z.string() });",
      "export function register(server) {",
      '  server.tool("d", MAKE, async () => ({ content: [] }));',
      "}",
    ].join("\n"),
    options,
  );
  expect(facts.tools.map((t) => [t.input?.k ?? "missing", "inputAfterText" in t ? (t.inputAfterText?.k ?? null) : "none"])).toEqual([["function", "none"]]);
});
