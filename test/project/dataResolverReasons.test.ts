// The reasons the data resolver gives when it cannot read a value (src/project/dataResolver.ts), each seen in the
// finding a user reads: a computed key it cannot evaluate, a key that is no string, a part of a joined name unseen
// where it is written, an argument a call does not pass; and lists a condition chooses between that share classes,
// functions, strings and defined tools, each counted once.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/model.js";
import { discoveryReasons, lowLevelServer, monitorReport } from "./monitorReport.js";

/** A low-level server whose tools/list answers `tools: listExpr` (`EXT` imported from a package for the declarations). */
const listing = (listExpr: string, declarations: string) => lowLevelServer(`import { EXT } from "some-package";\n${declarations}`, listExpr);

const ALPHA = '{ name: "alpha", description: "Alpha tool.", inputSchema: { type: "object", properties: {} } }';
const BETA = '{ name: "beta", description: "Beta tool here.", inputSchema: { type: "object", properties: {} } }';

const FROM_LIST = (why: string) => `it comes from a list the census cannot see: ${why}`;

function summary(report: Report) {
  return {
    tools: report.descriptions.map((d) => [d.tool, d.served]),
    reasons: discoveryReasons(report),
    findings: report.findings.map((f) => `${f.rule} ${f.file}:${f.line}`),
  };
}

async function listed(listExpr: string, declarations: string, options: Parameters<typeof monitorReport>[1] = {}) {
  return summary(await monitorReport({ "src/server.ts": listing(listExpr, declarations) }, options));
}

describe("keys the census cannot read", () => {
  it("a computed key after the name hides the name: the finding gives the key and why", async () => {
    const r = await listed(`[{ name: "alpha", description: "Alpha tool.", [makeKey()]: 1, inputSchema: {} }]`, "function makeKey() { return String(Date.now()); }");
    expect(r).toEqual({ tools: [], reasons: ["the key `[makeKey()]` cannot be evaluated: call to `makeKey()`"], findings: ["tool-discovery src/server.ts:7"] });
  });

  it("Object.values of a table with a computed key it cannot evaluate: the finding gives the key and why", async () => {
    const r = await listed("Object.values(TABLE)", `const TABLE = { [makeKey()]: ${ALPHA} };\nfunction makeKey() { return "alpha"; }`);
    expect(r).toEqual({ tools: [], reasons: [FROM_LIST("the key `[makeKey()]` cannot be evaluated: call to `makeKey()`")], findings: ["tool-discovery src/server.ts:8"] });
  });

  it("a key from a number: no key, and why", async () => {
    expect(await listed("Object.values(TABLE)", `const COUNT = 3;\nconst TABLE = { [COUNT]: ${ALPHA} };`)).toEqual({
      tools: [],
      reasons: [FROM_LIST("the key `[COUNT]` cannot be evaluated: `3` is a number, not a string")],
      findings: ["tool-discovery src/server.ts:8"],
    });
  });

  it("a key from a package's export: no key, and why", async () => {
    expect(await listed("Object.values(TABLE)", `const TABLE = { [EXT]: ${ALPHA} };`)).toEqual({
      tools: [],
      reasons: [FROM_LIST('the key `[EXT]` cannot be evaluated: "some-package" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor')],
      findings: ["tool-discovery src/server.ts:7"],
    });
  });

  it("a key from a list: no key, and why", async () => {
    expect(await listed("Object.values(TABLE)", `const LIST = [TABLE_NAME];\nconst TABLE_NAME = "alpha";\nconst TABLE = { [LIST]: ${ALPHA} };`)).toEqual({
      tools: [],
      reasons: [FROM_LIST("the key `[LIST]` cannot be evaluated: it is a list, not a string")],
      findings: ["tool-discovery src/server.ts:9"],
    });
  });
});

