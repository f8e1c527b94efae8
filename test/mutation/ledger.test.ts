import { describe, expect, it } from "vitest";
import { LEDGER_HEADING, unreviewed } from "./merge.mjs";

type Kept = { file: string; line: number; column: number; mutator: string; status: string };
const report = (mutants: Kept[]) => {
  const files: Record<string, { mutants: object[] }> = {};
  mutants.forEach(({ file, line, column, mutator, status }, i) => {
    (files[file] ??= { mutants: [] }).mutants.push({
      id: String(i),
      mutatorName: mutator,
      status,
      location: { start: { line, column }, end: { line, column: column + 1 } },
    });
  });
  return { files };
};
const docs = (ledger: string) => `# Mutation testing\n\n## Before\n\n- \`5:1\` ConditionalExpression: not the ledger.\n\n${LEDGER_HEADING} at abc1234\n\n${ledger}\n## After\n\n### \`src/a.ts\`\n\n- \`9:9\` StringLiteral: after the ledger.\n`;

describe("the ledger of surviving mutants (npm run mutation -- survivors)", () => {
  it("says when docs/mutation.md has no ledger", () => {
    expect(unreviewed(report([]), "# Mutation testing\n")).toEqual({ found: false, unlisted: [], stale: [] });
  });

  it("finds each survivor by file, position and mutator, and only under its own file's heading", () => {
    const kept = report([
      { file: "src/a.ts", line: 3, column: 7, mutator: "ConditionalExpression", status: "Survived" },
      { file: "src/a.ts", line: 3, column: 7, mutator: "EqualityOperator", status: "NoCoverage" },
      { file: "src/a.ts", line: 4, column: 2, mutator: "StringLiteral", status: "Survived" },
      { file: "src/b.ts", line: 4, column: 2, mutator: "StringLiteral", status: "Survived" },
      { file: "src/b.ts", line: 8, column: 1, mutator: "BlockStatement", status: "Killed" },
      { file: "src/b.ts", line: 9, column: 9, mutator: "StringLiteral", status: "Ignored" },
    ]);
    const ledger = [
      "### `src/a.ts`",
      "",
      "- `3:7` ConditionalExpression, EqualityOperator: equivalent: the branch is taken either way.",
      "- `4:2` StringLiteral: equivalent: the text is never shown.",
      "",
      "### `src/b.ts`",
      "",
      "- `4:2` ConditionalExpression: equivalent: another mutator at that place.",
      "",
    ].join("\n");
    expect(unreviewed(kept, docs(ledger))).toEqual({ found: true, unlisted: ["src/b.ts 4:2 StringLiteral"], stale: [] });
  });

  it("reads an entry wrapped over several lines as one, and several positions on one entry", () => {
    const kept = report([
      { file: "src/a.ts", line: 12, column: 5, mutator: "ArithmeticOperator", status: "Survived" },
      { file: "src/a.ts", line: 13, column: 6, mutator: "ArithmeticOperator", status: "Survived" },
    ]);
    const ledger = "### `src/a.ts`\n\n- `12:5`, `13:6` (the bound's arithmetic, both\n  ArithmeticOperator): equivalent: one more step is never taken.\n";
    expect(unreviewed(kept, docs(ledger))).toEqual({ found: true, unlisted: [], stale: [] });
  });

  it("does not count a position named outside the ledger, nor a mutator that only starts like the one named", () => {
    const kept = report([
      { file: "src/a.ts", line: 5, column: 1, mutator: "ConditionalExpression", status: "Survived" },
      { file: "src/a.ts", line: 9, column: 9, mutator: "StringLiteral", status: "Survived" },
      { file: "src/a.ts", line: 2, column: 2, mutator: "Regex", status: "Survived" },
    ]);
    const ledger = "### `src/a.ts`\n\n- `2:2` RegexFlags: not this mutator.\n";
    expect(unreviewed(kept, docs(ledger)).unlisted).toEqual(["src/a.ts 2:2 Regex", "src/a.ts 5:1 ConditionalExpression", "src/a.ts 9:9 StringLiteral"]);
  });

  it("names the entries no surviving mutant holds: killed since, or moved", () => {
    const kept = report([
      { file: "src/a.ts", line: 3, column: 7, mutator: "ConditionalExpression", status: "Killed" },
      { file: "src/a.ts", line: 4, column: 2, mutator: "StringLiteral", status: "Survived" },
    ]);
    const ledger = "### `src/a.ts`\n\n- `3:7` ConditionalExpression: killed by `test/a.test.ts`.\n- `4:2` StringLiteral: equivalent.\n\n### `src/gone.ts`\n\n- `1:1` StringLiteral: equivalent.\n";
    expect(unreviewed(kept, docs(ledger))).toEqual({ found: true, unlisted: [], stale: ["src/a.ts 3:7", "src/gone.ts 1:1"] });
  });
});
