// One core, two front ends: on the reference monitor, every red and near-miss fixture and every shape server, ESLint with the
// recommended config reports exactly the (rule, file, line, column) set the census reports.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import parser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load.js";
import { runCensus } from "../src/project/census.js";
import plugin from "../rules/index.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures");
const LINTABLE = /\.[cm]?[jt]sx?$/;

function monitors(): [string, string][] {
  const out: [string, string][] = [["monitor", path.join(fixtures, "monitor")]];
  for (const kind of ["red", "near-miss"]) {
    for (const rule of readdirSync(path.join(fixtures, kind))) {
      const ruleDir = path.join(fixtures, kind, rule);
      if (rule.endsWith(".md")) continue;
      for (const name of readdirSync(ruleDir)) {
        if (existsSync(path.join(ruleDir, name, "payload-census.config.json"))) out.push([`${kind}/${rule}/${name}`, path.join(ruleDir, name)]);
      }
    }
  }
  // Every tool shape's server: discovery is one core too.
  for (const name of readdirSync(path.join(fixtures, "shapes"))) {
    if (existsSync(path.join(fixtures, "shapes", name, "payload-census.config.json"))) out.push([`shapes/${name}`, path.join(fixtures, "shapes", name)]);
  }
  return out;
}

/** The census's findings as ESLint must see them: a finding homed in a JSON file moves to its SKU's helpers module, 1:1. */
function fromCensus(dir: string): string[] {
  const config = loadConfig({ dir });
  const { findings } = runCensus(config).report;
  return findings
    .map((f) => {
      if (LINTABLE.test(f.file)) return `${f.rule} ${f.file}:${f.line}:${f.column}`;
      const sku = config.skus.find((s) => s.name === f.sku) ?? config.skus[0]!;
      return `${f.rule} ${path.relative(dir, sku.helpers).split(path.sep).join("/")}:1:1`;
    })
    .sort();
}

async function fromEslint(dir: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    // typescript-eslint's flat-config types and ESLint's own differ in detail; the object is what ESLint expects.
    overrideConfig: [{ ...plugin.configs.recommended, languageOptions: { parser } } as Linter.Config],
  });
  const results = await eslint.lintFiles(["**/*.ts"]);
  const out: string[] = [];
  for (const result of results) {
    const file = path.relative(dir, result.filePath).split(path.sep).join("/");
    for (const m of result.messages) {
      if (m.fatal) {
        // ESLint's own parser failed first, so no rule ran on the file. typescript-estree reports the position with a
        // 0-based column; the census's parse-error is 1-based.
        out.push(`parse-error ${file}:${m.line}:${m.column + 1}`);
        continue;
      }
      out.push(`${m.ruleId!.replace(/^payload-census\//, "")} ${file}:${m.line}:${m.column}`);
    }
  }
  return out.sort();
}

describe("ESLint and the census report the same findings", () => {
  it.each(monitors())("%s", async (_name, dir) => {
    const census = fromCensus(dir);
    expect(await fromEslint(dir)).toEqual(census);
  });

  it("the red fixtures are not all empty: the comparison has something to compare", () => {
    const nonEmpty = monitors().filter(([name, dir]) => name.startsWith("red/") && fromCensus(dir).length > 0);
    expect(nonEmpty.length).toBeGreaterThan(60);
  });
});
