// Why a value passed through is no shared producer's (src/project/qualify.ts, `notAProducer`): the failure producer's
// result is a failure, not a refusal; a function of a producer module that matches none of its names lists them all.
import { expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

async function findings(body: string, names: string[]) {
  const report = await monitorReport(
    {
      "src/helpers.ts": `${CONTRACT_HELPERS}export function checkN(n: number): string | null { return n < 0 ? refusal("n", "n must not be negative.") : null; }\n`,
      "src/server.ts":
        'import { checkN, formatError } from "./helpers.js";\n' +
        "export function register(server: any): void {\n" +
        '  server.registerTool("t", { description: "T." }, async ({ n }: { n: number }) => {\n' +
        `${body}\n` +
        "    if (err != null) return err;\n" +
        "    return JSON.stringify({ n });\n" +
        "  });\n" +
        "}\n",
    },
    { producers: [{ module: "src/helpers.ts", category: "validator", names }] },
  );
  return report.findings.map((f) => `${f.rule} ${f.line} ${f.message}`);
}

it("the failure producer's result passed through: a failure, not a refusal", async () => {
  expect(await findings('    const err = formatError("read", new Error("x"));', ["validate*"])).toEqual([
    "pass-through-producer 5 Tool t: `err` is passed through, but its value from line 4 (`const err = formatError(\"read\", new Error(\"x\"))`) does not come from a shared producer: `formatError` makes a failure, not a refusal; pass through only what a shared validator, resolver or gate returned",
  ]);
});

it("a producer module's function matching none of its names: every name listed", async () => {
  expect(await findings("    const err = checkN(n);", ["validate*", "ensure*"])).toEqual([
    "pass-through-producer 5 Tool t: `err` is passed through, but its value from line 4 (`const err = checkN(n)`) does not come from a shared producer: `checkN` is declared in producer module src/helpers.ts but `checkN` does not match its names (validate*, ensure*); pass through only what a shared validator, resolver or gate returned",
  ]);
});
