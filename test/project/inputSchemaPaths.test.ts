// Where a tool's input schema is read from (src/project/inputSchema.ts): a definer's schema under a spread, a listed
// tool's element that has none (no schema, not an unseen one, at any depth of the path), and a shape holding a value
// built at run time (unseen, never taken for annotations).
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

async function entry(source: string, discovery?: Record<string, unknown>) {
  const report = await monitorReport({ "src/server.ts": source }, discovery ? { discovery } : {});
  return report.descriptions.map((d) => ({ tool: d.tool, entryTokens: d.entryTokens, entryUnknown: d.entryUnknown ?? null }));
}

// `{"name":"a","description":"A.","inputSchema":{…}}` in o200k_base tokens: with the property q, 44 (the zod
// serialisation's keys included); with none, 21.
const WITH_Q = [{ tool: "a", entryTokens: 44, entryUnknown: null }];
const NONE = [{ tool: "a", entryTokens: 21, entryUnknown: null }];

it("a definer's schema is read under the spread that holds it, as where it is written", async () => {
  const definer = { definers: ["defineTool"], bodyKey: "run" };
  const head = 'import { z } from "zod";\nimport { defineTool } from "./def.js";\n';
  const spread = `${head}const SPEC = { name: "a", description: "A.", inputSchema: { q: z.string() } };\nexport const a = defineTool({ ...SPEC, run: async () => ({ content: [] }) });\n`;
  const inline = `${head}export const a = defineTool({ name: "a", description: "A.", inputSchema: { q: z.string() }, run: async () => ({ content: [] }) });\n`;
  expect(await entry(spread, definer)).toEqual(WITH_Q);
  expect(await entry(inline, definer)).toEqual(WITH_Q);
});

it("a listed tool whose element has no inputSchema has none, one key or three deep", async () => {
  const loop = (element: string, path: string) =>
    `const TOOLS = [${element}];\nexport function register(server) {\n  for (const t of TOOLS) server.registerTool(t.name, { description: t.description, inputSchema: t${path}.inputSchema }, async () => ({ content: [] }));\n}\n`;
  expect(await entry(loop('{ name: "a", description: "A." }', ""))).toEqual(NONE);
  expect(await entry(loop('{ name: "a", description: "A.", config: { meta: {} } }', ".config.meta"))).toEqual(NONE);
});

it("a shape holding a value built at run time is unseen, not annotations", async () => {
  const source = 'import { z } from "zod";\nexport function register(server) {\n  server.tool("a", "A.", { q: makeSchema() }, async () => ({ content: [] }));\n}\n';
  expect(await entry(source)).toEqual([
    { tool: "a", entryTokens: null, entryUnknown: "the census cannot see its input schema: `makeSchema()` is no zod schema the census can read" },
  ]);
});

it("a chain whose first step is a property other than coerce (`z.iso.datetime()`) is named as unread, whole", async () => {
  const source = (form: string) => `import { z } from "zod";\nexport function register(server) {\n  server.registerTool("a", { description: "A.", inputSchema: { q: ${form} } }, async () => ({ content: [] }));\n}\n`;
  expect(await entry(source("z.iso.datetime()"))).toEqual([
    { tool: "a", entryTokens: null, entryUnknown: "the census cannot see its input schema: `z.iso.datetime()` is no zod schema the census can read" },
  ]);
  expect(await entry(source("z.coerce.number()"))).toEqual(WITH_Q);
});
