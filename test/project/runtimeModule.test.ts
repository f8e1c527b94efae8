// What a monitor imports from the runtime module this package ships (`payload-census/envelope`): its words are the
// words they hold, its recognisers answer no route, and a name it does not export is unseen, named as imported (no
// path of the machine). And a tool named or described by a namespace import's constant in a list of definitions.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { monitorReport, servedTools } from "./monitorReport.js";

const elsewhere: string[] = [];
afterEach(() => {
  for (const dir of elsewhere.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const HELPERS =
  'export { status, formatError, refusal } from "payload-census/envelope";\n' +
  'import { refusal } from "payload-census/envelope";\n' +
  'export function validateN(n: number): string | null { return n < 0 ? refusal("n", "n must not be negative.") : null; }\n';

/** A census (JSON) of one tool `t` described by `description` whose body, after its pass-through, is `body`; run from another folder. */
async function census(body: string, description = '"Counts things."', imports = "") {
  const cwd = mkdtempSync(path.join(tmpdir(), "payload-census-cwd-"));
  elsewhere.push(cwd);
  const files = {
    "src/helpers.ts": HELPERS,
    "src/tools/t.ts":
      'import { status, FAILURE_WORD, REFUSAL_WORD, errorMessageOf, isErrorEnvelope } from "payload-census/envelope";\n' +
      'import { formatError, validateN } from "../helpers.js";\n' +
      imports +
      "export function register(server: any): void {\n" +
      `  server.registerTool("t", { description: ${description} }, async ({ n }: { n: number }) => {\n` +
      "    const err = validateN(n);\n" +
      "    if (err != null) return err;\n" +
      `${body}\n` +
      "  });\n" +
      "}\n",
  };
  const report = await monitorReport(files, { tools: ["src/tools/*.ts"], producers: [{ module: "src/helpers.ts", category: "validator", names: ["validate*"] }], cwd });
  return {
    findings: report.findings.map((f) => `${f.rule} ${f.line}:${f.column} ${f.message}`),
    rows: report.descriptions.map((d) => ({ tool: d.tool, routes: d.routes, routesUnseen: d.routesUnseen })),
    handBuilt: report.counts.handBuilt,
  };
}

describe("the runtime module's words", () => {
  it("FAILURE_WORD and REFUSAL_WORD are the words they hold: a hand-built failure and a hand-built refusal", async () => {
    const r = await census('    if (n > 3) return status(REFUSAL_WORD, "too many");\n    return status(FAILURE_WORD, "failed");');
    expect(r.findings).toEqual([
      'hand-built-status 7:23 Tool t: this status(…) call builds a refusal envelope (status "invalid") by hand; use refusal(parameter, sentence) from a shared validator or resolver for a refusal',
      'hand-built-status 8:12 Tool t: this status(…) call builds a failure envelope (status "error") by hand; use formatError(operation, ex) for a failure, or refusal(parameter, sentence) if the caller must change a parameter',
    ]);
    expect(r.handBuilt).toBe(2);
    expect(r.rows).toEqual([{ tool: "t", routes: ["invalid", "error"], routesUnseen: undefined }]);
  });

  it("a word the module does not export is unseen, named as imported, with no path", async () => {
    const r = await census('    return status(NOT_A_WORD, "failed");', undefined, 'import { NOT_A_WORD } from "payload-census/envelope";\n');
    expect(r.findings).toEqual([
      'hand-built-status 8:12 Tool t: the census cannot see the status word of this status(…) call (`NOT_A_WORD` from "payload-census/envelope": `NOT_A_WORD` is not a string constant of payload-census/envelope); pass a literal word or a constant so the census can check it',
    ]);
  });

  it("a member of one of its words is unseen", async () => {
    const r = await census('    return status(FAILURE_WORD.x, "failed");');
    expect(r.findings).toEqual([
      'hand-built-status 7:12 Tool t: the census cannot see the status word of this status(…) call (`FAILURE_WORD.x` from "payload-census/envelope": `FAILURE_WORD` of payload-census/envelope has no members); pass a literal word or a constant so the census can check it',
    ]);
  });
});

describe("the runtime module's recognisers", () => {
  it("answer no route: a tool that reads an envelope with them sees all its routes", async () => {
    const body =
      "    try { return JSON.stringify({ n }); } catch (ex) {\n" +
      '      const failed = formatError("count", ex);\n' +
      "      return isErrorEnvelope(failed) ? errorMessageOf(failed) : failed;\n" +
      "    }";
    const r = await census(body, '"Counts things; `invalid` for a negative n, `error` when counting fails."');
    expect(r.rows).toEqual([{ tool: "t", routes: ["invalid", "error"], routesUnseen: undefined }]);
  });
});

describe("a namespace import's constant in a list of definitions", () => {
  it("names and describes its tool", async () => {
    const report = await monitorReport({
      "src/words.ts": 'export const NAME = "alpha";\nexport const TEXT = "Alpha tool.";\nexport const NAMES = { beta: "beta" } as const;\n',
      "src/server.ts":
        'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
        'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
        'import * as words from "./words.js";\n' +
        "export function createServer(): Server {\n" +
        '  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
        "  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [\n" +
        "    { name: words.NAME, description: words.TEXT, inputSchema: {} },\n" +
        '    { name: words.NAMES.beta, description: "Beta tool here.", inputSchema: {} },\n' +
        "  ] }));\n" +
        "  server.setRequestHandler(CallToolRequestSchema, async (request) => {\n" +
        "    switch (request.params.name) {\n" +
        '      case "alpha":\n      case "beta":\n        return { content: [{ type: "text", text: "{}" }] };\n' +
        "    }\n" +
        '    throw new Error("unknown tool");\n' +
        "  });\n" +
        "  return server;\n" +
        "}\n",
    });
    expect(servedTools(report)).toEqual([
      ["alpha", 11],
      ["beta", 15],
    ]);
    expect(report.findings.filter((f) => f.rule === "tool-discovery")).toEqual([]);
  });
});
