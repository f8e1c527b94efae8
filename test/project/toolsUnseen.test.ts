// What the census says of a tool it finds but cannot wholly see (SPEC §1, "unknown is not pass"): a tool class without
// the member that names it, the method that answers it or a member holding its input schema; a listed tool whose
// tools/call handler looks it up in a table the census cannot see, or answers it in no branch; a handler that is a
// constant or a package's; a name that is an object; a schema where a description may stand.
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { DescriptionRow, Report } from "../../src/model.js";
import { captureIo } from "../census/io.js";
import { tempTree } from "../config/tempTree.js";

const HELPERS =
  'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
  'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
  'export function refusal(p: string, s: string) { return status("invalid", s); }\n';

function config(discovery?: unknown): string {
  return JSON.stringify({
    skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }],
    ...(discovery === undefined ? {} : { discovery }),
  });
}

async function census(files: Record<string, string>, discovery?: unknown): Promise<{ code: number; report: Report }> {
  const dir = tempTree({ "payload-census.config.json": config(discovery), "src/helpers.ts": HELPERS, ...files });
  const io = captureIo(dir);
  const code = await main([dir, "--format", "json", "--no-cache"], io);
  return { code, report: JSON.parse(io.out.join("")) as Report };
}

const findings = (report: Report) => report.findings.map((f) => [f.rule, `${f.file}:${f.line}:${f.column}`, f.message]);
const row = (report: Report, tool: string): DescriptionRow => report.descriptions.find((d) => d.tool === tool)!;

describe("a tool class the census cannot wholly see", () => {
  const discovery = { classes: [{ extends: "ToolBase", name: "toolName", description: "description", body: "execute" }] };
  const base =
    "export abstract class ToolBase {\n" +
    "  abstract description: string;\n" +
    "  register(server: any) {\n" +
    "    server.tool(this.name, this.description, this.argsShape, async (args: any) => this.execute(args));\n" +
    "  }\n" +
    "}\n";
  const tool = (name: string, members: string[]) =>
    `import { ToolBase } from "./base.js";\nexport class ${name} extends ToolBase {\n${members.map((m) => `  ${m}\n`).join("")}}\n`;

  it("without the member that names it, the method that answers it, or a member holding its input schema", async () => {
    const { code, report } = await census(
      {
        "src/tools/base.ts": base,
        "src/tools/nameless.ts": tool("Nameless", ['description = "Lists nothing.";', "argsShape = {};", 'async execute() { return refusal("x", "No."); }']),
        "src/tools/bodiless.ts": tool("Bodiless", ['static toolName = "bodiless";', 'description = "Does nothing.";', "argsShape = {};"]),
        "src/tools/inputless.ts": tool("Inputless", ['static toolName = "inputless";', 'description = "Takes nothing.";', 'async execute() { return formatError("x", 1); }']),
      },
      discovery,
    );
    expect(code).toBe(1);
    expect(report.counts.tools).toBe(3);
    expect(findings(report)).toEqual([
      [
        "tool-discovery",
        "src/tools/bodiless.ts:2:14",
        "Tool bodiless: the census cannot see this tool's body, so it cannot check its bare sentences: class Bodiless has no method `execute`; " +
          'discovery.classes names "execute" as the method that answers a tool of ToolBase: correct it, or give the class that method',
      ],
      [
        "tool-discovery",
        "src/tools/nameless.ts:2:14",
        "The census cannot see the name of this tool (class Nameless has no member `toolName` (discovery.classes names the member that holds the name)), " +
          "so it cannot count it, nor check its description against a cap, a guide or pins; give the tool a constant name",
      ],
    ]);
    expect(row(report, "bodiless").routesUnseen).toBe("the census cannot see its body (class Bodiless has no method `execute`)");
    expect(row(report, "inputless")).toMatchObject({
      served: 14,
      entryTokens: null,
      entryUnknown: "the census cannot see its input schema: class Inputless has no member `argsShape` holding its input schema",
    });
  });
});

