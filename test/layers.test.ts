// The layering check of `npm run layers`: the committed dependency-cruiser config fails a tree that breaks a layer, and passes ours.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { compareText } from "../src/model.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const config = path.join(root, ".dependency-cruiser.cjs");
const depcruise = path.join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/**
 * Runs dependency-cruiser over `src census rules` of `dir` (those it has) with the committed config: once as
 * `npm run layers` does, for its exit status, and once for the violations as JSON.
 */
function layers(dir: string): { status: number | null; violations: Violation[] } {
  const folders = ["src", "census", "rules"].filter((f) => existsSync(path.join(dir, f)));
  const cruise = (...flags: string[]) => spawnSync(process.execPath, [depcruise, ...folders, "--config", config, ...flags], { cwd: dir, encoding: "utf8" });
  const { status } = cruise();
  const run = cruise("--output-type", "json");
  if (!run.stdout) throw new Error(`dependency-cruiser printed no report: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  const violations = report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  violations.sort((a, b) => compareText(a.rule, b.rule) || compareText(a.from, b.from));
  return { status, violations };
}

const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary tree with the project's layout: `files` maps relative paths to their text. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "payload-census-layers-"));
  trees.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe("npm run layers", () => {
  it("fails facts importing the project stage, and the core importing the CLI", () => {
    const dir = tree({
      "src/facts/x.ts": 'import { y } from "../project/y.ts";\nexport const x = y;\n',
      "src/project/y.ts": "export const y = 1;\n",
      "census/a.ts": "export const a = 1;\n",
      "src/b.ts": 'import { a } from "../census/a.ts";\nexport const b = a;\n',
    });
    const { status, violations } = layers(dir);
    expect(violations).toEqual([
      { rule: "core-not-to-front-ends", from: "src/b.ts", to: "census/a.ts" },
      { rule: "facts-not-downstream", from: "src/facts/x.ts", to: "src/project/y.ts" },
    ]);
    expect(status).not.toBe(0);
  });

  it("fails each other layer: config, rules, cycles, tests", () => {
    const dir = tree({
      "src/config/c.ts": 'import { f } from "../facts/f.ts";\nexport const c = f;\n',
      "src/facts/f.ts": "export const f = 1;\n",
      "src/one.ts": 'import { two } from "./two.ts";\nexport const one = (): number => two() + 1;\n',
      "src/two.ts": 'import { one } from "./one.ts";\nexport const two = (): number => one() - 1;\n',
      "src/t.ts": 'import { h } from "../test/helper.ts";\nexport const t = h;\n',
      "test/helper.ts": "export const h = 1;\n",
      "census/a.ts": "export const a = 1;\n",
      "rules/r.ts": [
        'import path from "node:path";',
        'import type { Rule } from "@typescript-eslint/utils";',
        'import { a } from "../census/a.ts";',
        'import pad from "left-pad";',
        'import { ESLintUtils } from "@typescript-eslint/utils";',
        'export const r: Rule = { a, pad, ESLintUtils, sep: path.sep };',
        "",
      ].join("\n"),
      "node_modules/left-pad/package.json": '{ "name": "left-pad", "version": "1.0.0", "main": "index.js" }\n',
      "node_modules/left-pad/index.js": "module.exports = () => '';\n",
      "node_modules/@typescript-eslint/utils/package.json":
        '{ "name": "@typescript-eslint/utils", "version": "8.0.0", "exports": { ".": { "types": "./index.d.ts", "default": "./index.js" } } }\n',
      "node_modules/@typescript-eslint/utils/index.d.ts": "export type Rule = object;\nexport declare const ESLintUtils: object;\n",
      "node_modules/@typescript-eslint/utils/index.js": "exports.ESLintUtils = {};\n",
    });
    const { status, violations } = layers(dir);
    expect(violations).toEqual([
      { rule: "config-not-to-facts-or-project", from: "src/config/c.ts", to: "src/facts/f.ts" },
      { rule: "no-circular", from: "src/one.ts", to: "src/two.ts" },
      { rule: "no-source-to-test", from: "src/t.ts", to: "test/helper.ts" },
      { rule: "rules-eslint-utils-types-only", from: "rules/r.ts", to: "node_modules/@typescript-eslint/utils/index.d.ts" },
      { rule: "rules-not-to-census", from: "rules/r.ts", to: "census/a.ts" },
      { rule: "rules-only-core", from: "rules/r.ts", to: "node_modules/left-pad/index.js" },
    ]);
    expect(status).not.toBe(0);
  });

  it("passes the project's own tree", () => {
    const { status, violations } = layers(root);
    expect(violations).toEqual([]);
    expect(status).toBe(0);
  });
});
