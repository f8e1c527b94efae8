// A serialised envelope written as an operand of an operator other than `+` (`x ?? '{"status":…}'`) is a string of its
// own, read as one: only a `+` makes a string part of a longer one.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it.each(["??", "||", "&&", ","])("a serialised envelope after `%s` is read on its own", (op) => {
  const text = `declare const x: string | undefined;\nexport const answer = (x ${op} '{"status":"error","message":"m","hints":{}}');\n`;
  const builds = extractFileFacts("serialised.ts", text, options).builds.filter((b) => b.k === "serialised");
  expect(builds.map((b) => [b.loc, b.word])).toEqual([[{ line: 2, column: 27 + op.length }, { k: "str", v: '{"status":"error","message":"m","hints":{}}' }]]);
});
