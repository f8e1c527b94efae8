// A low-level server whose tools/call handler hands the tool name to a function of the file that dispatches on it
// (`handleToolCall(request.params.name, args)`, `this.handleToolCall(request)`, `dispatch(request.params)`): each branch
// there answers its tool, and its returns are checked; so does an exported function of another module the handler
// forwards the name to. A function given anything but the name dispatches nothing.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const IMPORTS =
  'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
  'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n';

const TOOLS =
  "const TOOLS = [\n" +
  '  { name: "navigate", description: "Opens a URL.", inputSchema: { type: "object", properties: {} } },\n' +
  '  { name: "screenshot", description: "Takes a screenshot.", inputSchema: { type: "object", properties: {} } },\n' +
  "];\n";

/** A server whose tools/call handler is `call` (an expression of `request`), with `rest` declared before it. */
function server(rest: string, call: string): string {
  return (
    IMPORTS +
    TOOLS +
    rest +
    'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));\n" +
    `server.setRequestHandler(CallToolRequestSchema, async (request) => ${call});\n`
  );
}

async function census(source: string) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": source });
  return report.findings.map((f) => `${f.rule} ${f.line} ${f.tool ?? "-"}`);
}

/** A dispatcher on `name`: navigate answers a bare sentence (line `4 + lines before it`), screenshot data. */
const SWITCH_ON = (head: string, on: string) =>
  `${head} {\n` +
  `  switch (${on}) {\n` +
  '    case "navigate":\n' +
  '      return "Navigated.";\n' +
  '    case "screenshot":\n' +
  "      return JSON.stringify({ ok: true });\n" +
  "    default:\n" +
  '      throw new Error("unknown tool");\n' +
  "  }\n" +
  "}\n";

// TOOLS ends at line 6; a dispatcher declared right after it starts at line 7, its bare sentence at line 10.
describe("a tools/call handler that hands the tool name on", () => {
  it("to a function declaration, as its first argument", async () => {
    const findings = await census(server(SWITCH_ON("async function handleToolCall(name: string, args: unknown)", "name"), "handleToolCall(request.params.name, request.params.arguments ?? {})"));
    expect(findings).toEqual(["bare-sentence-roster 10 navigate"]);
  });

  it("destructured from the params first, then handed to a const arrow function", async () => {
    const findings = await census(
      server(SWITCH_ON("const handle = async (toolName: string) =>", "toolName"), "{ const { name, arguments: args } = request.params; return handle(name); }"),
    );
    expect(findings).toEqual(["bare-sentence-roster 10 navigate"]);
  });

  it("the whole request, or its params, to a function that reads the name from it", async () => {
    const whole = await census(server(SWITCH_ON("async function dispatch(req: any)", "req.params.name"), "dispatch(request)"));
    expect(whole).toEqual(["bare-sentence-roster 10 navigate"]);
    const params = await census(server(SWITCH_ON("async function dispatch({ name }: { name: string })", "name"), "dispatch(request.params)"));
    expect(params).toEqual(["bare-sentence-roster 10 navigate"]);
  });

  it("to a method of the class the handler is registered in", async () => {
    const source =
      IMPORTS +
      TOOLS +
      "class Browser {\n" +
      "  private server: Server;\n" +
      "  constructor() {\n" +
      '    this.server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
      "    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));\n" +
      "    this.server.setRequestHandler(CallToolRequestSchema, async (request) => this.handleToolCall(request.params.name));\n" +
      "  }\n" +
      "  private async handleToolCall(name: string) {\n" +
      '    if (name === "navigate") return "Navigated.";\n' +
      '    if (name === "screenshot") return JSON.stringify({});\n' +
      '    throw new Error("unknown tool");\n' +
      "  }\n" +
      "}\n" +
      "export const browser = new Browser();\n";
    expect(await census(source)).toEqual(["bare-sentence-roster 15 navigate"]);
  });

  it("through two functions, one handing the name to the next; a function that calls itself is walked once", async () => {
    const findings = await census(
      server(
        SWITCH_ON("async function dispatch(name: string): Promise<string>", "name") + "async function route(name: string, depth = 0): Promise<string> { return depth > 3 ? route(name, depth + 1) : dispatch(name); }\n",
        "route(request.params.name)",
      ),
    );
    expect(findings).toEqual(["bare-sentence-roster 10 navigate"]);
  });

  it("near miss: a function given the arguments, not the name, answers no tool", async () => {
    const findings = await census(server(SWITCH_ON("async function handleToolCall(name: string)", "name"), "handleToolCall(String(request.params.arguments))"));
    expect(findings).toEqual(["tool-discovery 18 navigate", "tool-discovery 18 screenshot"]);
  });

  it("near miss: a function of another parameter than the one given the name", async () => {
    const findings = await census(server(SWITCH_ON("async function handleToolCall(args: unknown, name: string)", "name"), "handleToolCall(request.params.name, 'x')"));
    expect(findings).toEqual(["tool-discovery 18 navigate", "tool-discovery 18 screenshot"]);
  });
});