describe("lists a condition chooses between", () => {
  it("a function and a string listed by both lists: each reported once", async () => {
    const declarations = 'const flag = Math.random() > 0.5;\nfunction helper() { return 1; }\nconst WORDS = ["alpha"];\n' + `const BASE = [${ALPHA}, helper, WORDS[0]];`;
    expect(await listed(`flag ? BASE : [...BASE, ${BETA}]`, declarations)).toEqual({
      tools: [
        ["alpha", 11],
        ["beta", 15],
      ],
      reasons: ["a function has no property `name`", "a string has no property `name`"],
      findings: ["tool-discovery src/server.ts:10", "tool-discovery src/server.ts:10"],
    });
  });

  it("tools of a definer listed by both lists: each tool once", async () => {
    const declarations =
      "const flag = Math.random() > 0.5;\n" +
      "function defineTool<T>(t: T): T { return t; }\n" +
      'const READ = [defineTool({ name: "alpha", description: "Alpha tool.", run: async () => JSON.stringify({}) })];\n' +
      'const WRITE = [defineTool({ name: "beta", description: "Beta tool here.", run: async () => JSON.stringify({}) })];';
    expect(await listed("flag ? READ : [...READ, ...WRITE]", declarations, { discovery: { definers: ["defineTool"], bodyKey: "run" } })).toEqual({
      tools: [
        ["alpha", 11],
        ["beta", 15],
      ],
      reasons: [],
      findings: [],
    });
  });
});

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';

describe("a choice between a list and no list", () => {
  it("is no list the census can read: the finding says it depends on a condition", async () => {
    const r = await listed(`flag ? [${ALPHA}] : undefined`, "const flag = Math.random() > 0.5;");
    expect(r.tools).toEqual([]);
    expect(r.reasons).toEqual([FROM_LIST("the value depends on a condition at run time")]);
  });
});

describe("joined names and arguments", () => {
  it("a part of a joined name its element cannot show: the finding, at the name, gives why", async () => {
    const server =
      SDK +
      "const TOOLS = [\n" +
      '  { name: "a_" +\n' +
      '      process.env.SUFFIX, description: "Finds files.", handler: async () => JSON.stringify({}) },\n' +
      "];\n" +
      "export function register(server: McpServer) {\n" +
      "  for (const t of TOOLS) server.tool(`fs_${t.name}`, t.description, t.handler);\n" +
      "}\n";
    expect(summary(await monitorReport({ "src/server.ts": server }))).toEqual({ tools: [], reasons: ["`process` is not declared in this file"], findings: ["tool-discovery src/server.ts:7"] });
  });

  it("a helper's call that passes no description, with no default: the finding says so", async () => {
    const server =
      SDK +
      "function add(server: McpServer, name: string, description?: string) {\n" +
      '  server.registerTool(name, { description }, async () => JSON.stringify({}));\n' +
      "}\n" +
      "export function register(server: McpServer) {\n" +
      '  add(server, "alpha", "Alpha tool.");\n' +
      '  add(server, "beta");\n' +
      "}\n";
    const r = summary(await monitorReport({ "src/server.ts": server }));
    expect(r.tools).toEqual([
      ["alpha", 11],
      ["beta", null],
    ]);
    expect(r.findings).toEqual(["tool-discovery src/server.ts:3"]);
    expect(r.reasons).toEqual([
      "The census cannot see the served description of tool beta (the value is an argument of `add`, so it depends on the caller: a call passes none, and it has no default); build it from literals and constants so its size can be checked",
    ]);
  });

  it("a default of a default (`(name ?? \"alpha\") || \"beta\"`) is a choice the census does not take: the finding says so", async () => {
    const server =
      SDK +
      "function add(server: McpServer, name?: string) {\n" +
      '  server.tool((name ?? "alpha") || "beta", "A tool.", async () => JSON.stringify({}));\n' +
      "}\n" +
      "export function register(server: McpServer) {\n" +
      "  add(server);\n" +
      "}\n";
    const r = summary(await monitorReport({ "src/server.ts": server }));
    expect(r).toEqual({ tools: [], reasons: ["the value depends on a condition at run time"], findings: ["tool-discovery src/server.ts:3"] });
  });

  it("a helper that calls another: each parameter is read from its own function's call", async () => {
    const server =
      SDK +
      "function inner(server: McpServer, name: string, description: string) {\n" +
      "  server.tool(name, description, async () => JSON.stringify({}));\n" +
      "}\n" +
      "function outer(server: McpServer, prefix: string) {\n" +
      '  inner(server, prefix + "_list", "Lists them.");\n' +
      '  inner(server, prefix + "_get", "Gets one.");\n' +
      "}\n" +
      "export function register(server: McpServer) {\n" +
      '  outer(server, "files");\n' +
      "}\n";
    const r = summary(await monitorReport({ "src/server.ts": server }));
    expect(r).toEqual({
      tools: [
        ["files_get", 9],
        ["files_list", 11],
      ],
      reasons: [],
      findings: [],
    });
  });
});

