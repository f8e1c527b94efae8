// The plugin's fact cache: ESLint after a payload-census run starts warm from the CLI's entries, settings move the cache
// (`cacheLocation`, as --cache-location) or turn it off (`cache: false`, as --no-cache).
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import parser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import plugin from "../../rules/index.js";
import { defaultCacheLocation } from "../../src/project/factCache.js";
import { CensusSession, sessionFor } from "../../src/session.js";
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

describe("the remembered census in a linter", () => {
  const configOf = (dir: string) => path.join(dir, "payload-census.config.json");

  it("after a CLI run, a session answers from it while every text linted is the disk's, with the CLI's findings", async () => {
    const dir = copy();
    expect(await main(["check", "--quiet"], captureIo(dir))).toBe(0);
    const session = new CensusSession(configOf(dir), { revalidateMs: 60_000 });
    const tool = path.join(dir, "full", "src", "mcp", "tools", "waits.ts");
    expect(session.findingsFor(tool, readFileSync(tool, "utf8"))).toEqual([]);
    expect(session.stats()).toEqual({ censuses: 0, extractions: 0, remembered: 1 });
  });

  it("an unsaved buffer that differs from the disk ends it: the census of the buffer, as without any memory", async () => {
    const dir = copy();
    expect(await main(["check", "--quiet"], captureIo(dir))).toBe(0);
    const tool = path.join(dir, "full", "src", "mcp", "tools", "waits.ts");
    const edited = readFileSync(tool, "utf8").replace("if (error) return error;", 'if (error) return "A bare sentence.";');
    const session = new CensusSession(configOf(dir), { revalidateMs: 60_000 });
    session.findingsFor(path.join(dir, "full", "src", "mcp", "helpers.ts"), readFileSync(path.join(dir, "full", "src", "mcp", "helpers.ts"), "utf8"));
    expect(session.stats().remembered).toBe(1);
    const withMemory = session.findingsFor(tool, edited);
    const fresh = new CensusSession(configOf(dir), { revalidateMs: 60_000, cache: false }).findingsFor(tool, edited);
    expect(withMemory).toEqual(fresh);
    expect(withMemory.length).toBeGreaterThan(0);
    expect(session.stats().censuses).toBe(1);
  });

  it("a file changed on disk ends it at the next revalidation", async () => {
    const dir = copy();
    expect(await main(["check", "--quiet"], captureIo(dir))).toBe(0);
    const session = new CensusSession(configOf(dir), { revalidateMs: 0 });
    const helpers = path.join(dir, "full", "src", "mcp", "helpers.ts");
    expect(session.findingsFor(helpers)).toEqual([]);
    expect(session.stats().remembered).toBe(1);
    const tool = path.join(dir, "full", "src", "mcp", "tools", "waits.ts");
    writeFileSync(tool, readFileSync(tool, "utf8").replace("if (error) return error;", 'if (error) return "A bare sentence.";'));
    const after = session.findingsFor(tool);
    const fresh = new CensusSession(configOf(dir), { revalidateMs: 0, cache: false }).findingsFor(tool);
    expect(after).toEqual(fresh);
    expect(after.length).toBeGreaterThan(0);
  });

  it("a file saved since the census and linted as saved is answered fresh at once, before any revalidation", async () => {
    const dir = copy();
    expect(await main(["check", "--quiet"], captureIo(dir))).toBe(0);
    const session = new CensusSession(configOf(dir), { revalidateMs: 60_000 });
    const helpers = path.join(dir, "full", "src", "mcp", "helpers.ts");
    expect(session.findingsFor(helpers, readFileSync(helpers, "utf8"))).toEqual([]);
    expect(session.stats().remembered).toBe(1);
    const tool = path.join(dir, "full", "src", "mcp", "tools", "waits.ts");
    const saved = readFileSync(tool, "utf8").replace("if (error) return error;", 'if (error) return "A bare sentence.";');
    writeFileSync(tool, saved);
    const after = session.findingsFor(tool, saved);
    const fresh = new CensusSession(configOf(dir), { revalidateMs: 60_000, cache: false }).findingsFor(tool, saved);
    expect(after).toEqual(fresh);
    expect(after.map((f) => `${f.rule} ${f.line}`)).toEqual(["bare-sentence-roster 171"]);
    expect(session.stats()).toMatchObject({ censuses: 1, remembered: 1 });
  });

  it("a linter remembers its own census for the next one over the same tree, but not a census of an unsaved buffer", () => {
    const dir = copy();
    const tool = path.join(dir, "full", "src", "mcp", "tools", "waits.ts");
    const first = new CensusSession(configOf(dir), { revalidateMs: 60_000 });
    expect(first.findingsFor(tool, readFileSync(tool, "utf8"))).toEqual([]);
    expect(first.stats()).toMatchObject({ censuses: 1, remembered: 0 });
    const second = new CensusSession(configOf(dir), { revalidateMs: 60_000 });
    expect(second.findingsFor(tool, readFileSync(tool, "utf8"))).toEqual([]);
    expect(second.stats()).toEqual({ censuses: 0, extractions: 0, remembered: 1 });

    const edited = readFileSync(tool, "utf8").replace("if (error) return error;", 'if (error) return "A bare sentence.";');
    const third = new CensusSession(configOf(dir), { revalidateMs: 60_000 });
    const buffered = third.findingsFor(tool, edited);
    expect(buffered.length).toBeGreaterThan(0);
    // The disk still holds the clean text: the next linter of the disk finds nothing, from what the first remembered.
    const fourth = new CensusSession(configOf(dir), { revalidateMs: 60_000 });
    expect(fourth.findingsFor(tool, readFileSync(tool, "utf8"))).toEqual([]);
    expect(fourth.stats().remembered).toBe(1);
  });
});
