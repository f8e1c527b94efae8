// A validator's return as written (src/facts/functions.ts, `functionFacts`): `return await …` is read with its
// `await`, so the finding quotes the return as the validator writes it and stands where it starts.
import { expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

it("an awaited return of a helper that is no producer: quoted with its await, placed at the await", async () => {
  const helpers =
    `${CONTRACT_HELPERS}function checkN(n: number): string | null { return n < 0 ? refusal("n", "n must not be negative.") : null; }\n` +
    "export async function validateN(n: number) { return await checkN(n); }\n";
  const report = await monitorReport(
    {
      "src/helpers.ts": helpers,
      "src/server.ts": 'export function register(server) { server.registerTool("t", { description: "D." }, async () => ({ content: [] })); }\n',
    },
    { producers: [{ module: "src/helpers.ts", category: "validator", names: ["validate*"] }] },
  );
  expect(report.findings.map((f) => `${f.rule} ${f.line}:${f.column} ${f.message.split(":")[0]}`)).toEqual([
    "validator-builds-refusal 5:53 Validator validateN returns `await checkN(n)`",
  ]);
});
