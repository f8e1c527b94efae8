// Every red fixture yields exactly its expected findings (rule, file, line, column, tool, message); every near miss yields none.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load.js";
import { runCensus } from "../src/project/census.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures");

interface Expected {
  findings: { rule: string; file: string; line: number; column: number; tool: string | null; message: string }[];
}

function cases(kind: "red" | "near-miss"): [string, string][] {
  const out: [string, string][] = [];
  const base = path.join(root, kind);
  for (const rule of readdirSync(base)) {
    const ruleDir = path.join(base, rule);
    if (!existsSync(ruleDir) || rule.endsWith(".md")) continue;
    for (const name of readdirSync(ruleDir)) out.push([`${rule}/${name}`, path.join(ruleDir, name)]);
  }
  return out.sort();
}

function census(dir: string) {
  const result = runCensus(loadConfig({ dir }));
  return result.report.findings.map(({ rule, file, line, column, tool, message }) => ({ rule, file, line, column, tool, message }));
}

describe("red fixtures: exactly the expected findings", () => {
  it.each(cases("red"))("%s", (_name, dir) => {
    const expected = JSON.parse(readFileSync(path.join(dir, "expected.json"), "utf8")) as Expected;
    expect(expected.findings.length).toBeGreaterThan(0);
    expect(census(dir)).toEqual(expected.findings);
  });
});

describe("near-miss fixtures: no finding", () => {
  it.each(cases("near-miss"))("%s", (_name, dir) => {
    const expected = JSON.parse(readFileSync(path.join(dir, "expected.json"), "utf8")) as Expected;
    expect(expected.findings).toEqual([]);
    expect(census(dir)).toEqual([]);
  });
});
