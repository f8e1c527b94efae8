// Tool classes (SPEC §1, `discovery.classes`): which member holds a class's input schema (the one its base's generic
// registration passes, else one named like a schema, else none when that registration passes none), which
// registrations in a class are the base's generic one and not tools of their own, a base from a package, and class
// chains that loop.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/model.js";
import { monitorReport } from "./monitorReport.js";

const SHAPE = { extends: "ToolBase", name: "toolName", description: "description", body: "execute" };

const censusOf = (files: Record<string, string>, classes: unknown[] = [SHAPE]): Promise<Report> =>
  monitorReport(files, { tools: ["src/tools/*.ts"], discovery: { classes } });

const rows = (report: Report) => report.descriptions.map((d) => [d.tool, d.entryTokens ?? d.entryUnknown]);
const findings = (report: Report) => report.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.tool ?? "-"}`);

/** A base whose generic registration is `register` (its body `registration`), with a tool class of it per entry of `tools`. */
function monitor(registration: string, tools: Record<string, string[]>): Record<string, string> {
  const files: Record<string, string> = {
    "src/tools/base.ts": `export abstract class ToolBase {\n  register(server: any) {\n    ${registration}\n  }\n}\n`,
  };
  for (const [name, members] of Object.entries(tools)) {
    files[`src/tools/${name}.ts`] =
      'import { z } from "zod";\nimport { formatError } from "../helpers.js";\nimport { ToolBase } from "./base.js";\n' +
      `export class ${name} extends ToolBase {\n${members.map((m) => `  ${m}\n`).join("")}  async execute() {\n    return formatError("x", 1);\n  }\n}\n`;
  }
  return files;
}

const NAMED = (name: string) => [`static toolName = "${name}";`, `description = "The ${name} tool.";`];
const ONE_PARAMETER = '{ host: z.string().describe("The host.") }';

describe("a tool class's input schema", () => {
  it("is the member its base's registration passes, before one named like a schema", async () => {
    const passes = "server.tool(this.name, this.description, this.paramsShape, async (args: any) => this.execute(args));";
    const report = await censusOf(
      monitor(passes, {
        Passed: [...NAMED("passed"), `paramsShape = ${ONE_PARAMETER};`, "inputSchema = {};"],
        Bare: [...NAMED("bare"), "paramsShape = {};", `inputSchema = ${ONE_PARAMETER};`],
        Missing: [...NAMED("missing"), `inputSchema = ${ONE_PARAMETER};`],
      }),
    );
    expect(report.counts.tools).toBe(3);
    const [passed, bare, missing] = ["passed", "bare", "missing"].map((t) => report.descriptions.find((d) => d.tool === t)!);
    expect(passed!.entryTokens! - bare!.entryTokens!).toBeGreaterThan(5);
    expect(missing!.entryTokens).toBeNull();
    expect(missing!.entryUnknown).toBe("the census cannot see its input schema: class Missing has no member `paramsShape` holding its input schema");
  });

  it("is none, no schema at all, when the base's registration passes none", async () => {
    const report = await censusOf(
      monitor("server.tool(this.name, this.description, async () => this.execute());", {
        Plain: NAMED("plain"),
        Shaped: [...NAMED("shaped"), `inputSchema = ${ONE_PARAMETER};`],
      }),
    );
    const [plain, shaped] = ["plain", "shaped"].map((t) => report.descriptions.find((d) => d.tool === t)!);
    expect(plain!.entryTokens).toEqual(expect.any(Number));
    expect(shaped!.entryTokens! - plain!.entryTokens!).toBeGreaterThan(5);
  });

  it("near miss: what registrations outside its chain pass, or ones under a name of their own, or a member's member, is not it", async () => {
    const files = monitor('server.tool("health", "Says it is up.", this.healthShape, async () => formatError("health", 1));', {
      Ping: [...NAMED("ping"), `inputSchema = ${ONE_PARAMETER};`],
      Own: [
        ...NAMED("own"),
        "ownShape = {};",
        `inputSchema = ${ONE_PARAMETER};`,
        "register(server: any) {\n    server.tool(this.name, this.description, this.ownShape, async () => this.execute());\n  }",
      ],
    });
    files["src/tools/base.ts"] =
      'import { formatError } from "../helpers.js";\n' +
      files["src/tools/base.ts"]! +
      "export class Plugin {\n  name = \"plugin\";\n  install(server: any) {\n    server.tool(this.name, \"A plugin.\", this.pluginShape, async () => formatError(\"install\", 1));\n  }\n}\n" +
      "export abstract class Nested extends ToolBase {\n  attach(server: any) {\n    server.tool(this.name, this.description, this.definition.shape, async () => this.execute());\n  }\n}\n";
    files["src/tools/deep.ts"] =
      'import { z } from "zod";\nimport { formatError } from "../helpers.js";\nimport { Nested } from "./base.js";\n' +
      `export class Deep extends Nested {\n  static toolName = "deep";\n  description = "Deep.";\n  inputSchema = ${ONE_PARAMETER};\n  async execute() {\n    return formatError("deep", 1);\n  }\n}\n`;
    const report = await censusOf(files);
    const tokens = (tool: string) => report.descriptions.find((d) => d.tool === tool)!.entryTokens;
    expect(rows(report).map(([tool]) => tool)).toEqual(["deep", "health", "own", "ping"]);
    expect(findings(report)).toEqual(["tool-discovery src/tools/base.ts:10 -"]);
    // Ping and Deep read their own inputSchema; Own the member its own registration passes, an empty one.
    expect([tokens("ping"), tokens("deep")]).toEqual([expect.any(Number), expect.any(Number)]);
    expect(tokens("ping")! - tokens("own")!).toBeGreaterThan(5);
  });

  it("near miss: a registration in the chain that passes none does not stand for one that passes a member", async () => {
    const files = monitor("server.tool(this.name, this.description, this.inputSchema, async () => this.execute());", { Schemaless: NAMED("schemaless") });
    files["src/tools/base.ts"] = files["src/tools/base.ts"]!.replace(
      "  }\n}\n",
      "  }\n  registerBare(server: any) {\n    server.tool(this.name, this.description, async () => this.execute());\n  }\n}\n",
    );
    const report = await censusOf(files);
    expect(rows(report)).toEqual([["schemaless", "the census cannot see its input schema: class Schemaless has no member `inputSchema` holding its input schema"]]);
  });

  it("without a generic registration: a member named like a schema, else unknown, naming every member it looked for", async () => {
    const files = monitor("return;", {
      Input: [...NAMED("input"), `input = ${ONE_PARAMETER};`],
      Schemaless: [...NAMED("schemaless")],
      Undescribed: ['static toolName = "undescribed";', "inputSchema = {};"],
    });
    // A tool file that does not parse is a finding of its own, and no reason to stop reading the others.
    files["src/tools/broken.ts"] = "export class Broken extends ToolBase {\n";
    const report = await censusOf(files);
    expect(rows(report)).toEqual([
      ["input", expect.any(Number)],
      ["schemaless", "the census cannot see its input schema: class Schemaless has no member `inputSchema` or `input` or `parameters` holding its input schema"],
      ["undescribed", expect.any(Number)],
    ]);
    expect(report.descriptions.find((d) => d.tool === "undescribed")!.served).toBe(0);
    expect(findings(report)).toContain("parse-error src/tools/broken.ts:2 -");
  });
});

describe("registrations inside tool classes", () => {
  const GENERIC = "server.tool(this.name, this.description, this.inputSchema, async (args: any) => this.execute(args));";

  it("the base's generic registration is no tool of its own, whichever configured base it is in", async () => {
    const files = monitor(GENERIC, { Ping: [...NAMED("ping"), "inputSchema = {};"] });
    const other = { ...SHAPE, extends: "OtherBase" };
    const report = await censusOf(files, [other, SHAPE]);
    expect(report.descriptions.map((d) => d.tool)).toEqual(["ping"]);
    expect(findings(report)).toEqual([]);
  });

  it("near miss: a registration with its own name in a base is a tool; so is one reading `this` in a class that is no tool's", async () => {
    const files = monitor('server.tool("health", "Says it is up.", async () => formatError("health", 1));', { Ping: [...NAMED("ping"), "inputSchema = {};"] });
    // The class that is no tool's comes second in the base's file, after the tool base.
    files["src/tools/base.ts"] =
      'import { formatError } from "../helpers.js";\n' +
      files["src/tools/base.ts"]! +
      'export class Plugin {\n  name = "plugin";\n  install(server: any) {\n    server.tool(this.name, "A plugin.", async () => formatError("install", 1));\n  }\n}\n';
    const report = await censusOf(files);
    expect(report.descriptions.map((d) => d.tool).sort()).toEqual(["health", "ping"]);
    expect(findings(report)).toEqual(["tool-discovery src/tools/base.ts:10 -"]);
  });
});

describe("class chains", () => {
  it("a base imported from a package is configured by its imported name", async () => {
    const report = await censusOf(
      {
        "src/tools/ping.ts":
          'import { McpTool } from "mcp-framework";\nimport { formatError } from "../helpers.js";\n' +
          'export class PingTool extends McpTool {\n  static toolName = "ping";\n  description = "Pings.";\n  inputSchema = {};\n  async execute() {\n    return formatError("ping", 1);\n  }\n}\n',
      },
      [{ ...SHAPE, extends: "McpTool" }],
    );
    expect(rows(report)).toEqual([["ping", expect.any(Number)]]);
  });

  it("is read up to 32 ancestors: a class further from its configured base is no tool, and a member that far is read", async () => {
    const classes = ['export class ToolBase {\n  description = "From the base.";\n}\n'];
    for (let n = 1; n <= 33; n++) {
      classes.push(
        `export class C${n} extends ${n === 1 ? "ToolBase" : `C${n - 1}`} {\n  static toolName = "c${n}";\n  inputSchema = {};\n` +
          `  async execute() {\n    return formatError("c${n}", 1);\n  }\n}\n`,
      );
    }
    const report = await censusOf({ "src/tools/chain.ts": 'import { formatError } from "../helpers.js";\n' + classes.join("") });
    expect(report.counts.tools).toBe(32);
    const c32 = report.descriptions.find((d) => d.tool === "c32")!;
    expect(c32.served).toBe("From the base.".length);
  });

  it("a chain that loops back on itself ends: each class in it is read once per hop, up to a bound", async () => {
    const report = await censusOf(
      {
        "src/tools/loop.ts":
          'export class First extends Second {\n  description = "First.";\n}\n' + 'export class Second extends First {\n  description = "Second.";\n}\n',
      },
      [{ ...SHAPE, extends: "First" }],
    );
    expect(report.counts.tools).toBe(2);
    expect(report.findings.every((f) => f.rule === "tool-discovery")).toBe(true);
    expect(report.findings.map((f) => f.message).join("\n")).toContain("class Second has no member `toolName`");
  });
});
