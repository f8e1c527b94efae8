// An allow-listed producer is matched by the name it is called by as well as by the name it resolves to (SPEC §2.0):
// `import { outcome as o }` called `o(…)` is allow-listed by `o`, as by `outcome`; a name on neither list is not.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const base = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const calls = (allowed: string[]) =>
  extractFileFacts(
    "src/tools/t.ts",
    ['import { outcome as o } from "../outcome.js";', 'export function f() { return o("invalid", "x"); }'].join("\n"),
    { ...base, allowed: [...base.allowed, ...allowed] },
  ).builds.map((b) => `${b.k} ${b.callee?.name ?? ""}`);

it("an import called by its alias is allow-listed by the alias, as by its own name", () => {
  // Allow-listed, the call is the producer's, under the name it is called by; else a call of the import passing a word.
  expect(calls(["o"])).toEqual(["call o"]);
  expect(calls(["outcome"])).toEqual(["call o"]);
  expect(calls([])).toEqual(["call outcome"]);
});
