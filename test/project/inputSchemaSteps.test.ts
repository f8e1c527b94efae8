// A zod chain with a step read as a property rather than called (`z.string().regex.x()`) or called without its
// argument (`.regex()`): the schema is unseen, and the finding says which part, never an error of the census's own.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

async function unseen(form: string): Promise<string | undefined> {
  const source = `import { z } from "zod";\nexport function register(server) {\n  server.registerTool("a", { description: "A.", inputSchema: { q: ${form} } }, async () => ({ content: [] }));\n}\n`;
  const report = await monitorReport({ "src/server.ts": source });
  expect(report.descriptions.map((d) => d.entryTokens)).toEqual([null]);
  return report.descriptions[0]!.entryUnknown?.replace("the census cannot see its input schema: ", "");
}

it("names the step it cannot read", async () => {
  expect(await unseen("z.string().regex.x()")).toBe("the pattern of `z.string().regex.x()` cannot be seen");
  expect(await unseen("z.string().regex()")).toBe("the pattern of `z.string().regex()` cannot be seen");
  expect(await unseen("z.string().or.x()")).toBe("an argument of `z.string().or.x()` cannot be seen");
  expect(await unseen("z.object({}).extend.x()")).toBe("an argument of `z.object({}).extend.x()` cannot be seen");
  expect(await unseen("z.object({ a: z.string() }).merge.x()")).toBe("an argument of `z.object({ a: z.string() }).merge.x()` cannot be seen");
  expect(await unseen("z.string().email.x()")).toBe("`z.string().email.x()` calls .x(), which the census does not serialise");
  expect(await unseen("z.string().describe.x()")).toBe("an argument of `z.string().describe.x()` is missing");
});
