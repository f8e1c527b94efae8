// Per-file facts are plain data (SPEC §7): what a run extracts is exactly what the cache gives back after a JSON round
// trip — no syntax tree, no class instance, no property set to undefined that the cache would drop — so a cold run and
// a warm one see the same values. Checked on every TypeScript file of every fixture monitor, with its own config.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import type { ExtractOptions } from "../../src/facts/fileIndex.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { FIXTURES } from "../redCases.js";

/** Every monitor under fixtures/ (a folder with a census config), with the TypeScript files below it. */
function monitors(dir: string, out: { dir: string; files: string[] }[] = []): { dir: string; files: string[] }[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  if (entries.some((e) => e.name === "payload-census.config.json")) out.push({ dir, files: sources(dir) });
  else for (const e of entries) if (e.isDirectory() && e.name !== "node_modules") monitors(path.join(dir, e.name), out);
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(full);
    return /\.(m|c)?tsx?$/.test(e.name) && statSync(full).isFile() ? [full] : [];
  });
}

it("every fixture file's facts equal their JSON round trip, strictly", () => {
  let files = 0;
  for (const monitor of monitors(FIXTURES)) {
    let options: ExtractOptions;
    try {
      options = extractOptionsOf(loadConfig({ dir: monitor.dir }));
    } catch {
      continue; // a fixture whose config is the defect it shows
    }
    for (const file of monitor.files) {
      const facts = extractFileFacts(file, readFileSync(file, "utf8"), options);
      expect(facts, path.relative(FIXTURES, file)).toStrictEqual(JSON.parse(JSON.stringify(facts)));
      files++;
    }
  }
  expect(files).toBeGreaterThan(500);
});
