// The rules read no node of the parser's tree: they parse the file's text with the census's own TypeScript. So their
// findings cannot depend on which TypeScript (and SyntaxKind numbering) typescript-eslint runs with. Shown by linting
// with a parser whose tree is empty: the findings are exactly those of typescript-eslint's parser.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../rules/index.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");

/** A parser that understands nothing: an empty program spanning the text, no tokens, no comments. */
const emptyParser = {
  meta: { name: "empty-tree" },
  parseForESLint(text: string) {
    const lines = text.split(/\r\n|\r|\n/);
    return {
      ast: {
        type: "Program",
        body: [],
        sourceType: "module",
        range: [0, text.length],
        loc: { start: { line: 1, column: 0 }, end: { line: lines.length, column: lines.at(-1)!.length } },
        tokens: [],
        comments: [],
      },
    };
  },
};

function lint(file: string, parser: Linter.Parser): string[] {
  const linter = new Linter({ configType: "flat" });
  const config = { ...plugin.configs.recommended, files: ["**/*.ts"], languageOptions: { parser } } as Linter.Config;
  const text = readFileSync(file, "utf8");
  return linter.verify(text, [config], { filename: file }).map((m) => `${m.ruleId} ${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.message}`);
}

describe("findings do not depend on the parser's tree", () => {
  it.each([
    ["hand-built-status/seed-status-error", "src/tools/top.ts"],
    ["pass-through-producer/local-helper", "src/tools/top.ts"],
    ["bare-sentence-roster/seed-unrostered", "src/tools/plan.ts"],
    ["validator-builds-refusal/returns-bare-string", "src/helpers.ts"],
    ["description-issue-ref/hash-number", "src/tools/waits.ts"],
  ])("%s", (fixture, rel) => {
    const file = path.join(fixtures, "red", fixture, rel);
    const withTypescriptEslint = lint(file, tsParser as Linter.Parser);
    expect(withTypescriptEslint.length).toBeGreaterThan(0);
    expect(lint(file, emptyParser as unknown as Linter.Parser)).toEqual(withTypescriptEslint);
  });
});
