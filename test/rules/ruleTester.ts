// Shared setup of the rule tests: the RuleTester wired to vitest, and helpers to read fixture monitors and locate spans in them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { afterAll, describe, it } from "vitest";

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** The tester every rule test runs on: typescript-eslint's parser, no type information (the rules need none). */
export const ruleTester = new RuleTester();

/** The project's fixtures folder (computed, so that no machine's absolute path is written into the tests). */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");

/** The absolute path of a file under fixtures/ (segments joined with `/`, e.g. "red/floor/above-count/src/helpers.ts"). */
export function fixture(relative: string): string {
  return path.join(FIXTURES, ...relative.split("/"));
}

/** A fixture file as a test case's `filename` and `code`: its real text, linted in place. */
export function onDisk(relative: string): { filename: string; code: string } {
  const filename = fixture(relative);
  return { filename, code: readFileSync(filename, "utf8") };
}

/** `text` with `from` replaced by `to`; `from` must occur exactly once, so that an edit cannot silently miss. */
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
 * The span (ESLint's 1-based lines and columns, end exclusive) of `snippet`, which must start at `line`:`column` of
 * `code`: the expected location names the text it covers, and fails loudly if the code has moved.
 */
export function at(code: string, line: number, column: number, snippet: string): Span {
  const lines = code.split("\n");
  const text = lines[line - 1];
  if (text === undefined) throw new Error(`at: line ${line} is past the end of the code`);
  const offset = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  const found = code.slice(offset, offset + snippet.length);
  if (found !== snippet) throw new Error(`at: ${line}:${column} holds ${JSON.stringify(found)}, not ${JSON.stringify(snippet)}`);
  const snippetLines = snippet.split("\n");
  const last = snippetLines[snippetLines.length - 1]!;
  return snippetLines.length === 1
    ? { line, column, endLine: line, endColumn: column + snippet.length }
    : { line, column, endLine: line + snippetLines.length - 1, endColumn: last.length + 1 };
}

/**
 * Where ESLint reports a finding whose home it cannot lint (the config, the roster): the helpers module's first
 * character, an empty span (the adapter reports start and end alike, so ESLint's end is the start).
 */
export const FIRST_CHARACTER: Span = { line: 1, column: 1, endLine: 1, endColumn: 1 };
