// A list the census reads element by element holds at most 10,000 of them (src/project/dataResolver.ts, MAX_ELEMENTS):
// a list of exactly 10,000 is read whole, however it is made (spreads of other lists, a choice between lists), and
// one more makes the list one the census cannot see, and says why.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const names = (prefix: string, count: number) => `[${Array.from({ length: count }, (_, i) => `"${prefix}${i}"`).join(", ")}]`;

// The loop's registration is one tool the census cannot name, for the reason the list gives.
const TOO_LONG = "tool-discovery 5:48 it comes from a list the census cannot see: the list holds more than 10000 elements";

async function census(declarations: string) {
  const source = `${declarations}\nexport function register(server) {\n  for (const name of LIST) server.registerTool(name, { description: "D." }, async () => ({ content: [] }));\n}\n`;
  const report = await monitorReport({ "src/server.ts": source });
  return { tools: report.counts.tools, findings: report.findings.map((f) => `${f.rule} ${f.line}:${f.column} ${/\(([^)]*)\), so/.exec(f.message)?.[1]}`) };
}

it("spreads that make 10,000 elements exactly: each is a tool; one more, and the list is unseen as too long", async () => {
  const spreads = (second: number) => `const A = ${names("a", 5_000)};\nconst B = ${names("b", second)};\nconst LIST = [...A, ...B];`;
  expect(await census(spreads(5_000))).toEqual({ tools: 10_000, findings: [] });
  expect(await census(spreads(5_001))).toEqual({ tools: 1, findings: [TOO_LONG] });
});

it("a choice between lists whose elements make 10,000 exactly: each is a tool; one more, and the choice is too long", async () => {
  const choice = (second: number) => `const A = ${names("a", 5_000)};\nconst B = ${names("b", second)};\nconst LIST = globalThis.flag ? A : B;`;
  expect(await census(choice(5_000))).toEqual({ tools: 10_000, findings: [] });
  expect(await census(choice(5_001))).toEqual({ tools: 1, findings: [TOO_LONG] });
});
