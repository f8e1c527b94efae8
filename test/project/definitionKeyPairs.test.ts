// An element of a choice's options that is an `Object.entries` pair (or an object binding one) is one definition in
// both options: the pair's name and value decide, so the same entry is not a tool defined twice, and two names of one
// function stay two tools.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const server = (handlers: string, list: string) =>
  `${handlers}const E = Object.entries(H).map(([name, fn]) => ({ name, fn }));\n` +
  "export function register(server: any, flag: boolean) {\n" +
  `  for (const t of ${list}) server.registerTool(t.name, { description: "D." }, t.fn);\n` +
  "}\n";

const TWO = "async function h1() { return '[]'; }\nasync function h2() { return '[]'; }\nconst H = { a: h1, b: h2 };\n";

it("the same entries in both options are the same tools, each defined once", async () => {
  const report = await monitorReport({ "src/server.ts": server(TWO, "flag ? E : [...E]") });
  expect(report.counts.tools).toBe(2);
  expect(report.findings.filter((f) => f.message.includes("defined twice"))).toEqual([]);
});

it("one function under two names is two tools, in one option or both", async () => {
  const one = "async function h1() { return '[]'; }\nconst H = { a: h1, b: h1 };\n";
  expect((await monitorReport({ "src/server.ts": server(one, "E") })).counts.tools).toBe(2);
  expect((await monitorReport({ "src/server.ts": server(one, "flag ? E : [...E]") })).counts.tools).toBe(2);
  // Each option one entry: the pairs' names stand at one place, the Object.entries call, and differ only by text.
  expect((await monitorReport({ "src/server.ts": server(one, "flag ? [E[0]] : [E[1]]") })).counts.tools).toBe(2);
});
