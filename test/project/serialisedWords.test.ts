// A status word spliced into hand-serialised JSON from another module's constant is read through the import: the
// envelope is hand-built. A word the census cannot see there names no status (no finding of a word it cannot read).
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const server = (returned: string) =>
  'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
  'import { FAILURE, changing } from "./words.js";\n' +
  'const server = new McpServer({ name: "s", version: "1" });\n' +
  'server.registerTool("list", { description: "Lists." }, async () => {\n' +
  `  try { return JSON.stringify({}); } catch (ex) { return ${returned}; }\n` +
  "});\n";

async function census(returned: string) {
  const report = await monitorReport(
    { "src/helpers.ts": CONTRACT_HELPERS, "src/words.ts": 'export const FAILURE = "error";\nexport let changing = "error";\n', "src/server.ts": server(returned) },
    { tools: ["src/server.ts"] },
  );
  return {
    handBuilt: report.findings.filter((f) => f.rule === "hand-built-status").map((f) => `${f.line}:${f.column} ${f.message}`),
    routes: report.descriptions.map((d) => d.routes),
  };
}

describe("hand-serialised JSON", () => {
  it("with the failure word imported as a constant: a hand-built failure envelope", async () => {
    expect(await census(`'{"status":"' + FAILURE + '","message":"x"}'`)).toEqual({
      routes: [["error", "text"]],
      handBuilt: [
        "5:58 Tool list: this hand-serialised JSON string builds a failure envelope (status \"error\") by hand; use formatError(operation, ex) for a failure, or refusal(parameter, sentence) if the caller must change a parameter",
      ],
    });
  });

  it("with a word the census cannot see (a let): no status word is read, not even an empty one", async () => {
    expect(await census(`'{"status":"' + changing + '","message":"x"}'`)).toEqual({ routes: [["text"]], handBuilt: [] });
  });
});