const HANDLERS = SWITCH_ON("export async function handleToolCall(name: string, args?: unknown): Promise<string>", "name");

/** A server of TOOLS whose handler calls `call`, with `imports` (lines 1–2 IMPORTS, 3 `imports`, 4–7 TOOLS). */
function forwarding(imports: string, call: string): string {
  return (
    IMPORTS +
    imports +
    TOOLS +
    'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));\n" +
    `server.setRequestHandler(CallToolRequestSchema, async (request) => ${call});\n`
  );
}

async function censusOf(files: Record<string, string>) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, ...files });
  return { findings: report.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.tool ?? "-"}`), messages: report.findings.map((f) => f.message) };
}

describe("a tools/call handler that forwards the tool name to another module's function", () => {
  it("a named import, the module outside the tools globs: its branches answer the tools", async () => {
    const r = await censusOf({
      "src/handlers.ts": HANDLERS,
      "src/server.ts": forwarding('import { handleToolCall } from "./handlers.js";\n', "handleToolCall(request.params.name, request.params.arguments)"),
    });
    expect(r.findings).toEqual(["bare-sentence-roster src/handlers.ts:4 navigate"]);
  });

  it("a function imported from a module that does not exist: each listed tool's body is unseen, and says why", async () => {
    const r = await censusOf({
      "src/server.ts": forwarding('import { handleToolCall } from "./missing.js";\n', "handleToolCall(request.params.name, request.params.arguments)"),
    });
    expect(r.findings).toEqual(["tool-discovery src/server.ts:9 navigate", "tool-discovery src/server.ts:9 screenshot"]);
    expect(r.messages[0]).toContain(
      'the handler hands the tool name to `handleToolCall`, which the census cannot follow: module "./missing.js" imported by src/server.ts does not exist',
    );
  });

  it("a table of handlers from a package: each listed tool's body is unseen, and says why", async () => {
    const r = await censusOf({
      "src/server.ts": forwarding('import { handlers } from "some-package";\n', "handlers[request.params.name](request.params.arguments)"),
    });
    expect(r.findings).toEqual(["tool-discovery src/server.ts:9 navigate", "tool-discovery src/server.ts:9 screenshot"]);
    expect(r.messages[0]).toContain('"some-package" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor');
  });

  it("near miss: a table of handlers that is a text, not an object: each listed tool's body is unseen, and says what it is", async () => {
    const r = await censusOf({ "src/server.ts": forwarding('const handlers = "navigate";\n', "(handlers as any)[request.params.name](request.params.arguments)") });
    expect(r.findings).toEqual(["tool-discovery src/server.ts:9 navigate", "tool-discovery src/server.ts:9 screenshot"]);
    expect(r.messages[0]).toContain("the handlers are a string");
  });

  it("a namespace import, the name destructured first", async () => {
    const r = await censusOf({
      "src/handlers.ts": HANDLERS,
      "src/server.ts": forwarding('import * as handlers from "./handlers.js";\n', "{ const { name } = request.params; return handlers.handleToolCall(name); }"),
    });
    expect(r.findings).toEqual(["bare-sentence-roster src/handlers.ts:4 navigate"]);
  });

  it("the whole request, read where it is forwarded; an exported const arrow function with a table", async () => {
    const whole = await censusOf({
      "src/handlers.ts": SWITCH_ON("export async function dispatch(request: { params: { name: string } })", "request.params.name"),
      "src/server.ts": forwarding('import { dispatch } from "./handlers.js";\n', "dispatch(request)"),
    });
    expect(whole.findings).toEqual(["bare-sentence-roster src/handlers.ts:4 navigate"]);
    const table = await censusOf({
      "src/handlers.ts":
        'const HANDLERS: Record<string, () => Promise<string>> = { navigate: async () => "Opened.", screenshot: async () => JSON.stringify({}) };\n' +
        "export const run = (toolName: string) => HANDLERS[toolName]();\n",
      "src/server.ts": forwarding('import { run } from "./handlers.js";\n', "run(request.params.name)"),
    });
    expect(table.findings).toEqual(["bare-sentence-roster src/handlers.ts:1 navigate"]);
  });

  it("a forwarded-to function with no switch, if or table on the name is named in the finding", async () => {
    const r = await censusOf({
      "src/handlers.ts": "export async function handleToolCall(name: string): Promise<string> { return JSON.stringify({ name }); }\n",
      "src/server.ts": forwarding('import { handleToolCall } from "./handlers.js";\n', "handleToolCall(request.params.name)"),
    });
    expect(r.findings).toEqual(["tool-discovery src/server.ts:9 navigate", "tool-discovery src/server.ts:9 screenshot"]);
    expect(r.messages[0]).toContain("the handler hands the tool name to `handleToolCall` in src/handlers.ts, where the census sees no switch, if or table on it");
  });

  it("near miss: the same function forwarded a parameter other than the name's answers nothing", async () => {
    const r = await censusOf({
      "src/handlers.ts": SWITCH_ON("export async function handleToolCall(args: unknown, name: string): Promise<string>", "name"),
      "src/server.ts": forwarding('import { handleToolCall } from "./handlers.js";\n', "handleToolCall(request.params.name, 'x')"),
    });
    expect(r.findings).toEqual(["tool-discovery src/server.ts:9 navigate", "tool-discovery src/server.ts:9 screenshot"]);
  });

  it("near miss: an exported function switching on its parameter answers no tool unless a handler forwards to it", async () => {
    const r = await censusOf({
      "src/labels.ts": SWITCH_ON("export function label(kind: string)", "kind"),
      "src/server.ts":
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
        'import { label } from "./labels.js";\n' +
        'export function register(server: McpServer) { server.tool("navigate", "Opens a URL.", async () => JSON.stringify({ l: label("navigate") })); }\n',
    });
    expect(r.findings).toEqual([]);
  });
});

describe("request handlers given by name", () => {
  it("a function declaration answers tools/list, a const arrow function tools/call", async () => {
    const source =
      IMPORTS +
      TOOLS +
      "async function listTools() {\n  return { tools: TOOLS };\n}\n" +
      SWITCH_ON("const callTool = async (request: any) =>", "request.params.name") +
      'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
      "server.setRequestHandler(ListToolsRequestSchema, listTools);\n" +
      "server.setRequestHandler(CallToolRequestSchema, callTool as any);\n";
    expect(await census(source)).toEqual(["bare-sentence-roster 13 navigate"]);
  });

  it("methods of the class, bound or not", async () => {
    const source =
      IMPORTS +
      TOOLS +
      "class Browser {\n" +
      '  private server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
      "  constructor() {\n" +
      "    this.server.setRequestHandler(ListToolsRequestSchema, this.listTools.bind(this));\n" +
      "    this.server.setRequestHandler(CallToolRequestSchema, this.callTool);\n" +
      "  }\n" +
      "  private async listTools() { return { tools: TOOLS }; }\n" +
      "  private callTool = async (request: any) => {\n" +
      '    if (request.params.name === "navigate") return "Navigated.";\n' +
      '    if (request.params.name === "screenshot") return JSON.stringify({});\n' +
      '    throw new Error("unknown tool");\n' +
      "  };\n" +
      "}\n" +
      "export const browser = new Browser();\n";
    expect(await census(source)).toEqual(["bare-sentence-roster 15 navigate"]);
  });

  it("a handler imported from a module that does not exist is a list the census cannot see, and says why", async () => {
    const source = IMPORTS + TOOLS + 'import { listTools } from "./elsewhere.js";\nconst server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\nserver.setRequestHandler(ListToolsRequestSchema, listTools);\n';
    const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": source });
    expect(report.findings.map((f) => `${f.rule} ${f.line}`)).toEqual(["tool-discovery 9"]);
    expect(report.findings[0]!.message).toContain('the tools/list handler `listTools` cannot be followed: module "./elsewhere.js" imported by src/server.ts does not exist');
  });

  it("near miss: a handler that is neither a function of the file nor an import is no handler the census reads", async () => {
    const source = IMPORTS + TOOLS + 'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\nserver.setRequestHandler(ListToolsRequestSchema, makeHandler());\n';
    expect(await census(source)).toEqual(["tool-discovery 1 -"]);
  });
});

describe("a tools/call handler imported from another module", () => {
  it("is handed the request whole: its switch on request.params.name answers the tools", async () => {
    const r = await censusOf({
      "src/handlers.ts": SWITCH_ON("export async function callTool(request: { params: { name: string } })", "request.params.name"),
      "src/server.ts": forwarding('import { callTool } from "./handlers.js";\n', "callTool(request)").replace(
        "async (request) => callTool(request));",
        "callTool as never);",
      ),
    });
    expect(r.findings).toEqual(["bare-sentence-roster src/handlers.ts:4 navigate"]);
  });

  it("near miss: one that reads no name from the request is named in the finding", async () => {
    const r = await censusOf({
      "src/handlers.ts": "export async function callTool(request: unknown) { return JSON.stringify(request); }\n",
      "src/server.ts": forwarding('import { callTool } from "./handlers.js";\n', "callTool(request)").replace("async (request) => callTool(request));", "callTool as never);"),
    });
    expect(r.findings).toEqual(["tool-discovery src/server.ts:9 navigate", "tool-discovery src/server.ts:9 screenshot"]);
    expect(r.messages[0]).toContain("the handler hands the tool name to `callTool` in src/handlers.ts, where the census sees no switch, if or table on it");
  });
});

describe("a tools/list handler imported from another module", () => {
  const LIST_SERVER =
    IMPORTS +
    'import { callTool, listTools } from "./handlers.js";\n' +
    'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    "server.setRequestHandler(ListToolsRequestSchema, listTools);\n" +
    "server.setRequestHandler(CallToolRequestSchema, callTool as never);\n";
  const CALL = SWITCH_ON("export async function callTool(request: { params: { name: string } })", "request.params.name");

  it("lists the tools its result holds there, each answered by the imported tools/call handler", async () => {
    const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": LIST_SERVER, "src/handlers.ts": CALL + TOOLS + "export async function listTools() {\n  return { tools: TOOLS };\n}\n" });
    expect(report.descriptions.map((d) => [d.tool, d.served])).toEqual([
      ["navigate", 12],
      ["screenshot", 19],
    ]);
    expect(report.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.tool}`)).toEqual(["bare-sentence-roster src/handlers.ts:4 navigate"]);
  });

  it("one whose result holds no tools the census can see is named in the finding", async () => {
    const loaded = await censusOf({ "src/server.ts": LIST_SERVER, "src/handlers.ts": CALL + "export async function listTools() {\n  return { tools: await load() };\n}\n" });
    // Reported where the list is, in the module that returns it.
    expect(loaded.findings).toEqual(["tool-discovery src/handlers.ts:12 -"]);
    expect(loaded.messages[0]).toContain("it comes from a list the census cannot see");
    const none = await censusOf({ "src/server.ts": LIST_SERVER, "src/handlers.ts": CALL + "export async function listTools() {\n  return load();\n}\n" });
    expect(none.findings).toEqual(["tool-discovery src/server.ts:5 -"]);
    expect(none.messages[0]).toContain("the tools/list handler `listTools` in src/handlers.ts returns no `tools` the census can see");
  });

  it("imported under another name: the tools of the function it names, not those of the module's other lists", async () => {
    const aliased = LIST_SERVER.replace("import { callTool, listTools }", "import { callTool, listTools as listAll }").replace("ListToolsRequestSchema, listTools)", "ListToolsRequestSchema, listAll)");
    const others = 'export async function listOthers() {\n  return { tools: [{ name: "other", description: "Another list.", inputSchema: { type: "object" } }] };\n}\n';
    const report = await monitorReport({
      "src/helpers.ts": CONTRACT_HELPERS,
      "src/server.ts": aliased,
      "src/handlers.ts": CALL + TOOLS + others + "export async function listTools() {\n  return { tools: TOOLS };\n}\n",
    });
    expect(report.descriptions.map((d) => [d.tool, d.served])).toEqual([
      ["navigate", 12],
      ["screenshot", 19],
    ]);
    const none = await censusOf({ "src/server.ts": aliased, "src/handlers.ts": CALL + "export async function listTools() {\n  return load();\n}\n" });
    expect(none.findings).toEqual(["tool-discovery src/server.ts:5 -"]);
    expect(none.messages[0]).toBe(
      "The census cannot see the name of this tool (the tools/list handler `listAll` in src/handlers.ts returns no `tools` the census can see), " +
        "so it cannot count it, nor check its description against a cap, a guide or pins; give the tool a constant name",
    );
  });

  it("near miss: an exported function returning tools that no handler registers lists none", async () => {
    const r = await censusOf({
      "src/handlers.ts": TOOLS + "export async function listTools() {\n  return { tools: TOOLS };\n}\n",
      "src/server.ts":
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { listTools } from "./handlers.js";\n' +
        'export function register(server: McpServer) { server.tool("ping", "Pings.", async () => JSON.stringify(listTools)); }\n',
    });
    expect(r.findings).toEqual([]);
  });
});
