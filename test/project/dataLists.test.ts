// The tools a low-level server lists as data (src/project/dataResolver.ts): `Object.values` and `Object.entries` of a
// table of definitions, namespace imports, lists indexed, filtered, mapped and chosen between, members nested and
// spread; and, for each form the census cannot list, the reason its tool-discovery finding gives.
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { Report } from "../../src/model.js";
import { captureIo } from "../census/io.js";
import { tempTree } from "../config/tempTree.js";

const HELPERS =
  'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
  'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
  'export function refusal(p: string, s: string) { return status("invalid", s); }\n';

const DEFS =
  "export const TOOLS = {\n" +
  '  alpha: { name: "alpha", description: "Alpha tool.", inputSchema: { type: "object", properties: {} } },\n' +
  '  beta: { name: "beta", description: "Beta tool here.", inputSchema: { type: "object", properties: {} } },\n' +
  "};\n" +
  "export const LIST = [TOOLS.alpha, TOOLS.beta];\n" +
  "export function makeTool() { return TOOLS.alpha; }\n" +
  "export class ToolClass {}\n";

const IMPORTS = 'import { TOOLS, LIST, makeTool, ToolClass } from "./defs.js";\nimport { EXT } from "some-package";\nimport * as defs from "./defs.js";\n';

/** A server on the SDK's low-level Server whose tools/list answers `tools: LIST_EXPR`, and tools/call answers alpha and beta. */
function server(listExpr: string, declarations = ""): string {
  return (
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
    'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
    IMPORTS +
    `${declarations}\n` +
    "export function createServer(): Server {\n" +
    '  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    `  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ${listExpr} }));\n` +
    "  server.setRequestHandler(CallToolRequestSchema, async (request) => {\n" +
    "    const { name } = request.params;\n" +
    "    switch (name) {\n" +
    '      case "alpha":\n' +
    '      case "beta":\n' +
    '      case "gamma":\n' +
    '        return { content: [{ type: "text", text: "{}" }] };\n' +
    "    }\n" +
    '    throw new Error("unknown tool");\n' +
    "  });\n" +
    "  return server;\n" +
    "}\n"
  );
}

async function listed(listExpr: string, declarations = "", files: Record<string, string> = {}) {
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/server.ts"] }] }),
    "src/helpers.ts": HELPERS,
    "src/defs.ts": DEFS,
    "src/server.ts": server(listExpr, declarations),
    ...files,
  });
  const io = captureIo(dir);
  await main([dir, "--format", "json", "--no-cache"], io);
  const report = JSON.parse(io.out.join("")) as Report;
  return {
    tools: report.descriptions.map((d) => [d.tool, d.served]),
    unseen: report.findings.filter((f) => f.rule === "tool-discovery").map((f) => /\((.*)\), so /.exec(f.message)?.[1] ?? f.message),
  };
}

const BOTH = [
  ["alpha", 11],
  ["beta", 15],
];
const FROM_LIST = (why: string) => `it comes from a list the census cannot see: ${why}`;
const PACKAGE = '"some-package" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor';

