// A broken config seen from ESLint: one message per linted file at 1:1, from one payload-census rule, naming the file,
// the JSON path and what is wrong; ESLint and its other rules carry on, and the next lint after the fix works again.
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { TSESLint } from "@typescript-eslint/utils";
import { ESLint, type Linter } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import plugin from "../../rules/index.js";
import parseError from "../../rules/parse-error.js";
import { RULE_IDS } from "../../src/model.js";
import { MESSAGES, SHARED_MESSAGES } from "../../src/project/messages.js";
import { sessionFor } from "../../src/session.js";
import { FIRST_CHARACTER, fixture, lintWith, onDisk, ruleTester } from "./ruleTester.js";

const BROKEN = "rules/config-broken";
const HELPERS = onDisk(`${BROKEN}/src/helpers.ts`);
const TOP = onDisk(`${BROKEN}/src/tools/top.ts`);
const RESOLVER = onDisk(`${BROKEN}/src/resolver.ts`);

/** A file under fixtures/ as the config error names it: relative to the working directory (the project's root). */
const shown = (relative: string) => `fixtures/${relative}`;

/** The configError message's data for a config file of the broken monitor, with its one problem. */
function oneProblem(config: string, place: string, problem: string): { file: string; error: string } {
  const file = shown(`${BROKEN}/${config}`);
  return { file, error: `Invalid config ${file} (1 problem): ${file}:${place}  ${problem}` };
}

const SYNTAX = oneProblem("payload-census.config.json", "6:7", "skus[0].root: invalid JSON: expected ','");
const UNKNOWN_KEY = oneProblem(
  "unknown-key.json",
  "13:7",
  'skus[0].toolz: unknown key "toolz" (did you mean "tools"?); allowed keys: name, root, helpers, producers, tools, guide, instructions',
);
const WRONG_TYPE = oneProblem("wrong-type.json", "15:15", 'floors["passThroughs.total"]: expected integer, got string "2"');
const NO_TOOLS = oneProblem(
  "tools-match-nothing.json",
  "12:17",
  `skus[0].tools[0]: glob "src/tool/*.ts" matches no file under the SKU's root ${shown(BROKEN)} (node_modules and .d.ts files never match)`,
);
const MISSING = {
  file: shown(`${BROKEN}/missing.json`),
  error: `Config file not found: ${shown(`${BROKEN}/missing.json`)} (payload-census reads payload-census.config.json in the monitor's root, or the file given by --config)`,
};

const configError = (data: { file: string; error: string }) => ({ messageId: "configError" as const, data, ...FIRST_CHARACTER });

ruleTester.run("parse-error (a broken config)", parseError, {
  valid: [
    // a file with no config above it: no monitor, so no config to be broken
    { name: "no config: the sibling census folder's monitor, without the option", ...onDisk("rules/config-beside/monitor/src/tools/top.ts") },
    // the option names a good config: the broken one above the file is not read
    { name: "option: a good config wins over the broken one above the file", ...HELPERS, options: [{ config: fixture("rules/jsx-tool/payload-census.config.json") }] },
  ],
  invalid: [
    // the nearest config above the file does not parse
    { name: "syntax error: the helpers module", ...HELPERS, errors: [configError(SYNTAX)] },
    // every linted file of the monitor gets the message, tool files and others alike
    { name: "syntax error: a tool file", ...TOP, errors: [configError(SYNTAX)] },
    { name: "syntax error: a producer module", ...RESOLVER, errors: [configError(SYNTAX)] },
    // an unknown key, named by its JSON path
    { name: "unknown key: skus[0].toolz", ...TOP, options: [{ config: fixture(`${BROKEN}/unknown-key.json`) }], errors: [configError(UNKNOWN_KEY)] },
    // a value of the wrong type, named by its JSON path
    { name: "wrong type: a floor that is a string", ...HELPERS, options: [{ config: fixture(`${BROKEN}/wrong-type.json`) }], errors: [configError(WRONG_TYPE)] },
    // a tools glob that matches nothing, through the shared setting
    {
      name: "tools glob matches nothing: named by the setting",
      ...HELPERS,
      settings: { "payload-census": { config: fixture(`${BROKEN}/tools-match-nothing.json`) } },
      errors: [configError(NO_TOOLS)],
    },
    // the option names a config that is not there
    { name: "missing config file", ...TOP, options: [{ config: fixture(`${BROKEN}/missing.json`) }], errors: [configError(MISSING)] },
  ],
});

/** Lints `code` as `filename` with the recommended config (every rule), or with the given rules only. */
function lintRecommended(code: string, filename: string, only?: readonly string[]): TSESLint.Linter.LintMessage[] {
  const linter = new TSESLint.Linter({ configType: "flat", cwd: path.parse(filename).root });
  const rules = only ? Object.fromEntries(only.map((id) => [`payload-census/${id}`, "error" as const])) : plugin.configs.recommended.rules;
  return linter.verify(code, [{ ...plugin.configs.recommended, files: ["**"], languageOptions: { parser: tsParser as TSESLint.FlatConfig.Parser }, rules }], filename);
}

const syntaxMessage = `No payload-census rule can check this file until ${SYNTAX.file} is fixed: ${SYNTAX.error}`;

