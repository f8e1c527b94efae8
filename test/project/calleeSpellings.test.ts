// A registration helper's call is followed however its callee is spelled, as the census follows any callee
// (src/facts/calls.ts): by its name, as a member of its module's namespace (`.addTool`, `["addTool"]`), in parentheses
// or after a comma (`(0, addTool)(…)`, as bundlers write it); the tool takes the name the call passes. A method of an
// object the census cannot follow stays a call it does not see, and the name depends on a caller it does not know.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const HELPER = 'export function addTool(server, name) {\n  server.registerTool(name, { description: "D." }, async () => ({ content: [] }));\n}\n';

async function census(call: string) {
  const server = `import * as helpers from "./reg.js";\nimport { addTool } from "./reg.js";\nconst registry = { addTool };\nexport async function register(server) {\n  ${call}\n}\n`;
  const report = await monitorReport({ "src/server.ts": server, "src/reg.ts": HELPER }, { tools: ["src/server.ts", "src/reg.ts"] });
  return { tools: report.descriptions.map((d) => d.tool), findings: report.findings.map((f) => `${f.rule} ${f.file}:${f.line}`) };
}

it.each([
  ["by its name", 'addTool(server, "ping");'],
  ["in parentheses", '(addTool)(server, "ping");'],
  ["after a comma", '(0, addTool)(server, "ping");'],
  ["as a member of the namespace", 'helpers.addTool(server, "ping");'],
  ["as an element of the namespace", 'helpers["addTool"](server, "ping");'],
  ["awaited", 'await addTool(server, "ping");'],
])("called %s: the tool is named by what the call passes", async (_, call) => {
  expect(await census(call)).toEqual({ tools: ["ping"], findings: [] });
});

it("near miss: a method of a local object is no call the census follows", async () => {
  expect(await census('registry.addTool(server, "ping");')).toEqual({ tools: [], findings: ["tool-discovery src/reg.ts:2"] });
});
