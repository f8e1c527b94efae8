// Shared setup of the rule tests: the RuleTester run by vitest, fixture files as test cases, editor buffers, and spans.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as tsParser from "@typescript-eslint/parser";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { TSESLint } from "@typescript-eslint/utils";
import { afterAll, describe, expect, it } from "vitest";
import { findConfigFile, sessionFor } from "../../src/session.js";

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** The tester every rule test runs on: typescript-eslint's parser, no type information (the rules need none). */
export const ruleTester = new RuleTester();

/** The project's fixtures folder, computed so that no machine's absolute path is written into the tests. */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");

/** The absolute path of a file under fixtures/, given with `/` separators ("red/floor/above-count/src/helpers.ts"). */
export function fixture(relative: string): string {
  return path.join(FIXTURES, ...relative.split("/"));
}

/** The text of a fixture file as it is on disk. */
export function diskText(relative: string): string {
  return readFileSync(fixture(relative), "utf8");
}

/** A fixture file as a test case: its real path as `filename` (so the rule finds its config) and its disk text as `code`. */
export function onDisk(relative: string): { filename: string; code: string } {
  return { filename: fixture(relative), code: diskText(relative) };
}

/**
 * A fixture file linted with an edited text, as an editor lints an unsaved buffer: the disk stays as it is, the rule
 * lints `code`. Afterwards the buffer is closed (the session is given the disk's text again), so that the next case
 * sees the monitor as it is on disk whatever this case left behind (its buffer, or a suggestion's output).
 */
export function inBuffer(relative: string, change: (text: string) => string): { filename: string; code: string; after: () => void } {
  const code = change(diskText(relative));
  if (code === diskText(relative)) throw new Error(`inBuffer: the change leaves ${relative} as it is on disk`);
  return { filename: fixture(relative), code, after: () => closeBuffer(relative) };
}

/**
 * Hooks that keep another file of the monitor open in an editor with `text` while the case lints its own file: the
 * project-wide facts (counts, floors, the roster, producers) must come from that buffer, not from the disk.
 */
export function withOtherBuffer(relative: string, text: string): { before: () => void; after: () => void } {
  return {
    before: () => {
      const file = fixture(relative);
      sessionFor(configOf(file)).findingsFor(file, text);
    },
    after: () => closeBuffer(relative),
  };
}

/** The editor reverts a file: the session is given the disk's text for it again. */
export function closeBuffer(relative: string): void {
  const file = fixture(relative);
  sessionFor(configOf(file)).findingsFor(file, readFileSync(file, "utf8"));
}

function configOf(file: string): string {
  const config = findConfigFile(file);
  if (config === undefined) throw new Error(`no payload-census.config.json above ${file}`);
  return config;
}

/** `text` with `from` replaced by `to`; `from` must occur exactly once, so that an edit cannot silently miss or spread. */
export function edit(text: string, from: string, to: string): string {
  const first = text.indexOf(from);
  if (first === -1) throw new Error(`edit: ${JSON.stringify(from)} does not occur in the text`);
  if (text.indexOf(from, first + 1) !== -1) throw new Error(`edit: ${JSON.stringify(from)} occurs more than once in the text`);
  return text.slice(0, first) + to + text.slice(first + from.length);
}

export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * The span of `snippet` (ESLint's 1-based lines and columns, end exclusive), which must start at `line`:`column` of
 * `code`: each expected location names the text it covers, and fails loudly when the code has moved.
 */
export function at(code: string, line: number, column: number, snippet: string): Span {
  const lines = code.split("\n");
  if (line < 1 || line > lines.length) throw new Error(`at: line ${line} is not in the code (${lines.length} lines)`);
  const offset = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  const found = code.slice(offset, offset + snippet.length);
  if (found !== snippet) {
    const elsewhere = code.indexOf(snippet);
    const where = elsewhere === -1 ? "nowhere in the code" : `at ${positionOf(code, elsewhere)}`;
    throw new Error(`at: ${line}:${column} holds ${JSON.stringify(found)}, not ${JSON.stringify(snippet)} (which is ${where})`);
  }
  const snippetLines = snippet.split("\n");
  const last = snippetLines[snippetLines.length - 1]!;
  return snippetLines.length === 1
    ? { line, column, endLine: line, endColumn: column + snippet.length }
    : { line, column, endLine: line + snippetLines.length - 1, endColumn: last.length + 1 };
}

function positionOf(code: string, offset: number): string {
  const before = code.slice(0, offset).split("\n");
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

/**
 * Where ESLint shows a finding whose home it cannot lint (the config file, the roster): the first character of the
 * SKU's helpers module. The finding has no span, so the adapter reports its start as its end and ESLint's end is 1:1.
 */
export const FIRST_CHARACTER: Span = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/** Lints `code` as `filename` with one rule of the plugin (and its options), outside the RuleTester. */
export function lintWith(
  ruleId: string,
  rule: TSESLint.RuleModule<string, readonly unknown[]>,
  options: readonly unknown[],
  code: string,
  filename: string,
): TSESLint.Linter.LintMessage[] {
  const linter = new TSESLint.Linter({ configType: "flat", cwd: path.parse(filename).root });
  return linter.verify(
    code,
    [
      {
        files: ["**"],
        languageOptions: { parser: tsParser as TSESLint.FlatConfig.Parser },
        plugins: { "payload-census": { rules: { [ruleId]: rule } } },
        rules: { [`payload-census/${ruleId}`]: ["error", ...options] as TSESLint.FlatConfig.RuleEntry },
      },
    ],
    filename,
  );
}

/**
 * The rule's options schema, shared by every rule: `{ config?: string }` and nothing else. ESLint validates options
 * before any rule runs, so a wrong option is an error thrown by the linter, not a reported problem.
 */
export function describeOptionsSchema(ruleId: string, rule: TSESLint.RuleModule<string, readonly unknown[]>): void {
  const clean = onDisk("monitor/full/src/mcp/helpers.ts");
  describe(`${ruleId} options schema`, () => {
    it("rejects an unknown key, naming it", () => {
      expect(() => lintWith(ruleId, rule, [{ configFile: "payload-census.config.json" }], clean.code, clean.filename)).toThrow(
        /should NOT have additional properties\.\s+Unexpected property "configFile"\. Expected properties: "config"/,
      );
    });
    it("rejects a config that is not a string", () => {
      expect(() => lintWith(ruleId, rule, [{ config: 42 }], clean.code, clean.filename)).toThrow(/Value 42 should be string/);
    });
    it("rejects an option that is not an object", () => {
      expect(() => lintWith(ruleId, rule, ["payload-census.config.json"], clean.code, clean.filename)).toThrow(/should be object/);
    });
    it("rejects a second option", () => {
      expect(() => lintWith(ruleId, rule, [{}, {}], clean.code, clean.filename)).toThrow(/should NOT have more than 1 items/);
    });
    it("accepts no option and an empty object", () => {
      expect(lintWith(ruleId, rule, [], clean.code, clean.filename)).toEqual([]);
      expect(lintWith(ruleId, rule, [{}], clean.code, clean.filename)).toEqual([]);
    });
  });
}
