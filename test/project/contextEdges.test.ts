// What every check of a SKU shares (src/project/context.ts): the SKU a project-wide finding names, the reason a
// description imported from a package or from a module that does not parse cannot be read, and a producer matched by
// the name it is exported as, never by its declaration's name (but for a default export, which has none of its own).
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { Report } from "../../src/model.js";
import { captureIo } from "../census/io.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS, discoveryReasons, monitorReport } from "./monitorReport.js";

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';

async function reportOf(files: Record<string, string>): Promise<Report> {
  const dir = tempTree(files);
  const io = captureIo(dir);
  await main([dir, "--format", "json", "--no-cache"], io);
  return JSON.parse(io.out.join("")) as Report;
}

const sku = (name: string, tools: string) => ({ name, root: ".", helpers: "src/helpers.ts", producers: [], tools: [tools] });
const SERVER = (name: string) => SDK + `export function register(server: McpServer) {\n  server.tool("${name}", "A tool.", async () => JSON.stringify({}));\n}\n`;

describe("the SKU of a project-wide finding", () => {
  it("a floor not held names the one SKU, or `*` when the config has several", async () => {
    const one = await reportOf({
      "payload-census.config.json": JSON.stringify({ skus: [sku("main", "src/a.ts")], floors: { tools: 5 } }),
      "src/helpers.ts": CONTRACT_HELPERS,
      "src/a.ts": SERVER("alpha"),
    });
    expect(one.findings.map((f) => [f.rule, f.sku])).toEqual([["floor", "main"]]);
    const two = await reportOf({
      "payload-census.config.json": JSON.stringify({ skus: [sku("full", "src/a.ts"), sku("lite", "src/b.ts")], floors: { tools: 5 } }),
      "src/helpers.ts": CONTRACT_HELPERS,
      "src/a.ts": SERVER("alpha"),
      "src/b.ts": SERVER("beta"),
    });
    expect(two.findings.map((f) => [f.rule, f.sku])).toEqual([["floor", "*"]]);
  });
});

describe("a description imported as a constant", () => {
  const server = (imports: string) => SDK + imports + 'export function register(server: McpServer) {\n  server.tool("alpha", `${DESCRIPTION} Read-only.`, async () => JSON.stringify({}));\n}\n';

  it("from a package: the finding says it is a package's", async () => {
    const report = await monitorReport({ "src/server.ts": server('import { DESCRIPTION } from "some-package";\n') });
    expect(report.descriptions.map((d) => [d.tool, d.served])).toEqual([["alpha", null]]);
    expect(discoveryReasons(report)).toEqual([
      'The census cannot see the served description of tool alpha (`DESCRIPTION` from "some-package": "some-package" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor); build it from literals and constants so its size can be checked',
    ]);
  });

  it("from a module that does not parse: the finding names the module", async () => {
    const report = await monitorReport({
      "src/server.ts": server('import { DESCRIPTION } from "./texts.js";\n'),
      "src/texts.ts": 'export const DESCRIPTION = "A tool." +;\n',
    });
    expect(report.descriptions.map((d) => [d.tool, d.served])).toEqual([["alpha", null]]);
    expect(discoveryReasons(report)).toEqual([expect.stringContaining('(`DESCRIPTION` from "./texts.js": src/texts.ts does not parse)')]);
  });
});

describe("a producer is matched by the name it is exported as", () => {
  const TOOL =
    SDK +
    'import { z } from "zod";\n' +
    'import { checkTop } from "./checks.js";\n' +
    "export function register(server: McpServer) {\n" +
    '  server.tool("alpha", "A tool.", { top: z.number() }, async ({ top }) => {\n' +
    "    const err = checkTop(top);\n" +
    "    if (err != null) return err;\n" +
    "    return JSON.stringify({ top });\n" +
    "  });\n" +
    "}\n";
  const producers = [{ module: "src/checks.ts", category: "validator", names: ["validate*"] }];

  it("a function declared `validateTop` but exported as `checkTop` is no validator of `validate*`", async () => {
    const checks = 'import { refusal } from "./helpers.js";\nfunction validateTop(top: number) {\n  return top > 0 ? null : refusal("top", "Give a positive top.");\n}\nexport { validateTop as checkTop };\n';
    const report = await monitorReport({ "src/server.ts": TOOL, "src/checks.ts": checks }, { producers });
    expect(report.findings.map((f) => `${f.rule} ${f.line}`)).toEqual(["pass-through-producer 7"]);
  });

  it("a default export has no name of its own: its declaration's name is matched", async () => {
    const checks = 'import { refusal } from "./helpers.js";\nexport default function validateTop(top: number) {\n  return top > 0 ? null : refusal("top", "Give a positive top.");\n}\n';
    const tool = TOOL.replace('import { checkTop } from "./checks.js";', 'import checkTop from "./checks.js";');
    const report = await monitorReport({ "src/server.ts": tool, "src/checks.ts": checks }, { producers });
    expect(report.findings).toEqual([]);
    expect(report.counts.passThroughs.validator).toBe(1);
  });
});
