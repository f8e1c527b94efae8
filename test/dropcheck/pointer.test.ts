// compareRevisions leaves the pointer out of a description's sentences, each of its sentences when it has several:
// dropping or keeping the pointer is never a lost sentence.
import { describe, expect, it } from "vitest";
import { compareRevisions } from "../../census/dropcheck/compare.js";

const row = (head: string) => ({ sku: "full", tool: "get_stats", file: "src/tools/stats.ts", head, tail: null });

describe("the pointer is no content", () => {
  it("a pointer of one sentence, dropped from the head", () => {
    const pointer = "Read the guide first.";
    const [drop] = compareRevisions({ served: [row(`Counts waits. ${pointer}`)], pointer }, { served: [row("Counts waits.")], pointer });
    expect(drop).toMatchObject({ status: "present", sentences: 1, missing: [] });
  });

  it("a pointer of two sentences, dropped from the head: neither counts", () => {
    const pointer = "Read the guide first. It lists every tool.";
    const [drop] = compareRevisions({ served: [row(`Counts waits. ${pointer}`)], pointer }, { served: [row("Counts waits.")], pointer });
    expect(drop).toMatchObject({ status: "present", sentences: 1, missing: [] });
  });

  it("a content sentence dropped beside the pointer is still missing", () => {
    const pointer = "Read the guide first. It lists every tool.";
    const [drop] = compareRevisions(
      { served: [row(`Counts waits. Groups them by hour. ${pointer}`)], pointer },
      { served: [row(`Counts waits. ${pointer}`)], pointer },
    );
    expect(drop).toMatchObject({ status: "present", sentences: 2, missing: ["Groups them by hour."] });
  });
});
