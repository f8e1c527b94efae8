// A new revision whose tool has no tail keeps only its head's sentences: whatever a dropped sentence says (a question,
// an exclamation, a sentence that reads like a placeholder), it is missing, with nothing read in place of the tail.
import { describe, expect, it } from "vitest";
import { compareRevisions } from "../../census/dropcheck/compare.js";

const row = (head: string, tail: string | null) => ({ sku: "full", tool: "get_stats", file: "src/tools/stats.ts", head, tail });

describe("a tool without a tail in the new revision", () => {
  it.each(["Groups them by hour.", "Is the hour local?", "Stryker was here!", "Returns at most 50 rows."])(
    "%s, dropped from the old tail, is missing",
    (sentence) => {
      const [drop] = compareRevisions(
        { served: [row("Counts waits.", sentence)], pointer: "" },
        { served: [row("Counts waits.", null)], pointer: "" },
      );
      expect(drop).toMatchObject({ status: "present", sentences: 2, missing: [sentence] });
    },
  );

  it.each(["Groups them by hour.", "Stryker was here!"])("%s, dropped from the old head, is missing", (sentence) => {
    const [drop] = compareRevisions(
      { served: [row(`Counts waits. ${sentence}`, null)], pointer: "" },
      { served: [row("Counts waits.", null)], pointer: "" },
    );
    expect(drop).toMatchObject({ status: "present", sentences: 2, missing: [sentence] });
  });
});