describe("one message per file, from one rule", () => {
  it.each(RULE_IDS.map((id) => [id]))("%s alone reports the broken config", (id) => {
    const messages = lintWith(id, plugin.rules[id], [], HELPERS.code, HELPERS.filename);
    expect(messages.map((m) => [m.ruleId, m.messageId, m.line, m.column, m.message])).toEqual([[`payload-census/${id}`, "configError", 1, 1, syntaxMessage]]);
  });

  it("configs.recommended: one message, not one per rule, from parse-error", () => {
    const messages = lintRecommended(TOP.code, TOP.filename);
    expect(messages.map((m) => [m.ruleId, m.messageId, m.line, m.column, m.endLine, m.endColumn, m.message])).toEqual([
      ["payload-census/parse-error", "configError", 1, 1, 1, 1, syntaxMessage],
    ]);
  });

  it("without parse-error: the first rule that is on, in the order of the rule ids", () => {
    const on = ["tool-discovery", "floor", "hand-built-status"];
    expect(lintRecommended(TOP.code, TOP.filename, on).map((m) => m.ruleId)).toEqual(["payload-census/hand-built-status"]);
  });

  it("each lint of the same file gets its message again", () => {
    expect(lintRecommended(TOP.code, TOP.filename)).toHaveLength(1);
    expect(lintRecommended(TOP.code, TOP.filename)).toHaveLength(1);
  });

  it("every rule declares the shared message beside its own, with no id of its own in its way", () => {
    for (const id of RULE_IDS) {
      expect(plugin.rules[id].meta.messages).toMatchObject(SHARED_MESSAGES);
      for (const shared of Object.keys(SHARED_MESSAGES)) expect(Object.keys(MESSAGES[id]), id).not.toContain(shared);
    }
  });
});

// A monitor of its own in a temporary folder: its config is broken and fixed on disk, as a user would.
const scratch = mkdtempSync(path.join(tmpdir(), "payload-census-config-error-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A fresh copy of the broken monitor with a good config (the floor one above the count, so that it has a finding). */
function monitor(name: string): { dir: string; config: string; good: string } {
  const dir = path.join(scratch, name);
  cpSync(fixture(`${BROKEN}/src`), path.join(dir, "src"), { recursive: true });
  const config = path.join(dir, "payload-census.config.json");
  const good = readFileSync(fixture(`${BROKEN}/wrong-type.json`), "utf8").replace('"passThroughs.total": "2"', '"passThroughs.total": 3');
  writeFileSync(config, good);
  return { dir, config, good };
}

/** Writes `text` to `file` and moves its time on, so that a coarse file-system clock cannot hide the change. */
function rewrite(file: string, text: string): void {
  writeFileSync(file, text);
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
}

describe("the session notices the fix", () => {
  it("a config broken and then fixed on disk: the next lint works again", () => {
    const { dir, config, good } = monitor("fixed");
    // The rules ask for the process's session of this config; made first here, it checks the disk on every lint.
    sessionFor(config, { revalidateMs: 0 });
    const helpers = path.join(dir, "src", "helpers.ts");
    const code = readFileSync(helpers, "utf8");
    const lint = () => lintRecommended(code, helpers).map((m) => [m.ruleId, m.messageId]);
    const below = [["payload-census/floor", "below"]];
    expect(lint()).toEqual(below);

    rewrite(config, good.replace('"tools": [', '"toolz": ['));
    expect(lint()).toEqual([["payload-census/parse-error", "configError"]]);
    expect(lintRecommended(code, helpers)[0]!.message).toContain('skus[0].toolz: unknown key "toolz"');

    rewrite(config, good);
    expect(lint()).toEqual(below);
  });

  it("a tools glob that matched nothing is fixed by the file it was waiting for", () => {
    const { dir, config, good } = monitor("glob");
    rewrite(config, good.replace('"src/tools/*.ts"', '"src/tools/*.mts"'));
    sessionFor(config, { revalidateMs: 0 });
    const helpers = path.join(dir, "src", "helpers.ts");
    const code = readFileSync(helpers, "utf8");
    expect(lintRecommended(code, helpers).map((m) => m.messageId)).toEqual(["configError"]);
    cpSync(path.join(dir, "src", "tools", "top.ts"), path.join(dir, "src", "tools", "top.mts"));
    rmSync(path.join(dir, "src", "tools", "top.ts"));
    expect(lintRecommended(code, helpers).map((m) => m.messageId)).toEqual(["below"]);
  });
});

describe("an ESLint run over a monitor with a broken config", () => {
  it("does not crash: each linted file has one payload-census message at 1:1, and ESLint's own rules still report", async () => {
    const { dir, config, good } = monitor("eslint");
    rewrite(config, good.replace('"name": "main",', '"name": "main"'));
    const resolver = path.join(dir, "src", "resolver.ts");
    writeFileSync(resolver, `${readFileSync(resolver, "utf8")}\nfunction unused(): void {\n  debugger;\n}\n`);
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      // typescript-eslint's flat-config types and ESLint's own differ in detail; the object is what ESLint expects.
      overrideConfig: [
        { ...plugin.configs.recommended, languageOptions: { parser: tsParser } } as Linter.Config,
        { files: ["**/*.ts"], rules: { "no-unused-vars": "error", "no-debugger": "error" } },
      ],
    });
    const results = await eslint.lintFiles(["**/*.ts"]);
    const byFile = Object.fromEntries(
      results.map((r) => [path.relative(dir, r.filePath).split(path.sep).join("/"), r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`)]),
    );
    expect(byFile).toEqual({
      "src/helpers.ts": ["1:1 payload-census/parse-error"],
      "src/resolver.ts": ["1:1 payload-census/parse-error", "20:10 no-unused-vars", "21:3 no-debugger"],
      "src/tools/top.ts": ["1:1 payload-census/parse-error"],
    });
    const censusMessages = results.flatMap((r) => r.messages.filter((m) => m.ruleId?.startsWith("payload-census/")));
    for (const m of censusMessages) {
      expect(m.message).toMatch(/^No payload-census rule can check this file until .*payload-census\.config\.json is fixed: Invalid config .* skus\[0\]\.root: invalid JSON: expected ','$/);
    }
  });
});
