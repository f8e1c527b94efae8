// A definer's object read part by part (SPEC §1): awaiting a function gives the function, so a handler written
// `run: await (async () => …)` is the tool's body, and a description written `await ("…")` is reported at its text.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const base = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const options = { ...base, definers: [{ callee: "defineTool", name: ["name"], description: ["description"], body: ["run"] }] };

it("an awaited handler is the tool's body, and an awaited description is where its text is", () => {
  const text = 'export const t = defineTool({ name: "x", description: await ("Lists x."), run: await (async () => "ok") });\n';
  const [tool] = extractFileFacts("src/tools/t.ts", text, options).tools;
  expect({ loc: tool!.descriptionLoc, end: tool!.descriptionEnd, body: tool!.body, missing: tool!.bodyMissing }).toEqual({
    loc: { line: 1, column: 62 },
    end: { line: 1, column: 72 },
    body: { k: "function", key: "@1:87", loc: { line: 1, column: 87 } },
    missing: undefined,
  });
});

it("a part written as a shorthand property is where it is written, and a shorthand after a part is no part of it", () => {
  const at = (text: string) => {
    const [tool] = extractFileFacts("src/tools/t.ts", text, options).tools;
    return [tool!.descriptionLoc, tool!.descriptionEnd];
  };
  const declared = 'const description = "Lists x.";\nasync function run() { return "ok"; }\n';
  expect(at(`${declared}export const t = defineTool({ name: "x", description, run });\n`)).toEqual([
    { line: 3, column: 42 },
    { line: 3, column: 53 },
  ]);
  expect(at(`${declared}export const t = defineTool({ name: "x", description: "Lists x.", run });\n`)).toEqual([
    { line: 3, column: 55 },
    { line: 3, column: 65 },
  ]);
});
