// A tool registered once per element of a list, its name a template of the element: one tool for each element, named
// from it, whether the element reaches the registration only through that name or also through another argument.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const handler = "async () => ({ content: [] })";

it.each([
  ["a for-of loop", `for (const t of ["a", "b"]) server.registerTool(\`get_\${t}\`, { description: "D." }, ${handler});`],
  ["a forEach callback", `["a", "b"].forEach((t) => server.registerTool(\`get_\${t}\`, { description: "D." }, ${handler}));`],
  ["a name joined with +", `for (const t of ["a", "b"]) server.registerTool("get_" + t, { description: "D." }, ${handler});`],
])("%s: one tool per element", async (_name, loop) => {
  const report = await monitorReport({ "src/server.ts": `export function register(server) {\n  ${loop}\n}\n` });
  expect(report.counts.tools).toBe(2);
  expect(report.descriptions.map((d) => d.tool).sort()).toEqual(["get_a", "get_b"]);
});
