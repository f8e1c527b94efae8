// A tool registered inside a function from its parameters (`function addTool(server, name, description, handler)`):
// one tool per call of the function made as a statement, each named, described and answered by what its call passes;
// a function called once is read through that call. A call whose value is used is no registration the census reads.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const HELPERS = `${CONTRACT_HELPERS}export function validateN(n: number): string | null { return n < 0 ? refusal("n", "n must not be negative.") : null; }\n`;

const ADD_TOOL =
  "function addTool(server: McpServer, name: string, description: string, handler: (args: any) => Promise<string>): void {\n" +
  "  server.registerTool(name, { description }, handler);\n" +
  "}\n";

async function census(body: string, files: Record<string, string> = {}) {
  const report = await monitorReport(
    {
      "src/helpers.ts": HELPERS,
      "src/server.ts": 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' + 'import { validateN } from "./helpers.js";\n' + `${body}\n`,
      ...files,
    },
    { tools: ["src/*.ts"], producers: [{ module: "src/helpers.ts", category: "validator", names: ["validate*"] }] },
  );
  return {
    tools: report.descriptions.map((d) => [d.tool, d.served, d.entryTokens === null ? null : "entry"]),
    findings: report.findings.map((f) => `${f.rule} ${f.tool} ${f.line}`),
    passThroughs: report.counts.passThroughs.total,
    unseen: report.findings.filter((f) => f.rule === "tool-discovery").map((f) => f.message),
    entries: report.descriptions.map((d) => d.entryTokens),
  };
}

