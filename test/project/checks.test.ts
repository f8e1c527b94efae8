// The table of src/project/checks/index.ts: every rule id has its check, and the table says truly where it lives.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { RULE_IDS } from "../../src/model.js";
import { RULE_CHECKS } from "../../src/project/checks/index.js";

const checksDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "src", "project", "checks");

describe("RULE_CHECKS", () => {
  it("has an entry for every rule id, and for nothing else", () => {
    expect(Object.keys(RULE_CHECKS).sort()).toEqual([...RULE_IDS].sort());
  });

  it.each(RULE_IDS)("%s: names at least one function, each exported by the file it names", async (rule) => {
    const { file, functions } = RULE_CHECKS[rule];
    expect(functions.length).toBeGreaterThan(0);
    const module = (await import(pathToFileURL(path.join(checksDir, file)).href)) as Record<string, unknown>;
    for (const fn of functions) expect(module[fn.name], `${fn.name} in ${file}`).toBe(fn);
  });

  it("names every check file of the folder", () => {
    const files = readdirSync(checksDir).filter((f) => f.endsWith(".ts") && f !== "index.ts");
    expect([...new Set(Object.values(RULE_CHECKS).map((c) => c.file))].sort()).toEqual(files.sort());
  });
});
