// A tool registered once per element of a list, its name read from a list made inside the loop by a map whose callback
// reads the loop's element: the list is made once per element, so there is one tool per element, each named from it.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const handler = "async () => ({ content: [] })";

it("a list mapped inside the loop from the loop's element names one tool per element", async () => {
  const loop = [
    'for (const t of ["a", "b"]) {',
    '    const names = ["get"].map((p) => `${p}_${t}`);',
    `    server.registerTool(names[0], { description: "D." }, ${handler});`,
    "  }",
  ].join("\n");
  const report = await monitorReport({ "src/server.ts": `export function register(server) {\n  ${loop}\n}\n` });
  expect(report.descriptions.map((d) => d.tool).sort()).toEqual(["get_a", "get_b"]);
  expect(report.counts.tools).toBe(2);
});
