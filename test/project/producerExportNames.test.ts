// A producer module's `names` globs match the names it exports a function under, as importers see them; a default
// export is matched by its declaration's name. A function re-exported as another module's default is still matched by
// the name its own module exports it under, and a finding names that name.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS } from "./monitorReport.js";

const SERVER =
  'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
  'import { z } from "zod";\n' +
  'import check from "./barrel.js";\n' +
  'const server = new McpServer({ name: "s", version: "1" });\n' +
  'server.registerTool("get_top", { description: "Lists the top.", inputSchema: { top: z.number() } }, async ({ top }) => {\n' +
  "  const err = check(top);\n" +
  "  if (err != null) return err;\n" +
  "  return JSON.stringify({ top });\n" +
  "});\n";

const CHECK = 'import { refusal } from "./helpers.js";\nfunction checkTop(top: number) { return top < 1 ? refusal("top", "top must be positive.") : null; }\n';

/** The pass-through counts and finding reasons of a server calling the default export of src/barrel.ts. */
function census(validate: string, barrel: string, names: string[]) {
  const sku = { name: "main", root: ".", helpers: "src/helpers.ts", producers: [{ module: "src/validate.ts", category: "validator", names }], tools: ["src/server.ts"] };
  const dir = tempTree({ "payload-census.config.json": JSON.stringify({ skus: [sku] }), "src/helpers.ts": CONTRACT_HELPERS, "src/validate.ts": validate, "src/barrel.ts": barrel, "src/server.ts": SERVER });
  const { report } = runCensus(loadConfig({ dir }));
  const reasons = report.findings.map((f) => /does not come from a shared producer: (.*); pass through only/.exec(f.message)?.[1] ?? f.message);
  return { validators: report.counts.passThroughs.validator, reasons };
}

describe("a producer re-exported as another module's default", () => {
  const renamed = `${CHECK}export { checkTop as validateTop };\n`;
  const barrel = 'export { validateTop as default } from "./validate.js";\n';

  it("is matched by the name its module exports it under", () => {
    expect(census(renamed, barrel, ["validate*"])).toEqual({ validators: 1, reasons: [] });
  });

  it("not by its declaration's name, which only a default export of its own module stands for; the finding names the export", () => {
    expect(census(renamed, barrel, ["check*"])).toEqual({
      validators: 0,
      reasons: ["`check` is declared in producer module src/validate.ts but `validateTop` does not match its names (check*)"],
    });
  });

  it("a default export of its own module is matched by its declaration's name", () => {
    const ownDefault = CHECK.replace("function checkTop", "export default function checkTop");
    expect(census(ownDefault, 'export { default } from "./validate.js";\n', ["check*"])).toEqual({ validators: 1, reasons: [] });
  });
});

describe("a function its producer module exports under several names, none matching", () => {
  /** The finding of validateTop, which returns the result of `topCheck`, exported as `exports`. */
  function finding(exports: string) {
    const helpers =
      CONTRACT_HELPERS +
      'function topCheck(top: number) { return top < 1 ? refusal("top", "top must be positive.") : null; }\n' +
      exports +
      "export function validateTop(top: number) { return topCheck(top); }\n";
    const sku = { name: "main", root: ".", helpers: "src/helpers.ts", producers: [{ module: "src/helpers.ts", category: "validator", names: ["validate*"] }], tools: ["src/server.ts"] };
    const server = SERVER.replace('import check from "./barrel.js";', 'import { validateTop as check } from "./helpers.js";');
    const dir = tempTree({ "payload-census.config.json": JSON.stringify({ skus: [sku] }), "src/helpers.ts": helpers, "src/server.ts": server });
    const { report } = runCensus(loadConfig({ dir }));
    return report.findings.map((f) => `${f.rule} ${/returns `topCheck\(top\)`: (.*); a validator returns/.exec(f.message)?.[1] ?? f.message}`);
  }

  it("by name and as its default: named once", () => {
    expect(finding("export default topCheck;\nexport { topCheck };\n")).toEqual([
      "validator-builds-refusal `topCheck` is declared in producer module src/helpers.ts but `topCheck` does not match its names (validate*)",
    ]);
  });

  it("under two names: each is named", () => {
    expect(finding("export { topCheck, topCheck as checkOfTop };\n")).toEqual([
      "validator-builds-refusal `topCheck` is declared in producer module src/helpers.ts but none of `topCheck`, `checkOfTop` matches its names (validate*)",
    ]);
  });
});
