// Test helper: the witness tests' small monitor of one helpers module and two tool files, written to a throwaway folder.
import { tempTree } from "../config/tempTree.js";

/**
 * A monitor of one helpers module and two tool files (src/helpers.ts, src/tools/a.ts, src/tools/b.ts) with `config`
 * written as its config, and `files` over those (null: left out), in a folder removed after the test.
 */
export function twoToolMonitor(
  prefix: string,
  config: unknown,
  base: { helpers: string; a: string; b: string },
  files: Record<string, string | null>,
): string {
  return tempTree(
    {
      "payload-census.config.json": JSON.stringify(config, null, 2),
      "src/helpers.ts": base.helpers,
      "src/tools/a.ts": base.a,
      "src/tools/b.ts": base.b,
      ...files,
    },
    prefix,
  );
}