describe("a listed tool whose tools/call handler the census cannot follow to it", () => {
  const server = (call: string[]) =>
    'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
    "export function serve(server: any, table: any) {\n" +
    '  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "t", description: "T." }] }));\n' +
    "  server.setRequestHandler(CallToolRequestSchema, async (request: any) => {\n" +
    call.map((line) => `    ${line}\n`).join("") +
    "  });\n" +
    "}\n";

  it("looks it up in a table the census cannot see: the body is unseen, and says why", async () => {
    const { code, report } = await census({ "src/tools/server.ts": server(["const { name } = request.params;", "return table[name](request.params.arguments);"]) });
    expect(code).toBe(1);
    expect(findings(report)).toEqual([
      [
        "tool-discovery",
        "src/tools/server.ts:3:3",
        "Tool t: the census cannot see this tool's body, so it cannot check its bare sentences: the tools/call handler looks its handlers up in a table " +
          "the census cannot see (the value is an argument of `serve`, so it depends on the caller: the census sees no call of it in the SKU's modules); " +
          "pass a function declared in this file or imported from a module of the monitor",
      ],
    ]);
  });

  it("answers other names only: no branch answers it", async () => {
    const { report } = await census({ "src/tools/server.ts": server(["switch (request.params.name) {", '  case "other":', '    return "x";', "}", 'return "none";']) });
    expect(findings(report)).toEqual([
      [
        "tool-discovery",
        "src/tools/server.ts:3:3",
        'Tool t: the census cannot see this tool\'s body, so it cannot check its bare sentences: no branch of a tools/call handler in the tool files answers "t"; ' +
          "dispatch on request.params.name with a switch, an if, or a table of handlers keyed by the tool's name, in a file the tools globs match",
      ],
    ]);
    expect(row(report, "t").routesUnseen).toBe('the census cannot see its body (no branch of a tools/call handler in the tool files answers "t")');
  });
});

describe("a registered tool's parts that are not what they stand for", () => {
  it("a handler that is a constant or a package's, a name that is an object, a schema where a description may stand", async () => {
    const { report } = await census({
      "src/tools/values.ts":
        'export const H = "not a handler";\nexport const NAME = { x: 1 };\nexport const SCHEMA = { a: 1 };\n' +
        'import { PACKAGED } from "other-package";\nexport const FROM_PACKAGE = PACKAGED;\nexport function describeIt() {\n  return "x";\n}\nexport class Described {}\n',
      "src/tools/reg.ts":
        'import { Described, FROM_PACKAGE, H, NAME, SCHEMA, describeIt } from "./values.js";\n' +
        'import { handler } from "some-package";\n' +
        "export function register(server: any, late: any) {\n" +
        '  server.tool("f", "F.", H);\n' +
        '  server.tool("g", "G.", handler);\n' +
        '  server.tool(NAME, "N.", async () => refusal("n", "No."));\n' +
        '  server.tool("s", SCHEMA, async () => formatError("s", 1));\n' +
        '  server.tool("p", describeIt, async () => formatError("p", 1));\n' +
        '  server.tool("e", FROM_PACKAGE, async () => formatError("e", 1));\n' +
        '  server.tool("l", "L.", late);\n' +
        '  server.tool("k", Described, async () => formatError("k", 1));\n' +
        "}\n",
    });
    const unseenBody = "Tool %s: the census cannot see this tool's body, so it cannot check its bare sentences: ";
    const passAFunction = "; pass a function declared in this file or imported from a module of the monitor";
    expect(findings(report)).toEqual([
      ["tool-discovery", "src/tools/reg.ts:4:3", `${unseenBody.replace("%s", "f")}the handler is a string, not a function the census can follow${passAFunction}`],
      [
        "tool-discovery",
        "src/tools/reg.ts:5:3",
        `${unseenBody.replace("%s", "g")}"some-package" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor${passAFunction}`,
      ],
      [
        "tool-discovery",
        "src/tools/reg.ts:6:15",
        "The census cannot see the name of this tool (it is an object, not a string), so it cannot count it, nor check its description against a cap, " +
          "a guide or pins; give the tool a constant name",
      ],
      [
        "tool-discovery",
        "src/tools/reg.ts:10:3",
        `${unseenBody.replace("%s", "l")}the value is an argument of \`register\`, so it depends on the caller: the census sees no call of it in the SKU's modules${passAFunction}`,
      ],
      // A class is no description, and not none either: the census cannot say what the server serves for it.
      [
        "tool-discovery",
        "src/tools/reg.ts:11:20",
        "The census cannot see the served description of tool k (it is class `Described`, not a string); build it from literals and constants so its size can be checked",
      ],
      // Where the value the census cannot see is written: the constant in the other module.
      [
        "tool-discovery",
        "src/tools/values.ts:5:29",
        'The census cannot see the served description of tool e ("other-package" is a package (or an alias no tsconfig.json "paths" maps), ' +
          "not a module of this monitor); build it from literals and constants so its size can be checked",
      ],
    ]);
    // A schema or a function given where a description may stand is no description: 0 characters served, not one the
    // census cannot see.
    expect(row(report, "s")).toMatchObject({ served: 0, tokens: 0 });
    expect(row(report, "p")).toMatchObject({ served: 0, tokens: 0 });
    expect(report.descriptions.map((d) => d.tool)).toEqual(["e", "f", "g", "k", "l", "p", "s"]);
  });
});

