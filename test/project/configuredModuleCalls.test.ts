// The calls of a registration helper that the census reads a tool's name from (src/project/tools.ts, `callSitesIn`):
// those made in the tool files and in the SKU's configured modules (helpers, producers), a guide or instructions
// left unconfigured being no module.
import { expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

it("a helper of the tool file called only from the helpers module registers the tool that call names", async () => {
  const server = 'export function addTool(server, name) {\n  server.registerTool(name, { description: "D." }, async () => ({ content: [] }));\n}\n';
  const helpers = `${CONTRACT_HELPERS}import { addTool } from "./server.js";\nexport function setup(server) {\n  addTool(server, "alpha");\n}\n`;
  const report = await monitorReport({ "src/server.ts": server, "src/helpers.ts": helpers });
  expect(report.descriptions.map((d) => d.tool)).toEqual(["alpha"]);
  expect(report.findings.filter((f) => f.rule === "tool-discovery")).toEqual([]);
});
