// What a build's callee says when the call is allow-listed by name (a method the census cannot follow, an alias of an
// import), and an import called with a word the census cannot see, which is no build of its own.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const base = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
// `legacyStatus` is an allow-listed producer as well as a builder's name.
const options = { ...base, builders: [...base.builders, "legacyStatus"], allowed: [...base.allowed, "legacyStatus"] };

const callees = (lines: string[]) =>
  extractFileFacts("src/tools/t.ts", lines.join("\n"), options).builds.map((b) => ({ line: b.loc.line, callee: b.callee }));

it("an allow-listed method the census cannot follow is a build that says why its callee is unknown", () => {
  expect(callees(['export function f(helpers: any) { return helpers.legacyStatus("error", "Bad."); }'])).toEqual([
    {
      line: 1,
      callee: {
        name: "legacyStatus",
        member: true,
        ref: { k: "unknown", why: "`helpers.legacyStatus` is a method of an object: the census cannot tell which function it is" },
      },
    },
  ]);
});

it("an allow-listed import called under another name keeps the name it is called by", () => {
  expect(callees(['import { legacyStatus as old } from "../legacy.js";', 'export function g() { return old("error", "Bad."); }'])).toEqual([
    { line: 2, callee: { name: "old", member: false, ref: { k: "import", module: "../legacy.js", name: "legacyStatus", local: "old" } } },
  ]);
});

it("an import that is not the builder, called with a word the census cannot see, is no build", () => {
  expect(callees(['import { fmt } from "../format.js";', "export function h(x: string) { return fmt(`${x}`, \"Bad.\"); }"])).toEqual([]);
});
