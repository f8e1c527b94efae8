// Tool classes read by what they extend, never by what they implement, and by members kept apart by kind: a static
// member and an instance one of the same name are two members, the instance one read first (SPEC §1).
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/model.js";
import { monitorReport } from "./monitorReport.js";

const SHAPE = { extends: "ToolBase", name: "toolName", description: "description", body: "execute" };

const censusOf = (tools: string): Promise<Report> =>
  monitorReport(
    {
      "src/tools/base.ts": "export abstract class ToolBase {}\n",
      "src/tools/tools.ts":
        'import { formatError } from "../helpers.js";\nimport { ToolBase } from "./base.js";\n' + tools,
    },
    { tools: ["src/tools/*.ts"], discovery: { classes: [SHAPE] } },
  );

const body = '  async execute() {\n    return formatError("x", 1);\n  }\n';

describe("tool classes", () => {
  it("a class that implements the base (as a type) and extends nothing is no tool class, whatever it holds", async () => {
    const report = await censusOf(
      `export class Listed extends ToolBase {\n  static toolName = "listed";\n  description = "Listed.";\n${body}}\n` +
        `export class Shaped implements ToolBase {\n  static toolName = "shaped";\n  description = "Shaped.";\n${body}}\n`,
    );
    expect(report.descriptions.map((d) => d.tool)).toEqual(["listed"]);
  });

  it("a static member and an instance member of one name are both kept: the instance one is read", async () => {
    const report = await censusOf(
      `export class Both extends ToolBase {\n  static toolName = "both";\n  description = "The instance's.";\n  static description = "The class's own, longer.";\n${body}}\n`,
    );
    expect(report.descriptions.map((d) => [d.tool, d.served])).toEqual([["both", "The instance's.".length]]);
  });
});
