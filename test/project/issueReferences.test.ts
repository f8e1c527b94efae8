// The issue references a served description may carry (rule description-issue-ref): each spelling that points at an
// issue no reader of a tool list can follow, and its near misses, which point at nothing.
import { describe, expect, it } from "vitest";
import { issueReferences } from "../../src/project/checks/descriptions.js";

describe("issue references in a served text", () => {
  it.each([
    ["Removed since #1234.", ["#1234"]],
    ["#7 at the start", ["#7"]],
    ["Closes #12", ["#12"]],
    ["(#3) and #45", ["#3", "#45"]],
    ["close#3 closes#4 closed#5", ["close#3", "closes#4", "closed#5"]],
    ["fix#7 fixes#8 fixed#9", ["fix#7", "fixes#8", "fixed#9"]],
    ["resolve#2 resolves#20 resolved#21", ["resolve#2", "resolves#20", "resolved#21"]],
    ["Fixes#6 RESOLVED#7", ["Fixes#6", "RESOLVED#7"]],
    ["See owner/repo#12 and my.org/some-repo#345.", ["owner/repo#12", "my.org/some-repo#345"]],
    ["GH-12, gh-345", ["GH-12", "gh-345"]],
  ])("%j holds %j", (text, refs) => {
    expect(issueReferences(text)).toEqual(refs);
  });

  it.each([
    "C# 12 and F#",
    "# Usage",
    "&#35; is a hash",
    "##12 doubled",
    "a#12 after a word",
    "prefix#7, suffixes#8, unresolved#9, enclosed#10",
    "fixe#7 fixs#8 closer#9 resolvex#10",
    "#12a is no number",
    "GH-x and XGH-12 and repo#",
    "owner/repo#x",
  ])("near miss: %j holds none", (text) => {
    expect(issueReferences(text)).toEqual([]);
  });
});