describe("a table of definitions listed", () => {
  it.each([
    ["Object.values(TOOLS)"],
    ["Object.entries(TOOLS).map(([name, t]) => ({ name, description: t.description, inputSchema: t.inputSchema }))"],
    ["Object.values(defs.TOOLS)"],
    ["LIST.filter((t) => t.name !== 'x')"],
    ["LIST.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))"],
    ["[LIST[0], LIST[1]]"],
    ["[defs.LIST[0], defs.TOOLS.beta]"],
  ])("%s: every tool, with its description", async (expr) => {
    expect(await listed(expr)).toEqual({ tools: BOTH, unseen: [] });
  });

  it("names and descriptions from a local enum, an imported one and an `as const` object", async () => {
    const defs = (names: string) =>
      `[{ name: ${names}.Alpha, description: ${names}.AlphaText, inputSchema: {} }, { name: ${names}.Beta, description: "Beta tool here.", inputSchema: {} }]`;
    const local = "enum ToolName { Alpha = 'alpha', Beta = 'beta', AlphaText = 'Alpha tool.' }";
    expect(await listed(defs("ToolName"), local)).toEqual({ tools: BOTH, unseen: [] });
    const imported = 'import { Names } from "./names.js";';
    const files = { "src/names.ts": "export enum Names { Alpha = 'alpha', Beta = 'beta', AlphaText = 'Alpha tool.' }\n" };
    expect(await listed(defs("Names"), imported, files)).toEqual({ tools: BOTH, unseen: [] });
    const constant = "const N = { Alpha: 'alpha', Beta: 'beta', AlphaText: 'Alpha tool.' } as const;";
    expect(await listed(defs("N"), constant)).toEqual({ tools: BOTH, unseen: [] });
  });

  it("an enum member defined by itself is unseen, and says so", async () => {
    const r = await listed("[{ name: 'alpha', description: D.B, inputSchema: {} }]", "enum D { A = 'x', B = D.B }");
    expect(r.tools).toEqual([["alpha", null]]);
  });

  it("a key written twice: its last value, once", async () => {
    expect(await listed("Object.values(TWICE)", "const TWICE = { alpha: TOOLS.beta, alpha: TOOLS.alpha };")).toEqual({ tools: [["alpha", 11]], unseen: [] });
  });

  it("each list a condition chooses between: the tools of both", async () => {
    expect(await listed("flag ? [TOOLS.alpha] : [TOOLS.beta]", "const flag = Math.random() > 0.5;")).toEqual({ tools: BOTH, unseen: [] });
  });

  it("lists a condition chooses between that share definitions: each tool once", async () => {
    const declarations = "const readOnly = Math.random() > 0.5;\nconst READ = [TOOLS.alpha];\nconst WRITE = [TOOLS.beta];";
    expect(await listed("readOnly ? READ : [...READ, ...WRITE]", declarations)).toEqual({ tools: BOTH, unseen: [] });
    expect(await listed("readOnly ? READ : READ.concat(WRITE)", declarations)).toEqual({ tools: BOTH, unseen: [] });
    expect(await listed(`(readOnly ? READ : [...READ, ...WRITE]).map((t) => ({ name: t.name, description: t.description, inputSchema: {} }))`, declarations)).toEqual({ tools: BOTH, unseen: [] });
  });

  it("elements of one mapped list, shared by both lists: the same element once, two elements both", async () => {
    const declarations =
      "const readOnly = Math.random() > 0.5;\n" +
      "const MAPPED = LIST.map((t) => ({ name: t.name, description: t.description, inputSchema: {} }));";
    expect(await listed("readOnly ? MAPPED : [...MAPPED]", declarations)).toEqual({ tools: BOTH, unseen: [] });
    expect(await listed("readOnly ? [MAPPED[0]] : [MAPPED[1]]", declarations)).toEqual({ tools: BOTH, unseen: [] });
  });

  it("a tool one of those lists holds twice is still defined twice (said once: both are the one definition)", async () => {
    const r = await listed("readOnly ? [TOOLS.alpha, TOOLS.alpha] : [TOOLS.beta]", "const readOnly = Math.random() > 0.5;");
    expect(r.tools).toEqual([["alpha", 11], ["alpha", 11], ["beta", 15]]);
    expect(r.unseen).toEqual([expect.stringMatching(/^Tool alpha is defined twice in SKU main/)]);
  });

  it("a member nested in objects, and an object spread with a member set after it", async () => {
    expect(await listed("[NESTED.a.b]", "const NESTED = { a: { b: TOOLS.alpha } };")).toEqual({ tools: [["alpha", 11]], unseen: [] });
    expect(await listed("[{ ...TOOLS.alpha, description: 'Over.' }]")).toEqual({ tools: [["alpha", 5]], unseen: [] });
    expect(await listed("[{ ...TOOLS.alpha }, { ...{ ...TOOLS.beta } }]")).toEqual({ tools: BOTH, unseen: [] });
  });

  it("the values of an object spreading another: the spread's where it stands, then its own", async () => {
    const gamma = "gamma: { name: 'gamma', description: 'G.', inputSchema: {} }";
    expect(await listed(`Object.values({ ...TOOLS, ${gamma} })`)).toEqual({ tools: [...BOTH, ["gamma", 2]], unseen: [] });
    // A key set again takes the later value: alpha is answered by gamma's definition.
    expect(await listed(`Object.values({ ...TOOLS, alpha: { name: 'gamma', description: 'G.', inputSchema: {} } })`)).toEqual({
      tools: [["beta", 15], ["gamma", 2]],
      unseen: [],
    });
  });
});

describe("a list the census cannot see, and why", () => {
  it.each([
    ["Object.values({ ...PAIR, gamma: { name: 'gamma', description: 'G.', inputSchema: {} } })", "const PAIR = [1, 2];", FROM_LIST("the object spreads `PAIR`, a list, not an object")],
    ["Object.values(PAIR)", "const PAIR = [1, 2];", FROM_LIST("a list is not an object")],
    ["Object.values(makeTool)", "", FROM_LIST("a function is not an object")],
    ["makeTool", "", FROM_LIST("a function is not a list")],
    ["ToolClass", "", FROM_LIST("class `ToolClass` is not a list")],
    ["'alpha'", "", FROM_LIST("a string is not a list")],
    ["TOOLS", "", FROM_LIST("an object is not a list")],
    ["this.tools", "", FROM_LIST("`this.tools` depends on the object at run time")],
    ["[this.tools[0]]", "", "`this.tools[0]` depends on the object at run time"],
    ["EXT.map((t: any) => ({ name: t.name }))", "", FROM_LIST(PACKAGE)],
    ["[...LIST, ...EXT]", "", FROM_LIST(PACKAGE)],
    ["[EXT]", "", PACKAGE],
    ["[M.alpha]", "const M = new Map();", "`new Map()` is built at run time: its properties cannot be seen"],
    ["[flag ? TOOLS.alpha : TOOLS.beta]", "const flag = Math.random() > 0.5;", "the value depends on a condition at run time"],
    ["[NESTED.a.c]", "const NESTED = { a: { b: TOOLS.alpha } };", "it has no property `a.c`"],
  ])("%s", async (expr, declarations, why) => {
    expect(await listed(expr, declarations)).toEqual({ tools: [], unseen: [why] });
  });

  it("an element the list does not have, beside one it has", async () => {
    expect(await listed("[LIST[0], LIST[5]]")).toEqual({ tools: [["alpha", 11]], unseen: ["the list has no element 5"] });
  });

  it("a description a spread of a package's value may set", async () => {
    const dir = await listed("[{ ...EXT, name: 'alpha' }]");
    expect(dir.tools).toEqual([["alpha", null]]);
  });
});
