// A tool's name that is an argument of the function registering it (src/project/dataResolver.ts, `argument`): what the
// call passes, its default where the call passes nothing (no argument, `undefined`, an object without the key a
// destructured parameter reads), and otherwise why it depends on the caller, naming the function by its place when
// it is one inside another.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const register = (name: string) => `server.registerTool(${name}, { description: "D." }, async () => ({ content: [] }))`;

async function census(source: string) {
  const report = await monitorReport({ "src/server.ts": source });
  return { tools: report.descriptions.map((d) => d.tool), findings: report.findings.map((f) => `${f.rule} ${f.line} ${/\(([^]*)\), so it cannot/.exec(f.message)?.[1]}`) };
}

it("a helper called with a value the census cannot see: that value's reason, not the default", async () => {
  const source = `function addTool(server, name = "dflt") {\n  ${register("name")};\n}\nexport function register(server) {\n  addTool(server, load());\n}\n`;
  expect(await census(source)).toEqual({ tools: [], findings: ["tool-discovery 2 call to `load()`"] });
  // Called twice: each call is a tool of its own, the first named by what it passes.
  const unseen = `function addTool(server, name = "dflt") {\n  ${register("name")};\n}\nexport function register(server, given) {\n  addTool(server, given);\n  addTool(server);\n}\n`;
  expect(await census(unseen)).toEqual({
    tools: ["dflt"],
    findings: [
      "tool-discovery 2 its call at src/server.ts:5 passes it: the value is an argument of `register`, so it depends on the caller: the census sees no call of it in the SKU's modules",
    ],
  });
});

it("a single call passing undefined, or an object without the key read, takes the default", async () => {
  const helper = (parameter: string) => `function addTool(server, ${parameter}) {\n  return ${register("name")};\n}\n`;
  const caller = (argument: string) => `export function register(server) {\n  const t = addTool(server, ${argument});\n}\n`;
  expect(await census(helper('name = "dflt"') + caller("undefined"))).toEqual({ tools: ["dflt"], findings: [] });
  expect(await census(helper('{ name = "dflt" }') + caller("{ other: 1 }"))).toEqual({ tools: ["dflt"], findings: [] });
  // An object passed whole, or one that spreads a value of the caller's, passes something.
  const passesOne = "tool-discovery 2 the value is an argument of `addTool`, so it depends on the caller: its call at src/server.ts:5 passes one";
  expect(await census(helper('name = "dflt"') + caller("{ other: 1 }"))).toEqual({ tools: [], findings: [passesOne] });
  expect(await census(helper('{ name = "dflt" }') + caller("{ other: 1, ...globalThis.rest }"))).toEqual({ tools: [], findings: [passesOne] });
  expect(await census(`const OPTIONS = { name: "n" };\n${helper('{ name = "dflt" }')}export function register(server) {\n  const t = addTool(server, OPTIONS);\n}\n`)).toEqual({
    tools: [],
    findings: [passesOne.replace("2 the", "3 the").replace("server.ts:5", "server.ts:6")],
  });
});

it("a function inside another is named by its line and column", async () => {
  const source = `export function register(server) {\n  const addTool = (name) => ${register("name")};\n}\n`;
  expect(await census(source)).toEqual({
    tools: [],
    findings: ["tool-discovery 2 the value is an argument of the function at line 2, column 19, so it depends on the caller: the census sees no call of it in the SKU's modules"],
  });
});

it("a registration helper nobody calls still defines its tool, whose name depends on a caller the census does not see", async () => {
  const source = `function addTool(server, name) {\n  ${register("name")};\n}\nexport function register(server) {\n  ${register('"b"')};\n}\n`;
  const report = await monitorReport({ "src/server.ts": source });
  expect(report.counts.tools).toBe(2);
  expect(report.findings.map((f) => `${f.rule} ${f.line}`)).toEqual(["tool-discovery 2"]);
  expect(report.findings[0]!.message).toContain("the census sees no call of it in the SKU's modules");
});
