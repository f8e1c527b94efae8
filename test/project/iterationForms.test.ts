// Tools registered once per element of a list (src/facts/data.ts: iterationSource): the callback reached through
// parentheses and casts is still the list's, and only its first parameter is the element (the second is an index);
// the finding for tools a loop registers unnamed from one line is given once.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, discoveryReasons, monitorReport } from "./monitorReport.js";

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';

const TOOLS =
  "const TOOLS = [\n" +
  '  { name: "search", description: "Finds files.", handler: async () => JSON.stringify([]) },\n' +
  '  { name: "grep", description: "Finds lines.", handler: async () => JSON.stringify([]) },\n' +
  "] as const;\n";

async function census(register: string) {
  const server = SDK + TOOLS + `export function register(server: McpServer) {\n  ${register}\n}\n`;
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": server }, { tools: ["src/*.ts"] });
  return { tools: report.descriptions.map((d) => [d.tool, d.served]), reasons: discoveryReasons(report) };
}

describe("a callback over a list's elements", () => {
  it.each([
    ["in parentheses", "TOOLS.forEach(((t) => server.tool(t.name, t.description, t.handler)));"],
    ["cast", "TOOLS.forEach(((t) => server.tool(t.name, t.description, t.handler)) as (t: (typeof TOOLS)[number]) => void);"],
    ["non-null", "TOOLS.forEach(((t) => server.tool(t.name, t.description, t.handler))!);"],
  ])("%s: one tool per element", async (_how, register) => {
    expect(await census(register)).toEqual({
      tools: [
        ["grep", 12],
        ["search", 12],
      ],
      reasons: [],
    });
  });

  it("its second parameter is an index, not an element: a name made of it is unseen, said once for the line", async () => {
    const r = await census("TOOLS.forEach((t, i) => server.tool(`tool_${i}`, t.description, t.handler));");
    expect(r.tools).toEqual([]);
    expect(r.reasons).toEqual(["`i` is a parameter"]);
  });

  it("a callback of a method that is no list's (`hooks.onReady(...)`) gives no element: its parameter is a parameter", async () => {
    const r = await census('const hooks = { onReady(f: (name: string) => void) { f("ready"); } };\n  hooks.onReady((name) => server.tool(name, "A tool.", async () => JSON.stringify({})));');
    expect(r).toEqual({ tools: [], reasons: ["`name` is a parameter"] });
  });

  it("an element destructured by a computed key is not read as a member of it: the name is unseen, and says why", async () => {
    const r = await census('const FIELD = String(Date.now());\n  for (const { [FIELD]: name } of TOOLS) server.tool(name, "A tool.", async () => JSON.stringify({}));');
    expect(r.tools).toEqual([]);
    expect(r.reasons).toEqual(["`name` is a for...of loop variable"]);
  });
});

