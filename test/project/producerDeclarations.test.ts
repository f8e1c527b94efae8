// Where a finding on a producer's declaration stands (src/facts/functions.ts, `declaredAt`): a function held by a
// `const` alone in its statement is declared by the statement (`export const formatError = …`); one of several
// declared in one statement, by its own declarator (`…, formatError = …`).
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const STATUS = 'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n';
const SERVER = 'export function register(server) { server.registerTool("t", { description: "D." }, async () => ({ content: [] })); }\n';

async function placeOfProducerFinding(helpers: string) {
  const report = await monitorReport({ "src/helpers.ts": STATUS + helpers, "src/server.ts": SERVER });
  return report.findings.map((f) => `${f.rule} ${f.file}:${f.line}:${f.column}`);
}

it("a failure producer that builds its word nowhere, alone in its statement: the finding stands at the statement", async () => {
  const helpers = 'export const refusal = (p: string, s: string) => status("invalid", s);\nexport const formatError = (o: string, e: unknown) => String(e);\n';
  expect(await placeOfProducerFinding(helpers)).toEqual(["one-failure-producer src/helpers.ts:3:1"]);
});

it("the same producer declared after another in one statement: the finding stands at its own declarator", async () => {
  const helpers = 'export const refusal = (p: string, s: string) => status("invalid", s), formatError = (o: string, e: unknown) => String(e);\n';
  expect(await placeOfProducerFinding(helpers)).toEqual(["one-failure-producer src/helpers.ts:2:72"]);
});