describe("spreads", () => {
  it("a spread of what a call builds, or of a package's value, may set the name: the finding names the spread", async () => {
    const declarations = 'import { BASE } from "some-package";\nfunction makeBase() { return { name: "alpha" }; }';
    const r = await listed(`[{ ...makeBase(), description: "Alpha tool.", inputSchema: {} }, { ...BASE, description: "Beta tool here.", inputSchema: {} }]`, declarations);
    expect(r.tools).toEqual([]);
    expect(r.reasons).toEqual([
      'the config spreads `BASE`, which may set the name: "some-package" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor',
      "the config spreads `makeBase()`, which may set the name",
    ]);
  });

  it("spreads of spreads 70 deep: read as deep as the resolver goes, then the finding says the chain is too deep", async () => {
    const chain = ['const S0 = { name: "alpha", description: "Alpha tool.", inputSchema: {} };'];
    for (let i = 1; i <= 70; i++) chain.push(`const S${i} = { ...S${i - 1} };`);
    const r = await listed("[S70]", chain.join("\n"));
    expect(r.tools).toEqual([]);
    expect(r.reasons).toEqual(["the config spreads `S39`, which may set the name: `{ ...S38 }` is nested too deeply to read"]);
    const shallow = await listed("[S10]", chain.join("\n"));
    expect(shallow.tools).toEqual([["alpha", 11]]);
  });
});

describe("members by number", () => {
  it("an element past a list's end is unseen, and says which", async () => {
    const r = await listed("[LIST[5]]", `const LIST = [${ALPHA}];`);
    expect(r.tools).toEqual([]);
    expect(r.reasons).toEqual(["the list has no element 5"]);
    expect(r.findings).toEqual(["tool-discovery src/server.ts:7"]);
  });

  it("a numbered key of an object is its member, not an element", async () => {
    expect((await listed("[TABLE[0], TABLE[1]]", `const TABLE = { 0: ${ALPHA}, "1": ${BETA} };`)).tools).toEqual([
      ["alpha", 11],
      ["beta", 15],
    ]);
  });
});

describe("a helper's parameters", () => {
  const helper = (signature: string, body: string, calls: string[]) =>
    SDK + `function add(server: McpServer, ${signature}) {\n  ${body}\n}\n` + `export function register(server: McpServer) {\n${calls.map((c) => `  ${c}\n`).join("")}}\n`;
  const served = async (server: string) => summary(await monitorReport({ "src/server.ts": server }));

  it("a call that passes `undefined` gets the default, one that passes a value gets the value", async () => {
    const server = helper('name: string, description = "The default."', "server.tool(name, description, async () => JSON.stringify({}));", ['add(server, "alpha", "Alpha tool.");', 'add(server, "beta", undefined);']);
    expect((await served(server)).tools).toEqual([
      ["alpha", 11],
      ["beta", 12],
    ]);
  });

  it("the one call passes an options object without the member: the member's default", async () => {
    const server = helper('{ name, description = "The default." }: { name: string; description?: string }', "server.tool(name, description, async () => JSON.stringify({}));", ['add(server, { name: "alpha" });']);
    expect((await served(server)).tools).toEqual([["alpha", 12]]);
  });

  it("the one call passes an options object with the member: its value", async () => {
    const server = helper('{ name, description = "The default." }: { name: string; description?: string }', "server.tool(name, description, async () => JSON.stringify({}));", ['add(server, { name: "alpha", description: "Alpha tool." });']);
    expect((await served(server)).tools).toEqual([["alpha", 11]]);
  });

  it("the one call passes nothing where there is no default: the finding names the call", async () => {
    const server = helper("name: string, description?: string", "server.tool(name, description!, async () => JSON.stringify({}));", ['add(server, "alpha");']);
    const r = await served(server);
    expect(r.reasons).toEqual([expect.stringContaining("its call at src/server.ts:6 passes none, and it has no default")]);
  });
});
