// A module's namespace object where a string is read (a description's `${names}`): imported directly or re-exported
// by another module, it is no string, and the finding says so rather than following it as a name of that module.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

async function descriptionUnseen(barrel: string | null, importLine: string): Promise<string[]> {
  const server =
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
    `${importLine}\n` +
    'const server = new McpServer({ name: "s", version: "1" });\n' +
    "server.registerTool(\"list\", { description: `Lists ${names}.` }, async () => JSON.stringify({}));\n";
  const report = await monitorReport(
    { "src/helpers.ts": CONTRACT_HELPERS, "src/names.ts": 'export const ALPHA = "alpha";\n', ...(barrel === null ? {} : { "src/barrel.ts": barrel }), "src/server.ts": server },
    { tools: ["src/server.ts"] },
  );
  return report.findings.map((f) => /\((.*)\); build it/.exec(f.message)?.[1] ?? f.message);
}

describe("a namespace object read as a string", () => {
  it("imported directly", async () => {
    expect(await descriptionUnseen(null, 'import * as names from "./names.js";')).toEqual(["`names` is a namespace import, not a string"]);
  });

  it.each([
    ["export * as", 'export * as names from "./names.js";\n'],
    ["import * as, then export { }", 'import * as names from "./names.js";\nexport { names };\n'],
  ])("re-exported (%s), then imported by name", async (_form, barrel) => {
    expect(await descriptionUnseen(barrel, 'import { names } from "./barrel.js";')).toEqual([
      '`names` from "./barrel.js": it is the namespace of module "./names.js", not a string',
    ]);
  });
});