describe("tools that share what defines them", () => {
  it("a handler registered under two names speaks of the first", async () => {
    const { report } = await census({
      "src/tools/reg.ts":
        'import { status } from "../helpers.js";\n' +
        "export function register(server: any) {\n" +
        '  const handler = async () => status("error", "Broken.");\n' +
        '  server.tool("first", "F.", handler);\n' +
        '  server.tool("second", "S.", handler);\n' +
        "}\n",
    });
    expect(findings(report)).toEqual([
      [
        "hand-built-status",
        "src/tools/reg.ts:3:31",
        'Tool first: this status(…) call builds a failure envelope (status "error") by hand; use formatError(operation, ex) for a failure, ' +
          "or refusal(parameter, sentence) if the caller must change a parameter",
      ],
    ]);
    expect(report.counts.tools).toBe(2);
  });

  it("a list of tool classes registered in a loop holds those tools, each counted once", async () => {
    const { report } = await census(
      {
        "src/tools/base.ts": "export abstract class ToolBase {\n  abstract description: string;\n}\n",
        "src/tools/ping.ts":
          'import { ToolBase } from "./base.js";\n' +
          'import { formatError } from "../helpers.js";\n' +
          'export class PingTool extends ToolBase {\n  static toolName = "ping";\n  description = "Pings.";\n  inputSchema = {};\n' +
          '  async execute() { return formatError("ping", 1); }\n}\n' +
          "export const ALL = [PingTool];\n",
        "src/tools/server.ts":
          'import { ALL } from "./ping.js";\nexport function register(server: any) {\n  for (const T of ALL) server.tool(T.toolName, "D.", async () => "x");\n}\n',
      },
      { classes: [{ extends: "ToolBase", name: "toolName", description: "description", body: "execute" }] },
    );
    expect(report.counts.tools).toBe(1);
    expect(report.descriptions.map((d) => [d.tool, d.served])).toEqual([["ping", 6]]);
    expect(findings(report)).toEqual([]);
  });
});

describe("a description the census cannot read", () => {
  it("made by a call in another module, or imported from a package: each says why, where the tool uses it", async () => {
    const { report } = await census({
      "src/tools/d.ts": 'export const FAR = compute();\nfunction compute() { return "x"; }\n',
      "src/tools/reg.ts":
        'import { FAR } from "./d.js";\n' +
        'import { PKG } from "some-package";\n' +
        'import { formatError } from "../helpers.js";\n' +
        "export function register(server: any) {\n" +
        '  server.tool("far", FAR, async () => formatError("b", 1));\n' +
        '  server.tool("pkg", PKG, async () => formatError("c", 1));\n' +
        "}\n",
    });
    const unseen = (tool: string, why: string) =>
      `The census cannot see the served description of tool ${tool} (${why}); build it from literals and constants so its size can be checked`;
    expect(findings(report)).toEqual([
      ["tool-discovery", "src/tools/reg.ts:5:22", unseen("far", "call to `compute()`")],
      ["tool-discovery", "src/tools/reg.ts:6:22", unseen("pkg", '"some-package" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor')],
    ]);
    expect(report.descriptions.map((d) => [d.tool, d.served, d.entryUnknown])).toEqual([
      ["far", null, "the census cannot see its description"],
      ["pkg", null, "the census cannot see its description"],
    ]);
  });
});
