// The JSON report's published schema (payload-census/report.schema.json) holds every report the census writes, and no other.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { json } from "../census/reporters/json.js";
import { loadConfig } from "../src/config/load.js";
import { runCensus } from "../src/project/census.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const fixtures = path.join(root, "fixtures");
const schema = JSON.parse(readFileSync(path.join(root, "schema", "report.schema.json"), "utf8")) as object;
const validate = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

/** Every monitor of the fixtures: the reference monitor, each red and near-miss case, each shape server. */
function monitors(): string[] {
  const dirs = [path.join(fixtures, "monitor")];
  for (const kind of ["red", "near-miss"]) {
    for (const rule of readdirSync(path.join(fixtures, kind))) {
      if (rule.endsWith(".md")) continue;
      for (const name of readdirSync(path.join(fixtures, kind, rule))) dirs.push(path.join(fixtures, kind, rule, name));
    }
  }
  for (const name of readdirSync(path.join(fixtures, "shapes"))) if (!name.endsWith(".md")) dirs.push(path.join(fixtures, "shapes", name));
  return dirs.sort();
}

describe("report.schema.json", () => {
  it.each(monitors().map((d) => [path.relative(fixtures, d), d]))("holds the JSON report of %s", (_name, dir) => {
    const report = JSON.parse(json(runCensus(loadConfig({ dir })).report)) as unknown;
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  });

  it("refuses a report with a field it does not describe, or without one it requires", () => {
    const report = JSON.parse(json(runCensus(loadConfig({ dir: path.join(fixtures, "monitor") })).report)) as Record<string, unknown>;
    expect(validate({ ...report, extra: 1 })).toBe(false);
    const { counts: _counts, ...withoutCounts } = report;
    expect(validate(withoutCounts)).toBe(false);
  });
});
