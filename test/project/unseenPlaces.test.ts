// Where a finding on a description the census cannot see stands when the value it reads has no such member (src/
// project/dataResolver.ts, `fileOf` and `locOfResolved`): at the value read, in the module that declares it; a list
// and a definer's tool have no place of their own, so line 1, column 1 of the file (a list's: the file read from).
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const OTHER =
  'import { defineTool } from "./def.js";\n' +
  "export const LIST = [\"x\"];\n" +
  "export const OBJ = { a: 1 };\n" +
  "export const SPREAD = [...OBJ];\n" +
  "export function handler() { return { content: [] }; }\n" +
  "export const FN = handler;\n" +
  'export const T = defineTool({ name: "a", description: "A.", run: async () => ({ content: [] }) });\n';

async function finding(description: string) {
  const server =
    'import { LIST, SPREAD, FN, T } from "./other.js";\n' +
    "export function register(server) {\n" +
    `  server.registerTool("t", { description: ${description} }, async () => ({ content: [] }));\n` +
    "}\n";
  const report = await monitorReport({ "src/server.ts": server, "src/other.ts": OTHER }, { discovery: { definers: ["defineTool"], bodyKey: "run" } });
  return report.findings.filter((f) => f.rule === "tool-discovery").map((f) => `${f.file}:${f.line}:${f.column} ${/\(([^)]*)\)/.exec(f.message)?.[1]}`);
}

it("a list's member: line 1, column 1 of the file that reads it", async () => {
  expect(await finding("LIST.description")).toEqual(["src/server.ts:1:1 a list has no property `description`"]);
});

it("a definer's tool's member: line 1, column 1 of the module that defines it", async () => {
  expect(await finding("T.description")).toEqual(["src/other.ts:1:1 a tool has no property `description`"]);
});

it("a function's member: where the module names it", async () => {
  expect(await finding("FN.description")).toEqual(["src/other.ts:6:19 a function has no property `description`"]);
});

it("an element of a list spread from an object: the object, where it is written", async () => {
  expect(await finding("SPREAD[0]")).toEqual(["src/other.ts:3:20 an object is not a list"]);
});
