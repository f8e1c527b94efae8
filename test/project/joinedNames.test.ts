// A tool's name or description joined at run time from text and what an iteration's element or a helper's argument
// holds (`` `fs_${t.name}` ``, `"v2_" + name`): read once the element or the call is known, as the SDK would serve it;
// a part the census still cannot see is named in the finding.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, discoveryReasons, monitorReport } from "./monitorReport.js";

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';

const TOOLS =
  "const TOOLS = [\n" +
  '  { name: "search", description: "Finds files.", handler: async () => JSON.stringify([]) },\n' +
  '  { name: "grep", description: "Finds lines.", handler: async () => JSON.stringify([]) },\n' +
  "] as const;\n";

async function census(server: string, files: Record<string, string> = {}) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": SDK + server, ...files }, { tools: ["src/*.ts"] });
  return { tools: report.descriptions.map((d) => [d.tool, d.served]), reasons: discoveryReasons(report), lines: report.findings.map((f) => `${f.rule} ${f.line}`) };
}

describe("names and descriptions joined from an element or an argument", () => {
  it("a template over a for...of element names one tool per element", async () => {
    const r = await census(TOOLS + "export function register(server: McpServer) {\n  for (const t of TOOLS) server.tool(`fs_${t.name}`, t.description, t.handler);\n}\n");
    expect(r.tools).toEqual([
      ["fs_grep", 12],
      ["fs_search", 12],
    ]);
    expect(r.reasons).toEqual([]);
  });

  it("a + chain inside a forEach callback, the description joined too", async () => {
    const r = await census(
      TOOLS +
        'const PREFIX = "v2_";\n' +
        "export function register(server: McpServer) {\n" +
        '  TOOLS.forEach((t) => server.registerTool(PREFIX + t.name, { description: t.description + " Read-only." }, t.handler));\n' +
        "}\n",
    );
    expect(r.tools).toEqual([
      ["v2_grep", 23],
      ["v2_search", 23],
    ]);
  });

  it("a helper's argument: one tool per call, each with its call's text", async () => {
    const r = await census(
      "function add(server: McpServer, name: string, description: string) {\n" +
        '  server.registerTool(`db_${name}`, { description: `${description} (database)` }, async () => JSON.stringify({}));\n' +
        "}\n" +
        "export function register(server: McpServer) {\n" +
        '  add(server, "tables", "Lists tables.");\n' +
        '  add(server, "indexes", "Lists indexes.");\n' +
        "}\n",
    );
    expect(r.tools).toEqual([
      ["db_indexes", 25],
      ["db_tables", 24],
    ]);
  });

  it("server.tool's description joined from an argument stands where the description does, not the schema", async () => {
    const report = await monitorReport(
      {
        "src/helpers.ts": CONTRACT_HELPERS,
        "src/server.ts":
          SDK +
          'import { z } from "zod";\n' +
          "function add(server: McpServer, name: string, description: string) {\n" +
          '  server.tool("db_" + name, description + " Read-only.", { id: z.string() }, async () => JSON.stringify({}));\n' +
          "}\n" +
          'export function register(server: McpServer) {\n  add(server, "tables", "Lists tables.");\n  server.tool("db_inline", "Lists tables. Read-only.", { id: z.string() }, async () => JSON.stringify({}));\n}\n',
      },
      { tools: ["src/*.ts"] },
    );
    const rows = Object.fromEntries(report.descriptions.map((d) => [d.tool, [d.served, d.entryTokens]]));
    expect(rows["db_tables"]).toEqual([24, expect.any(Number)]);
    // Same description and schema, a name as long: the same entry, give or take the name's own tokens.
    expect(Math.abs(rows["db_tables"]![1]! - rows["db_inline"]![1]!)).toBeLessThanOrEqual(1);
  });

  it("a part the element does not hold is named as the reason, at the template, once for the loop's line", async () => {
    const r = await census(TOOLS + "export function register(server: McpServer) {\n  for (const t of TOOLS) server.tool(`fs_${t.id}`, t.description, t.handler);\n}\n");
    expect(r.tools).toEqual([]);
    expect(r.reasons).toEqual(["it has no property `id`"]);
    expect(r.lines).toEqual(["tool-discovery 7"]);
  });

  it("a part that is a call stays unseen, with the evaluator's reason", async () => {
    const r = await census(TOOLS + "export function register(server: McpServer) {\n  for (const t of TOOLS) server.tool(`fs_${t.name.toUpperCase()}`, t.description, t.handler);\n}\n");
    expect(r.tools).toEqual([]);
    expect(r.reasons.length).toBe(1);
    expect(r.reasons[0]).toContain("toUpperCase");
  });

  it("a template of constants only is the evaluator's, element or none", async () => {
    const r = await census('const P = "x";\nexport function register(server: McpServer) {\n  server.tool(`${P}_ping`, "Pings.", async () => JSON.stringify({}));\n}\n');
    expect(r.tools).toEqual([["x_ping", 6]]);
  });

  it("a template over an argument of a function called twice with its value used stays unseen, naming the calls", async () => {
    const r = await census(
      "function add(server: McpServer, name: string) {\n" +
        "  return server.registerTool(`db_${name}`, { description: \"Lists.\" }, async () => JSON.stringify({}));\n" +
        "}\n" +
        "export function register(server: McpServer) {\n" +
        '  const a = add(server, "tables");\n' +
        '  const b = add(server, "indexes");\n' +
        "  return [a, b];\n" +
        "}\n",
    );
    expect(r.tools).toEqual([]);
    expect(r.reasons).toEqual(["the value is an argument of `add`, so it depends on the caller: it is called 2 times (src/server.ts:6, src/server.ts:7)"]);
  });
});
