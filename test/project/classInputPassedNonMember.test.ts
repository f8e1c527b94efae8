// A tool class whose base's generic registration passes an input schema that is no member of `this` (src/project/
// tools.ts, `classInput`): a value of the file read one step deep (`SHARED.common`) names no member of the class, so the
// class's schema is looked for in the members named like one, as with a registration that passes none of them.
import { expect, it } from "vitest";
import type { Report } from "../../src/model.js";
import { monitorReport } from "./monitorReport.js";

const SHAPE = { extends: "ToolBase", name: "toolName", description: "description", body: "execute" };

const BASE =
  'import { z } from "zod";\n' +
  'const SHARED = { common: { host: z.string().describe("The host.") } };\n' +
  "export abstract class ToolBase {\n" +
  "  register(server: any) {\n" +
  "    server.tool(this.name, this.description, SHARED.common, async (args: any) => this.execute(args));\n" +
  "  }\n" +
  "}\n";

const TOOL =
  'import { formatError } from "../helpers.js";\nimport { ToolBase } from "./base.js";\n' +
  'export class Schemaless extends ToolBase {\n  static toolName = "schemaless";\n  description = "No schema of its own.";\n  async execute() {\n    return formatError("x", 1);\n  }\n}\n';

const rows = (report: Report) => report.descriptions.map((d) => [d.tool, d.entryTokens ?? d.entryUnknown]);

it("names the members named like a schema as the ones looked for, not the key the registration reads off its own const", async () => {
  const report = await monitorReport({ "src/tools/base.ts": BASE, "src/tools/schemaless.ts": TOOL }, { tools: ["src/tools/*.ts"], discovery: { classes: [SHAPE] } });
  expect(rows(report)).toEqual([["schemaless", "the census cannot see its input schema: class Schemaless has no member `inputSchema` or `input` or `parameters` holding its input schema"]]);
  expect(report.findings).toEqual([]);
});
