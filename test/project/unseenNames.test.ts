// How a tool's unseen name is named in its finding: a member of `this` as a reader writes it (an index in brackets, an
// identifier after a dot, any other key quoted), and a value of another kind by its kind (a tool a definer made).
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const reason = (message: string) => /^The census cannot see the name of this tool \((.*)\), so it cannot count it/.exec(message)?.[1];

it("a member of this: indexes in brackets, identifiers after a dot, other keys quoted", async () => {
  const source =
    "export class Registrar {\n  names = [];\n  register(server) {\n" +
    '    server.registerTool(this.names[10], { description: "D." }, async () => ({ content: [] }));\n' +
    '    server.registerTool(this.names.a1, { description: "D." }, async () => ({ content: [] }));\n' +
    '    server.registerTool(this.names["1a"], { description: "D." }, async () => ({ content: [] }));\n' +
    "  }\n}\n";
  const report = await monitorReport({ "src/server.ts": source });
  expect(report.findings.map((f) => `${f.line} ${reason(f.message)}`)).toEqual([
    "4 `this.names[10]` depends on the object at run time",
    "5 `this.names.a1` depends on the object at run time",
    "6 `this.names[\"1a\"]` depends on the object at run time",
  ]);
});

it("a tool a definer made, given as a name, is named as a tool", async () => {
  const source =
    'import { defineTool } from "./def.js";\n' +
    'const TOOLS = [defineTool({ name: "a", description: "A.", run: async () => ({ content: [] }) })];\n' +
    'export function register(server) {\n  server.registerTool(TOOLS[0], { description: "D." }, async () => ({ content: [] }));\n}\n';
  const report = await monitorReport({ "src/server.ts": source }, { discovery: { definers: ["defineTool"], bodyKey: "run" } });
  expect(report.findings.map((f) => `${f.line} ${reason(f.message)}`)).toEqual(["4 it is a tool, not a string"]);
});
