// Lists nested in lists keep to the same bound as objects (src/project/dataResolver.ts, `definitionKey`): an element
// bound to a list made by eight nested iterations is one definition in both options of a choice; through nine, two.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const loop = (list: string) =>
  `export function register(server, flag) {\n  for (const h of ${list}) server.registerTool("t", { description: "D." }, h);\n}\n`;

/** `L0` … `L${depth}`: each list's one element is a list holding the element of the list before it. */
const nested = (depth: number) =>
  ["const L0 = [{ n: 1 }];", ...Array.from({ length: depth }, (_, i) => `const L${i + 1} = L${i}.map((e${i}) => [e${i}]);`)].join("\n") + "\n";

it("a list bound through eight nested iterations is one definition in both options; through nine, two", async () => {
  const tools = async (depth: number) => (await monitorReport({ "src/server.ts": nested(depth) + loop(`flag ? L${depth} : L${depth}`) })).counts.tools;
  expect(await tools(8)).toBe(1);
  expect(await tools(9)).toBe(2);
});
