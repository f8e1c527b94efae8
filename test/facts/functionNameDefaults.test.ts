// Names JavaScript gives a function written as a default value (a parameter's, a destructured element's), which the
// census gives it too; and the const objects a spread reads through an `await`.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";
import { functionNames } from "./functionNames.js";

it("a default value takes its parameter's or element's name; other places give none", () => {
  const source = [
    "function outer(cb = () => 1) {}",
    "const { handler = function () {} } = options;",
    "f(function () {}, (x = () => 2) => x);",
    "const [first = () => 3] = list;",
  ].join("\n");
  expect(functionNames(source)).toEqual(["outer", "cb", "handler", null, null, "x", "first"]);
});

it("a const object read by a spread may be awaited; a name bound to no const object gives no entries", () => {
  const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
  const entries = (declarations: string) =>
    extractFileFacts("t.ts", `${declarations}\nexport const GUIDE = { ...X, b: "2" };\n`, options).objects["GUIDE"]!.map((e) => (e.key.k === "str" ? e.key.v : e.key.k));
  expect(entries('const X = await { a: "1" };')).toEqual(["a", "b"]);
  expect(entries('const X = { a: "1" };')).toEqual(["a", "b"]);
  expect(entries('let X = { a: "1" };')).toEqual(["unknown", "b"]);
  expect(entries("function X() {}")).toEqual(["unknown", "b"]);
  expect(entries("")).toEqual(["unknown", "b"]);
});
