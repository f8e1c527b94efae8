// Test helper: a small monitor written to a fresh folder for one test, removed after it (test/tempFolders.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { removeAfterTest } from "../tempFolders.js";

/** Writes `files` (path relative to the folder → text; null: left out) to a new folder and returns its absolute path. */
export function tempMonitor(prefix: string, files: Record<string, string | null>): string {
  const dir = removeAfterTest(mkdtempSync(path.join(tmpdir(), `payload-census-${prefix}-`)));
  for (const [file, text] of Object.entries(files)) {
    if (text === null) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/**
 * A monitor of one helpers module and two tool files (src/helpers.ts, src/tools/a.ts, src/tools/b.ts) with `config`
 * written as its config, and `files` over those (null: left out).
 */
export function twoToolMonitor(
  prefix: string,
  config: unknown,
  base: { helpers: string; a: string; b: string },
  files: Record<string, string | null>,
): string {
  return tempMonitor(prefix, {
    "payload-census.config.json": JSON.stringify(config, null, 2),
    "src/helpers.ts": base.helpers,
    "src/tools/a.ts": base.a,
    "src/tools/b.ts": base.b,
    ...files,
  });
}
