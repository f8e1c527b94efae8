// Build step: writes the shipped schema/*.json from their sources, so the two cannot drift (test/config/schema.test.ts guards the committed copies).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SHIPPED_SCHEMAS } from "../shippedSchemas.js";
import { schemaText } from "./schema.js";

// Compiled to dist/src/config/: the package root is three folders up.
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

for (const { file, schema } of SHIPPED_SCHEMAS) {
  const target = join(packageRoot, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, schemaText(schema));
}
