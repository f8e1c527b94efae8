// A file records at most four tool-like calls (enough to name one in a finding), the first four in the file.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("records the first four tool-like calls of a file of six", () => {
  const text = [1, 2, 3, 4, 5, 6].map((n) => `srv.addThing${n}({ name: "t${n}", description: "d", execute() { return ${n}; } });\n`).join("");
  expect(extractFileFacts("t.ts", text, options).toolLike?.map((t) => t.callee)).toEqual(["addThing1", "addThing2", "addThing3", "addThing4"]);
});
