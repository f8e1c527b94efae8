// An `Object.entries` pair whose value the census cannot see has no definition key (src/project/dataResolver.ts,
// `definitionKey`): two such pairs are never taken for one, so the same entries in both options of a choice count in
// each, where pairs of functions the census sees count once.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const server = (handlers: string) =>
  `${handlers}const H = { a: h1, b: h2 };\n` +
  "const E = Object.entries(H).map(([name, fn]) => ({ name, fn }));\n" +
  "export function register(server: any, flag: boolean) {\n" +
  '  for (const t of flag ? E : [...E]) server.registerTool(t.name, { description: "D." }, t.fn);\n' +
  "}\n";

it("pairs of a package's handlers in both options count in each; pairs of the file's own functions, once", async () => {
  const unseen = await monitorReport({ "src/server.ts": server('import { h1, h2 } from "some-handlers-package";\n') });
  const seen = await monitorReport({ "src/server.ts": server("async function h1() { return '[]'; }\nasync function h2() { return '[]'; }\n") });
  expect(seen.counts.tools).toBe(2);
  expect(unseen.counts.tools).toBe(4);
});
