// A list of tool classes mapped into instances and registered in a loop (`for (const t of CLASSES.map((C) => new C()))
// server.tool(t.toolName, …)`) registers those classes' tools, not new ones: each class is counted once, as a class.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const SHAPE = { extends: "ToolBase", name: "toolName", description: "description", body: "execute" };

const tool = (name: string, cls: string) =>
  'import { formatError } from "../helpers.js";\nimport { ToolBase } from "./base.js";\n' +
  `export class ${cls} extends ToolBase {\n  static toolName = "${name}";\n  description = "The ${name} tool.";\n  async execute() {\n    return formatError("x", 1);\n  }\n}\n`;

it("counts the classes of a mapped list registered in a loop once each, as classes", async () => {
  const report = await monitorReport(
    {
      "src/tools/base.ts": "export abstract class ToolBase {}\n",
      "src/tools/alpha.ts": tool("alpha", "AlphaTool"),
      "src/tools/beta.ts": tool("beta", "BetaTool"),
      "src/tools/index.ts":
        'import { AlphaTool } from "./alpha.js";\nimport { BetaTool } from "./beta.js";\n' +
        "const CLASSES = [AlphaTool, BetaTool];\n" +
        "export function registerAll(server: any): void {\n" +
        "  for (const t of CLASSES.map((C) => new C())) server.tool(t.description, t.description, async () => t.execute());\n" +
        "}\n",
    },
    { tools: ["src/tools/*.ts"], discovery: { classes: [SHAPE] } },
  );
  expect([report.descriptions.map((d) => d.tool), report.findings.map((f) => `${f.rule} ${f.file}:${f.line}`)]).toEqual([["alpha", "beta"], []]);
});
