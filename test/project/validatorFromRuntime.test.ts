// A validator module may re-export a function of the runtime module of producers under a validator's name: the census
// has no code of it to read (nothing returns there), and goes on with the rest.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS } from "./monitorReport.js";

describe("a validator re-exported from the runtime module", () => {
  it("is no validator of this monitor's code, and ends nothing", () => {
    const sku = { name: "main", root: ".", helpers: "src/helpers.ts", producers: [{ module: "src/validate.ts", category: "validator", names: ["validate*"] }], tools: ["src/server.ts"] };
    const dir = tempTree({
      "payload-census.config.json": JSON.stringify({ skus: [sku] }),
      "src/helpers.ts": CONTRACT_HELPERS,
      "src/validate.ts":
        'export { refusal as validateAnything } from "payload-census/envelope";\n' +
        'import { refusal } from "./helpers.js";\nexport function validateTop(top: number) { return top < 1 ? refusal("top", "top must be positive.") : null; }\n',
      "src/server.ts":
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "s", version: "1" });\n' +
        'server.registerTool("list", { description: "Lists." }, async () => JSON.stringify({}));\n',
    });
    const { report } = runCensus(loadConfig({ dir }));
    expect([report.counts.validators, report.validators.map((v) => v.validator), report.findings.map((f) => f.rule)]).toEqual([1, ["validateTop"], []]);
  });
});