describe("a function that registers a tool from its parameters", () => {
  it("called three times: three tools, each with its call's name, description and handler", async () => {
    const r = await census(
      ADD_TOOL +
        "export function createServer(): McpServer {\n" +
        '  const server = new McpServer({ name: "s", version: "1" });\n' +
        '  addTool(server, "alpha", "Alpha tool.", async ({ n }) => {\n' +
        "    const err = validateN(n);\n" +
        "    if (err != null) return err;\n" +
        '    return "Nothing here.";\n' +
        "  });\n" +
        '  addTool(server, "beta", "Beta tool here.", async () => JSON.stringify({}));\n' +
        '  await addTool(server, "gamma", "Gamma.", async () => "Not yet.");\n' +
        "  return server;\n" +
        "}\n",
    );
    expect(r.tools).toEqual([
      ["alpha", 11, "entry"],
      ["beta", 15, "entry"],
      ["gamma", 6, "entry"],
    ]);
    expect(r.findings).toEqual(["bare-sentence-roster alpha 11", "bare-sentence-roster gamma 14"]);
    expect(r.passThroughs).toBe(1);
  });

  it("server.tool's form: the parameters' schema passed beside the description", async () => {
    const r = await census(
      "function add(server: McpServer, name: string, description: string, schema: object, handler: any) {\n" +
        "  server.tool(name, description, schema, handler);\n" +
        "}\n" +
        'export function build(server: McpServer) {\n  add(server, "alpha", "Alpha tool.", {}, async () => "{}");\n  add(server, "beta", "Beta tool here.", {}, async () => "{}");\n}\n',
    );
    expect(r.tools).toEqual([
      ["alpha", 11, "entry"],
      ["beta", 15, "entry"],
    ]);
  });

  it("a function of another tool file, called from this one", async () => {
    const r = await census(
      'import { addTool } from "./register.js";\n' +
        'export function build(server: McpServer) {\n  addTool(server, "alpha", "Alpha tool.", async () => JSON.stringify({}));\n  addTool(server, "beta", "Beta tool here.", async () => JSON.stringify({}));\n}\n',
      { "src/register.ts": `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport ${ADD_TOOL}` },
    );
    expect(r.tools.map((t) => t[0])).toEqual(["alpha", "beta"]);
    expect(r.findings).toEqual([]);
  });

  it("called once: the tool its call passes (not only a default)", async () => {
    const r = await census(ADD_TOOL + 'export function build(server: McpServer) {\n  addTool(server, "alpha", "Alpha tool.", async () => "{}");\n}\n');
    expect(r.tools).toEqual([["alpha", 11, "entry"]]);
  });

  // Each helper called for alpha ("Alpha tool.", 11 characters) and beta ("Beta tool here.", 15): one tool per call.
  it.each([
    {
      what: "one object of the parts per call, spread over defaults, read through a local the helper declares",
      helper:
        "function add(server: McpServer, spec: { name: string; description?: string; handler: any }) {\n" +
        '  const { name, description, handler } = { description: "No description.", ...spec };\n' +
        "  server.tool(name, description, handler);\n" +
        "}\n",
      calls: ['add(server, { name: "alpha", description: "Alpha tool.", handler: async () => JSON.stringify({}) });', 'add(server, { name: "beta", handler: async () => "Not yet." });'],
      names: ["alpha", "beta"],
      findings: ["bare-sentence-roster beta 9"],
    },
    {
      what: "a config spread from an argument",
      helper: "function add(server: McpServer, name: string, meta: { description: string }) {\n  server.registerTool(name, { title: name, ...meta }, async () => JSON.stringify({}));\n}\n",
      calls: ['add(server, "alpha", { description: "Alpha tool." });', 'add(server, "beta", { description: "Beta tool here." });'],
      names: ["alpha", "beta"],
      findings: [],
    },
    {
      what: "a config spread from an argument, the name written in the helper (so the two are one name)",
      helper: 'function add(server: McpServer, meta: { description: string }) {\n  server.registerTool("same", { title: "Same", ...meta }, async () => JSON.stringify({}));\n}\n',
      calls: ['add(server, { description: "Alpha tool." });', 'add(server, { description: "Beta tool here." });'],
      names: ["same", "same"],
      findings: ["tool-discovery same 4"],
    },
    {
      what: "a configured module that does not parse holds no calls of the helper, and stops nothing",
      helper: ADD_TOOL,
      calls: ['addTool(server, "alpha", "Alpha tool.", async () => JSON.stringify({}));', 'addTool(server, "beta", "Beta tool here.", async () => JSON.stringify({}));'],
      names: ["alpha", "beta"],
      findings: ["parse-error null 1"],
      files: { "src/helpers.ts": "export function validateN(n: number {\n" },
    },
  ])("$what", async ({ helper, calls, names, findings, files }) => {
    const r = await census(`${helper}export function createServer(server: McpServer): void {\n${calls.map((c) => `  ${c}\n`).join("")}}\n`, files);
    expect(r.tools).toEqual([
      [names[0], 11, "entry"],
      [names[1], 15, "entry"],
    ]);
    expect(r.findings).toEqual(findings);
  });

  it("a description the facts cannot tell from a schema: text is the description, and the schema the argument after it", async () => {
    const r = await census(
      "function add(server: McpServer, spec: { name: string; description?: string; shape?: object }) {\n" +
        '  const { name, description, shape } = { description: "No description.", shape: {}, ...spec };\n' +
        "  server.tool(name, description, shape, async () => JSON.stringify({}));\n" +
        "}\n" +
        "export function createServer(server: McpServer): void {\n" +
        '  add(server, { name: "alpha", description: "Alpha tool.", shape: { n: z.number() } });\n' +
        '  add(server, { name: "beta" });\n' +
        '  add(server, { name: "gamma", description: loadText() });\n' +
        "}\n" +
        'import { z } from "zod";\ndeclare function loadText(): string;\n',
    );
    // Gamma's description is unseen, so is what it stands for: the census cannot say whether gamma has parameters.
    expect(r.tools).toEqual([
      ["alpha", 11, "entry"],
      ["beta", 15, "entry"],
      ["gamma", null, null],
    ]);
    expect(r.entries[0]! - r.entries[1]!).toBeGreaterThan(3);
  });

  it("a call that passes undefined gets the parameter's default", async () => {
    const r = await census(
      'function addTool(server: McpServer, name: string, description = "Default text.", handler: any = async () => "{}") {\n  server.registerTool(name, { description }, handler);\n}\n' +
        'export function build(server: McpServer) {\n  addTool(server, "alpha", undefined);\n  addTool(server, "beta", "Beta tool here.", async () => "{}");\n}\n',
    );
    expect(r.tools).toEqual([
      ["alpha", 13, "entry"],
      ["beta", 15, "entry"],
    ]);
  });

  it("a call whose value is used is not read: the tool stays unseen, and says it is called twice", async () => {
    const r = await census(
      ADD_TOOL + 'export function build(server: McpServer) {\n  addTool(server, "alpha", "Alpha tool.", async () => "{}");\n  const done = addTool(server, "beta", "B.", async () => "{}");\n  void done;\n}\n',
    );
    expect(r.tools).toEqual([]);
    expect(r.findings).toEqual(["tool-discovery null 4"]);
    expect(r.unseen).toEqual([expect.stringContaining("it is called 2 times (src/server.ts:7, src/server.ts:8)")]);
  });

  it("a function inside another, declared or held by a const: one tool per call, each function its own calls", async () => {
    const r = await census(
      "export function createServer(): McpServer {\n" +
        '  const server = new McpServer({ name: "s", version: "1" });\n' +
        "  function register(name: string, description: string, handler: any) {\n    server.registerTool(name, { description }, handler);\n  }\n" +
        '  register("alpha", "Alpha tool.", async () => JSON.stringify({}));\n' +
        '  register("beta", "Beta tool here.", async () => JSON.stringify({}));\n' +
        "  return server;\n" +
        "}\n" +
        "export function createOther(): McpServer {\n" +
        '  const server = new McpServer({ name: "t", version: "1" });\n' +
        "  const register = (name: string, handler: any) => server.tool(name, \"Other.\", handler);\n" +
        '  register("gamma", async () => JSON.stringify({}));\n' +
        '  register("delta", async () => JSON.stringify({}));\n' +
        "  return server;\n" +
        "}\n",
    );
    expect(r.tools.map((t) => t[0]).sort()).toEqual(["alpha", "beta", "delta", "gamma"]);
    expect(r.findings).toEqual([]);
  });

  it("a callback's parameter is no argument of a call: a tool named by it stays unseen", async () => {
    const r = await census(
      'declare const hooks: { on(event: string, fn: (name: string) => void): void };\n' +
        'export function build(server: McpServer) {\n  hooks.on("tool", function named(name: string) { server.tool(name, "X.", async () => JSON.stringify({})); });\n}\n',
    );
    expect(r.tools).toEqual([]);
    expect(r.unseen).toEqual([expect.stringContaining("`name` is a parameter")]);
  });

  /** `outer` called `outers` times, each call calling `inner` 100 times: outers × 100 instances of one registration. */
  const nested = (outers: number) =>
    census(
      "export function build(server: McpServer) {\n" +
        "  function outer(server: McpServer, name: string) {\n" +
        "    function inner(description: string) {\n      server.tool(name, description, async () => JSON.stringify({}));\n    }\n" +
        Array.from({ length: 100 }, (_, i) => `    inner("Text ${i}.");\n`).join("") +
        "  }\n" +
        Array.from({ length: outers }, (_, i) => `  outer(server, "tool_${i}");\n`).join("") +
        "}\n",
    );

  it("instances across several functions are bounded: past 10,000 the calls of the last are not told apart", async () => {
    const r = await nested(101);
    expect(r.tools.length).toBeGreaterThan(0);
    expect(r.tools.length).toBeLessThanOrEqual(10_000);
  });

  it("near miss: 10,000 instances exactly are each read", async () => {
    // Each of the hundred names a hundred times over: the census counts every instance (and says each is defined twice).
    expect((await nested(100)).tools.length).toBe(10_000);
  });

  it("a function inside another that no statement calls: unseen, and named by its place", async () => {
    const r = await census(
      "declare const app: { use(fn: unknown): void };\n" +
        "export function build(server: McpServer) {\n" +
        "  function register(name: string) {\n    server.tool(name, \"X.\", async () => JSON.stringify({}));\n  }\n" +
        "  app.use(register);\n" +
        "}\n",
    );
    expect(r.unseen).toEqual([expect.stringContaining("the value is an argument of the function at line 5, column 3, so it depends on the caller: the census sees no call of it")]);
  });
});
