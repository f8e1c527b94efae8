// Test helper: a throwaway one-SKU monitor written from its sources, and the census's JSON report of it, as a user runs
// `payload-census DIR --format json --no-cache` (from the monitor's folder, or from another one).
import { main } from "../../census/main.js";
import type { Report } from "../../src/model.js";
import { captureIo } from "../census/io.js";
import { tempTree } from "../config/tempTree.js";

/** A helpers module with the builder and its two producers, written as the contract has them. */
export const CONTRACT_HELPERS =
  'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
  'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
  'export function refusal(p: string, s: string) { return status("invalid", s); }\n';

export interface MonitorOptions {
  /** The SKU's `tools` globs (default `src/server.ts`). */
  tools?: string[];
  /** The SKU's producers (default none). */
  producers?: { module: string; category: string; names?: string[] }[];
  /** The folder the census runs from (default the monitor's own). */
  cwd?: string;
  /** The config's `discovery` (default none). */
  discovery?: Record<string, unknown>;
}

/**
 * The JSON report of a monitor of `files` (path → text; `src/helpers.ts` is CONTRACT_HELPERS unless given) with one
 * SKU `main` rooted at the monitor, whose helpers module is `src/helpers.ts`.
 */
export async function monitorReport(files: Record<string, string>, options: MonitorOptions = {}): Promise<Report> {
  const sku = { name: "main", root: ".", helpers: "src/helpers.ts", producers: options.producers ?? [], tools: options.tools ?? ["src/server.ts"] };
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [sku], ...(options.discovery ? { discovery: options.discovery } : {}) }),
    "src/helpers.ts": CONTRACT_HELPERS,
    ...files,
  });
  const io = captureIo(options.cwd ?? dir);
  await main([dir, "--format", "json", "--no-cache"], io);
  return JSON.parse(io.out.join("")) as Report;
}

/** Each tool of a report with its served description's size, in the report's order. */
export function servedTools(report: Report): (string | number | null)[][] {
  return report.descriptions.map((d) => [d.tool, d.served]);
}

/** The reason inside each tool-discovery finding ("… (why), so …"), or its whole message when it has none. */
export function discoveryReasons(report: Report): string[] {
  return report.findings.filter((f) => f.rule === "tool-discovery").map((f) => /\((.*)\), so /.exec(f.message)?.[1] ?? f.message);
}

/**
 * A server on the SDK's low-level `Server`: its two imports, `declarations`, then a tools/list handler answering
 * `{ tools: listExpr }` and a tools/call handler answering each of `names`.
 */
export function lowLevelServer(declarations: string, listExpr: string, names: readonly string[] = ["alpha", "beta"]): string {
  return (
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n' +
    'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n' +
    `${declarations}\n` +
    "export function createServer(): Server {\n" +
    '  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n' +
    `  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ${listExpr} }));\n` +
    "  server.setRequestHandler(CallToolRequestSchema, async (request) => {\n" +
    "    switch (request.params.name) {\n" +
    names.map((name) => `      case ${JSON.stringify(name)}:\n`).join("") +
    '        return { content: [{ type: "text", text: "{}" }] };\n' +
    "    }\n" +
    '    throw new Error("unknown tool");\n' +
    "  });\n" +
    "  return server;\n" +
    "}\n"
  );
}
