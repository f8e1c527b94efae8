// A registration's config read off a list's element, a const or an import (`server.registerTool(t.name, t.config, …)`)
// that has no `inputSchema`: the tool takes no parameters, and its entry is what the SDK serves for one written in
// place without a schema, not a schema the census cannot see.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\n';

async function entries(server: string, files: Record<string, string> = {}) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": SDK + server, ...files }, { tools: ["src/*.ts"] });
  return Object.fromEntries(report.descriptions.map((d) => [d.tool, d.entryTokens]));
}

describe("a config without an inputSchema, read through a value", () => {
  it("a list's element, a const and an import: as written in place", async () => {
    const inPlace = await entries('export function register(server: McpServer) {\n  server.registerTool("gamma", { description: "Gamma tool." }, async () => JSON.stringify({}));\n}\n');
    expect(inPlace["gamma"]).toEqual(expect.any(Number));
    const element = await entries(
      'const LIST = [{ name: "gamma", config: { description: "Gamma tool." }, handler: async () => JSON.stringify({}) }];\n' +
        "export function register(server: McpServer) {\n  for (const t of LIST) server.registerTool(t.name, t.config, t.handler);\n}\n",
    );
    expect(element).toEqual(inPlace);
    const constant = await entries('const CONFIG = { description: "Gamma tool." };\nexport function register(server: McpServer) {\n  server.registerTool("gamma", CONFIG, async () => JSON.stringify({}));\n}\n');
    expect(constant).toEqual(inPlace);
    const imported = await entries('import { CONFIG } from "./config.js";\nexport function register(server: McpServer) {\n  server.registerTool("gamma", CONFIG, async () => JSON.stringify({}));\n}\n', {
      "src/config.ts": 'export const CONFIG = { description: "Gamma tool." };\n',
    });
    expect(imported).toEqual(inPlace);
  });

  it("an element whose config has a schema is served with it", async () => {
    const withSchema = await entries(
      'const LIST = [{ name: "gamma", config: { description: "Gamma tool.", inputSchema: { q: z.string() } }, handler: async () => JSON.stringify({}) }];\n' +
        "export function register(server: McpServer) {\n  for (const t of LIST) server.registerTool(t.name, t.config, t.handler);\n}\n",
    );
    const inPlace = await entries('export function register(server: McpServer) {\n  server.registerTool("gamma", { description: "Gamma tool.", inputSchema: { q: z.string() } }, async () => JSON.stringify({}));\n}\n');
    expect(withSchema).toEqual(inPlace);
    const none = await entries('export function register(server: McpServer) {\n  server.registerTool("gamma", { description: "Gamma tool." }, async () => JSON.stringify({}));\n}\n');
    expect(withSchema["gamma"]).toBeGreaterThan(none["gamma"]!);
  });
});
