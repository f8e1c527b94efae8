// Values only null or undefined reach (SPEC §2.2: such definitions are left out, they cannot pass a guard): as an
// operand beside a shared producer's call it asks nothing (`validate(n) ?? none`), and a definition made only of such
// values is left out like a literal `null`, so a guard nothing else reaches is a dead guard.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

async function census(body: string) {
  const report = await monitorReport(
    {
      "src/helpers.ts": `${CONTRACT_HELPERS}export function validateN(n: number): string | null { return n < 0 ? refusal("n", "n must not be negative.") : null; }\n`,
      "src/server.ts":
        'import { validateN } from "./helpers.js";\n' +
        "export function register(server: any): void {\n" +
        '  server.registerTool("t", { description: "T." }, async ({ n }: { n: number }) => {\n' +
        "    let none: string | undefined;\n" +
        `${body}\n` +
        "    return JSON.stringify({ n });\n" +
        "  });\n" +
        "}\n",
    },
    { producers: [{ module: "src/helpers.ts", category: "validator", names: ["validate*"] }] },
  );
  return { findings: report.findings.map((f) => `${f.line} ${f.message}`), passThroughs: report.counts.passThroughs };
}

const DEAD = "Tool t: `err` is passed through, but no value other than null or undefined reaches it; remove the dead guard or pass through a shared producer's result";

describe("a value only null or undefined reaches", () => {
  it.each([
    ["after ??", "    const err = validateN(n) ?? none;"],
    ["after ||", "    const err = validateN(n) || none;"],
    ["in a choice", "    const err = n > 1 ? validateN(n) : none;"],
  ])("%s, beside a shared producer: the pass-through is the producer's", async (_, line) => {
    const r = await census(`${line}\n    if (err != null) return err;`);
    expect(r.findings).toEqual([]);
    expect(r.passThroughs).toMatchObject({ total: 1, validator: 1, unshared: 0, carried: 0 });
  });

  it.each([
    ["a variable only null reaches", "    const err = none;"],
    ["literals null and undefined", "    const err = null ?? undefined;"],
    ["a variable and a literal", "    const err = none ?? null;"],
  ])("%s, alone: a dead guard", async (_, line) => {
    const r = await census(`${line}\n    if (err != null) return err;`);
    expect(r.findings).toEqual([`6 ${DEAD}`]);
    expect(r.passThroughs).toMatchObject({ total: 1, unshared: 1, carried: 0 });
  });

  it("beside a definition that writes a producer's value: only that one counts", async () => {
    const r = await census("    let err = none;\n    if (n > 2) err = validateN(n);\n    if (err != null) return err;");
    expect(r.findings).toEqual([]);
    expect(r.passThroughs).toMatchObject({ total: 1, validator: 1 });
  });
});
