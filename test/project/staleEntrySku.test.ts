// Which SKU a stale roster entry counts under: the SKU whose tool files hold its file, else the SKU under whose root
// the file is, else the first; two SKUs whose roots nest tell the first two apart.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS } from "./monitorReport.js";

const TOOL = (name: string) =>
  "export function register(server: any): void {\n" +
  `  server.registerTool("${name}", { description: "Lists rows." }, async () => JSON.stringify({ rows: [] }));\n` +
  "}\n";

const roster = (file: string) => JSON.stringify({ schemaVersion: 1, entries: [{ file, tool: "get_rows", sentence: "No rows." }] });

/** Each SKU's stale count, for a monitor of `skus` (name, root, tools glob) whose roster has one entry for `file`. */
function staleBySku(skus: [string, string, string][], file: string, files: Record<string, string>): Record<string, number> {
  const config = { skus: skus.map(([name, root, tools]) => ({ name, root, helpers: "helpers.ts", producers: [], tools: [tools] })) };
  const helpers = Object.fromEntries(skus.map(([, root]) => [`${root}/helpers.ts`, CONTRACT_HELPERS]));
  const dir = tempTree({ "payload-census.config.json": JSON.stringify(config), "payload-census.roster.json": roster(file), ...helpers, ...files });
  const { report } = runCensus(loadConfig({ dir }));
  return Object.fromEntries(report.skus.map((s) => [s.name, s.counts.bareSentences.stale]));
}

describe("a stale roster entry's SKU", () => {
  it("a file no SKU reads as a tool file counts under the SKU whose root holds it, not the first", () => {
    const files = { "one/tools.ts": TOOL("get_one"), "two/tools.ts": TOOL("get_two") };
    const skus: [string, string, string][] = [["first", "one", "tools.ts"], ["second", "two", "tools.ts"]];
    expect(staleBySku(skus, "two/gone.ts", files)).toEqual({ first: 0, second: 1 });
  });

  it("a tool file counts under the SKU that reads it, though another SKU's root holds it too", () => {
    const files = { "outer/tools.ts": TOOL("get_outer"), "inner/tools.ts": TOOL("get_inner") };
    const skus: [string, string, string][] = [["outer", ".", "outer/tools.ts"], ["inner", "inner", "tools.ts"]];
    expect(staleBySku(skus, "inner/tools.ts", files)).toEqual({ outer: 0, inner: 1 });
  });
});
