// A function declared inside another as `const f = await (async () => …)` is that nested function (awaiting a
// function gives the function): its calls are not calls of a top-level function of the same name.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const server = (nested: string) =>
  'import { formatError } from "./helpers.js";\n' +
  "function addTool(server: any, name: string, description: string) {\n" +
  '  server.registerTool(name, { description }, async () => "[]");\n' +
  "}\n" +
  "export async function register(server: any) {\n" +
  '  addTool(server, "alpha", "Alpha.");\n' +
  '  addTool(server, "beta", "Beta.");\n' +
  "}\n" +
  "export async function registerGamma(server: any) {\n" +
  `  const addTool = ${nested};\n` +
  '  server.registerTool("gamma", { description: "Gamma." }, addTool);\n' +
  "  await addTool();\n" +
  "}\n";

it("a nested function bound through await is its own, as one bound without it: three tools, none unseen", async () => {
  for (const nested of ['(async () => formatError("gamma", 1))', 'await (async () => formatError("gamma", 1))']) {
    const report = await monitorReport({ "src/server.ts": server(nested) });
    expect(report.findings.filter((f) => f.rule === "tool-discovery").map((f) => f.message)).toEqual([]);
    expect(report.counts.tools).toBe(3);
  }
});
