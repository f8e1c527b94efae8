// `Object.fromEntries([...])` read pair by pair: an element that is no pair written in place (a variable, a call) is
// passed over, and the `"status"` pair after it is still the envelope it is.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("passes over an element that is no pair written in place and reads the status pair after it", () => {
  const facts = extractFileFacts(
    "src/tools/t.ts",
    'export function f(extra: [string, string]) {\n  return Object.fromEntries([extra, pairOf(), ["status", "error"]]);\n}\ndeclare function pairOf(): [string, string];\n',
    options,
  );
  // (The "status" string is a serialised candidate of its own, whatever it sits in: only the object builds are read here.)
  const objects = facts.builds.filter((b) => b.k === "object");
  expect(objects.map((b) => ({ form: b.form, line: b.loc.line, column: b.loc.column, word: b.word }))).toEqual([
    { form: "entries", line: 2, column: 47, word: { k: "str", v: "error" } },
  ]);
});
