// Test helper: the census's JSON Schema for zod forms, each the one parameter `x` of a tool of a throwaway monitor,
// beside what the MCP SDK serves for the same zod value (its own converter, the one its tools/list runs).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toJsonSchemaCompat } from "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js";
import { z } from "zod";
import { loadConfig } from "../../src/config/load.js";
import { extractingStore } from "../../src/project/census.js";
import { SkuContext } from "../../src/project/context.js";
import { collectTools } from "../../src/project/tools.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Each form by tool name: its source, and the value zod builds from it. */
export type Forms = Record<string, [source: string, schema: z.ZodType]>;

/** By tool name, sorted: the census's schema of `x` (or why it is unseen) and the SDK's. */
export function readAndServed(forms: Forms): { read: Record<string, unknown>; served: Record<string, unknown> } {
  const read = readForms(Object.fromEntries(Object.entries(forms).map(([name, [source]]) => [name, source])));
  const served = Object.entries(forms).map(([name, [, schema]]): [string, unknown] => [name, servedSchema(schema)]);
  return { read, served: Object.fromEntries(served.sort(([a], [b]) => a.localeCompare(b))) };
}

/**
 * By tool name, sorted: the census's schema of `x` (or why it is unseen) for each form (its source), the tools
 * registered in one tools module after the module-level lines `consts`.
 */
export function readForms(forms: Record<string, string>, consts: readonly string[] = []): Record<string, unknown> {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-forms-"));
  try {
    mkdirSync(path.join(dir, "tools"));
    writeFileSync(path.join(dir, "payload-census.config.json"), readFileSync(path.join(root, "fixtures", "serve", "payload-census.config.json"), "utf8"));
    writeFileSync(path.join(dir, "helpers.mjs"), readFileSync(path.join(root, "fixtures", "serve", "helpers.mjs"), "utf8"));
    const registrations = Object.entries(forms).map(
      ([name, form]) => `  server.registerTool("${name}", { description: "Form ${name}.", inputSchema: { x: ${form} } }, answer);`,
    );
    const head = ['import { z } from "zod";', 'import { textTool } from "../helpers.mjs";', "const answer = textTool(async () => JSON.stringify({}));"];
    writeFileSync(path.join(dir, "tools", "tools.mjs"), [...head, ...consts, "export function registerTools(server) {", ...registrations, "}", ""].join("\n"));
    const config = loadConfig({ dir });
    const sku = config.skus[0]!;
    const read: [string, unknown][] = [];
    for (const tool of collectTools(new SkuContext(config, sku, extractingStore(config)), sku.toolFiles).tools) {
      read.push([tool.name!, tool.input.known ? (tool.input.schema as { properties: Record<string, unknown> }).properties["x"] : { unseen: tool.input.why }]);
    }
    return Object.fromEntries(read.sort(([a], [b]) => a.localeCompare(b)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the SDK serves for a parameter of that schema. */
export function servedSchema(schema: z.ZodType): unknown {
  const whole = toJsonSchemaCompat(z.object({ x: schema }), { strictUnions: true, pipeStrategy: "input" });
  return (whole as { properties: Record<string, unknown> }).properties["x"];
}
