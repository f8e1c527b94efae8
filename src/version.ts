// The package's version, read at run time from its package.json, wherever the module runs from (census/ or dist/census/).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "payload-census";

/** Walks up from this module's folder: the source and the built file sit at different depths below package.json. */
export function readVersion(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = readManifest(join(dir, "package.json"));
    if (manifest?.name === PACKAGE_NAME && typeof manifest.version === "string") return manifest.version;
    if (dirname(dir) === dir) throw new Error(`package.json of ${PACKAGE_NAME} not found above ${from}`);
  }
}

function readManifest(file: string): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
  } catch {
    return undefined;
  }
}
