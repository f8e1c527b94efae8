// Where a tool's input schema is read from (src/project/inputSchema.ts), seen through its entry's token count: a
// definer's schema under any of its keys (inputSchema, input, parameters), also when a spread hides which; no key at
// all is no schema; annotations in the parameters' place are no schema; a schema that is not a zod object, or a shape
// that spreads what is not an object, is unseen and says why.
import { describe, expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const HEAD = 'import { z } from "zod";\nimport { defineTool } from "./define.js";\n';

async function entries(body: string) {
  const report = await monitorReport(
    { "src/define.ts": "export function defineTool(t: unknown) { return t; }\n", "src/server.ts": HEAD + body },
    { discovery: { definers: ["defineTool"], bodyKey: "run" } },
  );
  return Object.fromEntries(report.descriptions.map((d) => [d.tool, d.entryTokens ?? d.entryUnknown ?? null]));
}

const RUN = 'run: async () => JSON.stringify({})';

describe("a definer's input schema", () => {
  it("under inputSchema, input or parameters, written in place or spread from a constant: the same entry", async () => {
    const e = await entries(
      'const IN = { name: "t2", description: "Finds notes.", input: { q: z.string() } };\n' +
        'const PA = { name: "t3", description: "Finds notes.", parameters: { q: z.string() } };\n' +
        `export const tools = [\n` +
        `  defineTool({ name: "t1", description: "Finds notes.", inputSchema: { q: z.string() }, ${RUN} }),\n` +
        `  defineTool({ ...IN, ${RUN} }),\n` +
        `  defineTool({ ...PA, ${RUN} }),\n` +
        `  defineTool({ name: "t4", description: "Finds notes.", ${RUN} }),\n` +
        `  defineTool({ ...{ name: "t5", description: "Finds notes." }, ${RUN} }),\n` +
        "];\n",
    );
    expect(typeof e.t1).toBe("number");
    expect([e.t2, e.t3]).toEqual([e.t1, e.t1]);
    // No schema key: the SDK serves an empty object schema, fewer tokens than one with a property.
    expect(typeof e.t4).toBe("number");
    expect(e.t5).toBe(e.t4);
    expect(e.t4 as number).toBeLessThan(e.t1 as number);
  });
});

describe("a registration's parameters", () => {
  it("annotations in the parameters' place are no schema; a shape spread in is its keys", async () => {
    const e = await entries(
      'declare const server: { tool(...a: unknown[]): void; registerTool(...a: unknown[]): void };\n' +
        'const SHAPE = { q: z.string() };\n' +
        'server.tool("a1", "Finds notes.", { readOnlyHint: true }, async () => JSON.stringify({}));\n' +
        'server.tool("a2", "Finds notes.", async () => JSON.stringify({}));\n' +
        'server.tool("a3", "Finds notes.", { ...SHAPE }, async () => JSON.stringify({}));\n' +
        'server.tool("a4", "Finds notes.", { q: z.string() }, async () => JSON.stringify({}));\n' +
        'server.tool("a5", "Finds notes.", { ...{ readOnlyHint: true } }, async () => JSON.stringify({}));\n',
    );
    expect(e.a1).toBe(e.a2);
    expect(e.a3).toBe(e.a4);
    expect(e.a5).toBe(e.a2);
    expect(e.a4 as number).toBeGreaterThan(e.a2 as number);
  });

  it("a config held by a const, without an inputSchema: no schema, as when it is written in place", async () => {
    const e = await entries(
      'declare const server: { registerTool(...a: unknown[]): void };\n' +
        'const CONFIG = { description: "Finds notes." };\n' +
        'server.registerTool("c1", CONFIG, async () => JSON.stringify({}));\n' +
        'server.registerTool("c2", { description: "Finds notes." }, async () => JSON.stringify({}));\n',
    );
    expect(typeof e.c1).toBe("number");
    expect(e.c1).toBe(e.c2);
  });

  it("a schema that is not a zod object, and a shape spreading what is no object, are unseen and say why", async () => {
    const e = await entries(
      'declare const server: { registerTool(...a: unknown[]): void; tool(...a: unknown[]): void };\n' +
        'declare const LIST: string[];\n' +
        'server.registerTool("b1", { description: "Finds notes.", inputSchema: z.string() }, async () => JSON.stringify({}));\n' +
        'server.tool("b2", "Finds notes.", { ...LIST }, async () => JSON.stringify({}));\n',
    );
    expect(e.b1).toBe('the census cannot see its input schema: its input schema is not a zod object (it serialises as {"type":"string"})');
    expect(e.b2).toMatch(/^the census cannot see its input schema: the schema spreads `LIST`, /);
  });
});
