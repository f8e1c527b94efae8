// The plugin's fact cache: ESLint after a payload-census run starts warm from the CLI's entries, settings move the cache
// (`cacheLocation`, as --cache-location) or turn it off (`cache: false`, as --no-cache).
import { cpSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import parser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import plugin from "../../rules/index.js";
import { defaultCacheLocation } from "../../src/project/factCache.js";
import { sessionFor } from "../../src/session.js";
import { captureIo } from "../census/io.js";
import { tempDir } from "../properties/trees.js";

const monitor = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures", "monitor");

function copy(): string {
  const dir = path.join(tempDir("eslint-cache"), "monitor");
  cpSync(monitor, dir, { recursive: true });
  return dir;
}

async function lint(dir: string, settings: Record<string, unknown>): Promise<number> {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{ ...plugin.configs.recommended, languageOptions: { parser }, settings: { "payload-census": settings } } as Linter.Config],
  });
  const results = await eslint.lintFiles(["**/*.ts"]);
  return results.reduce((n, r) => n + r.messages.length, 0);
}

describe("the plugin's cache", () => {
  it("starts warm from the entries a CLI run wrote at the default location", async () => {
    const dir = copy();
    expect(await main(["check", "--quiet"], captureIo(dir))).toBe(0);
    expect(await lint(dir, {})).toBe(0);
    expect(sessionFor(path.join(dir, "payload-census.config.json")).stats().extractions).toBe(0);
  });

  it("reads and writes where cacheLocation says, relative to ESLint's folder", async () => {
    const dir = copy();
    expect(await main(["check", "--quiet", "--cache-location", "cache-here"], captureIo(dir))).toBe(0);
    expect(await lint(dir, { cacheLocation: "cache-here" })).toBe(0);
    expect(sessionFor(path.join(dir, "payload-census.config.json")).stats().extractions).toBe(0);
    expect(statSync(defaultCacheLocation(dir), { throwIfNoEntry: false })).toBeUndefined();
  });

  it("keeps none with cache: false", async () => {
    const dir = copy();
    expect(await lint(dir, { cache: false })).toBe(0);
    expect(sessionFor(path.join(dir, "payload-census.config.json")).stats().extractions).toBeGreaterThan(0);
    expect(readdirSync(dir)).not.toContain("node_modules");
  });
});
