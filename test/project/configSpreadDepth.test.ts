// A registration's config spread in spread in spread …: the census follows the chain as deep as it follows constants
// (64 steps), and past that says the chain is too deep instead of guessing or overflowing the stack.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

/** A tool whose config is its description under `depth` object spreads, each adding a key of its own. */
async function deep(depth: number) {
  let config = '{ description: "Deep." }';
  for (let i = 0; i < depth; i++) config = `{ ...${config}, k${i}: 1 }`;
  const report = await monitorReport({ "src/server.ts": `export function register(server) {\n  server.registerTool("deep", ${config}, async () => ({ content: [] }));\n}\n` });
  return { served: report.descriptions.map((d) => d.served), findings: report.findings.map((f) => `${f.rule} ${f.line}`), messages: report.findings.map((f) => f.message) };
}

it("a description under 60 spreads is read; under 70 the finding says the chain is too deep", async () => {
  expect(await deep(60)).toEqual({ served: [5], findings: [], messages: [] });
  const tooDeep = await deep(70);
  expect(tooDeep.served).toEqual([null]);
  expect(tooDeep.findings).toEqual(["tool-discovery 2"]);
  expect(tooDeep.messages[0]).toContain("which may set the description: constant chain too deep or circular");
});
