// A module's namespace re-exported by another (`export * as defs from "./defs.js"`, or `import * as defs from
// "./defs.js"; export { defs }`) and imported by name from there: a value whose members are the module's exports, for
// lists of tools (`Object.values(defs)`, `[defs.alpha]`) and for constant strings (`case names.ALPHA:`).
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const DEFS =
  'export const alpha = { name: "alpha", description: "Alpha tool.", inputSchema: { type: "object", properties: {} } };\n' +
  'export const beta = { name: "beta", description: "Beta tool here.", inputSchema: { type: "object", properties: {} } };\n';

function server(imports: string, list: string, alphaCase: string): string {
  return (
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
    'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
    imports +
    'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    `server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ${list} }));\n` +
    "server.setRequestHandler(CallToolRequestSchema, async (request) => {\n" +
    "  switch (request.params.name) {\n" +
    `    case ${alphaCase}: return "Alpha.";\n` +
    '    case "beta": return JSON.stringify({});\n' +
    "  }\n" +
    '  throw new Error("unknown tool");\n' +
    "});\n"
  );
}

async function census(files: Record<string, string>) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/defs.ts": DEFS, "src/names.ts": 'export const ALPHA = "alpha";\n', ...files }, { tools: ["src/server.ts"] });
  return { tools: report.descriptions.map((d) => [d.tool, d.served]), findings: report.findings.map((f) => `${f.rule} ${f.line} ${f.tool ?? "-"}`) };
}

describe("a namespace re-exported, imported by name", () => {
  it("export * as: Object.values lists the module's exports, and a constant of another namespace names a case", async () => {
    const r = await census({
      "src/barrel.ts": 'export * as defs from "./defs.js";\nexport * as names from "./names.js";\n',
      "src/server.ts": server('import { defs, names } from "./barrel.js";\n', "Object.values(defs)", "names.ALPHA"),
    });
    expect(r.tools).toEqual([
      ["alpha", 11],
      ["beta", 15],
    ]);
    expect(r.findings).toEqual(["bare-sentence-roster 8 alpha"]);
  });

  it("import * as, then export { }: members read by path", async () => {
    const r = await census({
      "src/barrel.ts": 'import * as defs from "./defs.js";\nimport * as names from "./names.js";\nexport { defs, names };\n',
      "src/server.ts": server('import { defs, names } from "./barrel.js";\n', "[defs.alpha, defs.beta]", "names.ALPHA"),
    });
    expect(r.tools).toEqual([
      ["alpha", 11],
      ["beta", 15],
    ]);
    expect(r.findings).toEqual(["bare-sentence-roster 8 alpha"]);
  });

  it("near miss: a name re-exported that is no namespace is read as the value it is", async () => {
    const r = await census({
      "src/barrel.ts": 'export { alpha as defs } from "./defs.js";\nexport { ALPHA as names } from "./names.js";\n',
      "src/server.ts": server('import { defs, names } from "./barrel.js";\n', "[defs]", "names"),
    });
    expect(r.tools).toEqual([["alpha", 11]]);
    expect(r.findings).toEqual(["bare-sentence-roster 8 alpha"]);
  });
});
