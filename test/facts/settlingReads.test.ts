// A call whose word the census does not need (an import given one argument, its value used, so that no other reader
// takes its arguments) still has its argument evaluated when that may work out a declaration, so that every later
// evaluation finds it worked out: a chain of local consts deeper than the evaluator follows from cold is read to its end
// once a link halfway is settled. Property reads whose base or key holds such a link are among those arguments:
// `${link}`.length, "ab"[link].length; and a list of the link joined, [link].join("").
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

/** The words of the builds of a file whose function's consts c0…c260 chain to "error", `early` called with one argument first. */
function wordsWith(early: string): unknown[] {
  const lines = ['import { status } from "../helpers.js";', 'import { note } from "../log.js";', "export function f() {", '  const c0 = "error";'];
  for (let i = 1; i <= 260; i++) lines.push(`  const c${i} = c${i - 1};`);
  lines.push(`  ${early};`, `  return status(c260, "Bad.");`, `}`);
  return extractFileFacts("src/tools/t.ts", lines.join("\n"), options).builds.map((b) => b.word);
}

describe("a link of a deep chain settled by a call whose word is not needed", () => {
  it("from cold, the chain is too deep to read", () => {
    expect(wordsWith("const n = note()")).toEqual([expect.objectContaining({ k: "unknown", why: expect.stringMatching(/too deep/) })]);
  });

  it.each([
    ["the link itself", "const n = note(c130)"],
    ["a template of the link, read for a property", "const n = note(`${c130}`.length)"],
    ["a key that is the link, read from a string and then for a property", 'const n = note("ab"[c130].length)'],
    ["a list of the link, joined", 'const n = note([c130].join(""))'],
  ])("%s settles it, and the chain is read to its end", (_name, early) => {
    expect(wordsWith(early)).toEqual([{ k: "str", v: "error" }]);
  });
});
