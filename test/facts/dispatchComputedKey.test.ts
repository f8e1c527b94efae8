// An exported dispatcher reads the tool name at a path from its parameter; a name destructured under a computed key
// the syntax does not spell (`{ [key]: name }`) has no path, so its comparisons are no dispatch of the parameter.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const dispatcher = (pattern: string) =>
  [
    "declare const key: string;",
    "declare function run(n: string): string;",
    `export function handle(${pattern}: any) {`,
    "  switch (name) {",
    '    case "a": return run("a");',
    '    case "b": return run("b");',
    "  }",
    "}",
  ].join("\n");

it("a name destructured under a computed key is no dispatch, at the top of the parameter or inside it", () => {
  expect(extractFileFacts("src/tools/t.ts", dispatcher("{ [key]: name }"), options).dispatch).toEqual([]);
  expect(extractFileFacts("src/tools/t.ts", dispatcher("{ params: { [key]: name } }"), options).dispatch).toEqual([]);
});

it("a name destructured under a key written out is one", () => {
  const within = { fn: "handle", index: 0, path: ["params", "name"] };
  expect(extractFileFacts("src/tools/t.ts", dispatcher('{ params: { ["name"]: name } }'), options).dispatch.map((d) => (d as { within?: unknown }).within)).toEqual([within, within]);
});
