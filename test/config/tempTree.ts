// Test helper: a throwaway folder holding a config, its SKU sources and a roster, removed after each test.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { removeAfterTest } from "../tempFolders.js";

/**
 * Writes `files` (path relative to the new folder → text; null: left out) and returns the folder's absolute path,
 * named `payload-census-<prefix>-…`.
 */
export function tempTree(files: Record<string, string | null>, prefix = "config"): string {
  const dir = removeAfterTest(mkdtempSync(join(tmpdir(), `payload-census-${prefix}-`)));
  for (const [file, text] of Object.entries(files)) {
    if (text === null) continue;
    const path = join(dir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return dir;
}

/** How a loader names a file in its messages: relative to the working directory, `/` separators. */
export function shown(absolute: string): string {
  return relative(process.cwd(), absolute).split(sep).join("/");
}

/** The sources of a two-SKU monitor, enough for every path a config can name. */
export const MONITOR_FILES: Record<string, string> = {
  "full/src/mcp/helpers.ts": "export {};\n",
  "full/src/mcp/serverResolver.ts": "export {};\n",
  "full/src/mcp/gates.ts": "export {};\n",
  "full/src/mcp/toolGuide.ts": "export {};\n",
  "full/src/mcp/instructions.ts": "export {};\n",
  "full/src/mcp/tools/waits.ts": "export {};\n",
  "full/src/mcp/tools/plans.ts": "export {};\n",
  "full/src/mcp/tools/admin/jobs.ts": "export {};\n",
  "full/src/mcp/tools/types.d.ts": "export {};\n",
  "full/src/mcp/tools/node_modules/dep/index.ts": "export {};\n",
  "full/src/mcp/extra/health.ts": "export {};\n",
  "lite/src/helpers.ts": "export {};\n",
  "lite/src/tools/waits.ts": "export {};\n",
};
