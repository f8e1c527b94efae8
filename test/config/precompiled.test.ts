// The validators the build compiles ahead of time (dist/src/config/validators.cjs) judge every config and roster as the
// schema compiled at run time does, word for word: the shipped CLI and the sources give the same errors.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFIG_FILE_NAME, loadConfig as loadFromSources } from "../../src/config/load.js";
import { MONITOR_FILES, tempTree } from "./tempTree.js";

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "src");
const { loadConfig: loadShipped } = (await import(path.join(dist, "config", "load.js"))) as typeof import("../../src/config/load.js");

const SKU = { name: "full", root: "full", helpers: "src/mcp/helpers.ts", producers: [], tools: ["src/mcp/tools/**/*.ts"] };

const CONFIGS: Record<string, unknown> = {
  valid: { skus: [SKU] },
  "a key the schema does not know": { skus: [SKU], colour: "red" },
  "a wrong type deep inside": { skus: [{ ...SKU, producers: [{ module: 3, category: "validator" }] }] },
  "an enum value out of range": { skus: [{ ...SKU, producers: [{ module: "src/mcp/helpers.ts", category: "validators" }] }] },
  "a missing required key": { skus: [{ name: "full", root: "full" }] },
  "floors below zero and a cap of the wrong kind": { skus: [SKU], floors: { tools: -1 }, descriptions: { cap: "big" } },
};

function outcome(load: typeof loadFromSources, dir: string): string {
  try {
    load({ dir });
    return "loaded";
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

describe("precompiled and run-time validators agree", () => {
  for (const [name, config] of Object.entries(CONFIGS)) {
    it(name, () => {
      const dir = tempTree({ ...MONITOR_FILES, [CONFIG_FILE_NAME]: JSON.stringify(config, null, 2), "payload-census.roster.json": '{ "x": [] }' });
      const fromSources = outcome(loadFromSources, dir);
      expect(outcome(loadShipped, dir)).toBe(fromSources);
      if (name !== "valid") expect(fromSources).toMatch(/^ConfigError/);
    });
  }
});
