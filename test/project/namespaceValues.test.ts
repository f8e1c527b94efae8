// A namespace import as a value (src/project/dataResolver.ts, modules.ts exportNames): `Object.values(tools)` and
// `Object.entries(tools)` of `import * as tools` are the module's exports, its own and those `export *` brings (no
// default through a star), in the order of a namespace's keys; a package's namespace, a module that does not parse and
// a star whose module is missing are unseen, and say why.
import { describe, expect, it } from "vitest";
import { discoveryReasons, monitorReport, servedTools } from "./monitorReport.js";

/** A tool definition module exporting `name`'s definition under `exported`. */
const definition = (exported: string, name: string, description: string) =>
  `export const ${exported} = { name: "${name}", description: "${description}", schema: {}, handler: async () => JSON.stringify({}) };\n`;

async function census(index: string, loop: string, files: Record<string, string> = {}) {
  const report = await monitorReport({
    "src/tools/beta.ts": definition("betaTool", "beta", "Beta tool here."),
    "src/tools/alpha.ts": definition("alphaTool", "alpha", "Alpha tool."),
    "src/tools/index.ts": index,
    "src/server.ts":
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
      'import * as tools from "./tools/index.js";\n' +
      'import * as z from "zod";\n' +
      'const server = new McpServer({ name: "s", version: "1" });\n' +
      `${loop}\n`,
    ...files,
  });
  return { tools: servedTools(report), unseen: discoveryReasons(report) };
}

const BOTH = [
  ["alpha", 11],
  ["beta", 15],
];
const VALUES = "for (const t of Object.values(tools)) server.tool(t.name, t.description, t.schema, t.handler);";

describe("the exports of a namespace import, as a value", () => {
  it.each([
    ["named re-exports", 'export { betaTool } from "./beta.js";\nexport { alphaTool } from "./alpha.js";\n'],
    ["stars", 'export * from "./beta.js";\nexport * from "./alpha.js";\n'],
    ["imports exported again", 'import { alphaTool } from "./alpha.js";\nimport { betaTool as b } from "./beta.js";\nexport { alphaTool, b as betaTool };\n'],
  ])("%s: every tool, with its description", async (_, index) => {
    expect(await census(index, VALUES)).toEqual({ tools: BOTH, unseen: [] });
  });

  it("Object.entries, and a forEach over the values", async () => {
    const index = 'export * from "./alpha.js";\nexport * from "./beta.js";\n';
    expect(await census(index, "for (const [, t] of Object.entries(tools)) server.tool(t.name, t.description, t.schema, t.handler);")).toEqual({ tools: BOTH, unseen: [] });
    expect(await census(index, "Object.values(tools).forEach((t) => server.tool(t.name, t.description, t.schema, t.handler));")).toEqual({ tools: BOTH, unseen: [] });
  });

  it("a star brings no default, and a star that comes back to its module ends", async () => {
    const index = 'export * from "./alpha.js";\nexport * from "./beta.js";\nexport * from "./index.js";\n';
    const files = { "src/tools/beta.ts": `${definition("betaTool", "beta", "Beta tool here.")}export default 42;\n` };
    expect(await census(index, VALUES, files)).toEqual({ tools: BOTH, unseen: [] });
  });

  it("its own default is one of its values", async () => {
    const index = 'export * from "./alpha.js";\nexport default { name: "gamma", description: "Gamma.", schema: {}, handler: async () => "{}" };\n';
    expect((await census(index, VALUES)).tools).toEqual([["alpha", 11], ["gamma", 6]]);
  });

  it("an export that is no tool is an element the census cannot name, as it would be in a list", async () => {
    const r = await census('export * from "./alpha.js";\nexport function helper() { return 1; }\n', VALUES);
    expect(r.tools).toEqual([["alpha", 11]]);
    expect(r.unseen).toEqual(["a function has no property `name`"]);
  });

  it("a package's namespace, a module that does not parse and a star whose module is missing are unseen, and say why", async () => {
    const from = (why: string) => `it comes from a list the census cannot see: ${why}`;
    expect((await census('export * from "./alpha.js";\n', "for (const t of Object.values(z)) server.tool(t.name, t.description, t.schema, t.handler);")).unseen).toEqual([
      from('"zod" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor'),
    ]);
    expect((await census('export * from "./alpha.js";\nexport * from "./gone.js";\n', VALUES)).unseen).toEqual([
      from('module "./gone.js" that src/tools/index.ts re-exports is not a module of this monitor'),
    ]);
    expect((await census('export * from "./alpha.js";\n', VALUES, { "src/tools/alpha.ts": "export const alphaTool = {;\n" })).unseen).toEqual([
      from("src/tools/alpha.ts does not parse"),
    ]);
  });
});
