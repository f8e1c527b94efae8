// The red fixtures, as `red/<rule>/<case>` paths below fixtures/: every case folder that holds a census config.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures");

export const RED_CASES: readonly string[] = readdirSync(path.join(FIXTURES, "red"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((rule) => readdirSync(path.join(FIXTURES, "red", rule.name)).map((c) => `red/${rule.name}/${c}`))
  .filter((c) => statSync(path.join(FIXTURES, c, "payload-census.config.json"), { throwIfNoEntry: false }) !== undefined)
  .sort();
