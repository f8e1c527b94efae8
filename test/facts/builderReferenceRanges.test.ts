// A reference to the builder passed on as a value is recorded with the range of its text, as a call is.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("a reference's range covers the name passed on, from its first character to its last", () => {
  const text = ['import { status } from "../helpers.js";', "export const handlers = [status];"].join("\n");
  const [reference] = extractFileFacts("src/tools/t.ts", text, options).builds;
  const start = text.indexOf("[status]") + 1;
  expect(reference).toMatchObject({ k: "reference", range: [start, start + "status".length] });
});
