// A registration helper called once per element of a loop, with the element or a default that reads it: the census
// reads a helper's tools per call and a loop's per element, but not a call made in a loop, so the name is unseen and
// the finding says it depends on an element the census cannot list (src/project/dataResolver.ts: a value reading an
// element, resolved where no iteration binds it).
import { expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';

const TOOLS = 'const TOOLS = [{ name: "search" }, { name: "grep" }] as const;\n';

async function census(register: string) {
  const server = SDK + TOOLS + `export function register(server: McpServer) {\n${register}\n}\n`;
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": server }, { tools: ["src/*.ts"] });
  return {
    tools: report.descriptions.map((d) => d.tool),
    findings: report.findings.filter((f) => f.rule === "tool-discovery").map((f) => [f.file, f.line, f.column, f.message]),
  };
}

it.each([
  ["passed the element's name", "    function add(name: string) {\n", "    add(t.name);\n"],
  ["whose default reads the element's name", "    function add(name = t.name) {\n", "    add();\n"],
])("a helper %s, called in the loop: one finding at the registration, saying the name depends on an element", async (_how, head, call) => {
  const register = `  for (const t of TOOLS) {\n${head}      server.tool(name, "A tool.", async () => JSON.stringify({}));\n    }\n${call}  }`;
  expect(await census(register)).toEqual({
    tools: [],
    // Line 6, column 19: the `name` the helper registers its tool under.
    findings: [
      [
        "src/server.ts",
        6,
        19,
        "The census cannot see the name of this tool (the value depends on an element the census cannot list), so it cannot count it, nor check its description against a cap, a guide or pins; give the tool a constant name",
      ],
    ],
  });
});
