// `Object.values(o)` / `Object.entries(o)` of a value the census cannot read says why it cannot: a package's export or
// a value built at run time may well be an object, and only a value seen to be something else is "not an object".
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS } from "./monitorReport.js";

const discovery = (prelude: string, source: string) => {
  const server = `${prelude}
export function register(server: any): void {
  for (const t of Object.values(${source})) server.registerTool(t.name, { description: "A tool." }, async () => "[]");
}
`;
  const config = { skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/server.ts"] }] };
  const dir = tempTree({ "payload-census.config.json": JSON.stringify(config), "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": server }, "object-list-unseen");
  return runCensus(loadConfig({ dir }))
    .report.findings.filter((f) => f.rule === "tool-discovery")
    .map((f) => `${f.line}:${f.column} ${f.message}`);
};

const unnamed = (at: string, why: string) =>
  `${at} The census cannot see the name of this tool (it comes from a list the census cannot see: ${why}), so it cannot count it, nor check its description against a cap, a guide or pins; give the tool a constant name`;

it("a package's export says it comes from the package, not that it is no object", () => {
  expect(discovery('import { TOOLS } from "some-tools-package";', "TOOLS")).toEqual([
    unnamed("3:61", '"some-tools-package" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor'),
  ]);
});

it("a value built at run time says so, not that it is no object", () => {
  expect(discovery("declare function makeTools(): Record<string, { name: string }>;", "makeTools()")).toEqual([
    unnamed("3:67", "call to `makeTools()`"),
  ]);
});

it("a value seen to be a string is not an object", () => {
  const found = discovery('const TOOLS = "get_x";', "TOOLS");
  expect(found).toHaveLength(1);
  expect(found[0]).toContain("a string is not an object");
});
