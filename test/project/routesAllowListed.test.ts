// The routes of a tool that answers through an allow-listed callee (contract.allow): each call of it is a site of the
// word it is called with, as a call of the builder is, plainly and as a member of the helpers' namespace.
import path from "node:path";
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { traceRoutes } from "../../src/project/traceRoutes.js";

const dir = path.join(import.meta.dirname, "..", "..", "fixtures", "near-miss", "hand-built-status", "allow-listed-outcome");

it("each call of an allow-listed callee is a site of the word it is called with", () => {
  const [definition] = traceRoutes(loadConfig({ dir }), "purge_plan_cache").definitions;
  expect(definition!.sites.map((s) => ({ word: s.word, line: s.line, what: s.what }))).toEqual([
    { word: "invalid", line: 12, what: "the pass-through `if (topError != null) return topError;`" },
    { word: "invalid", line: 14, what: 'outcome("invalid", …)' },
    { word: "invalid", line: 15, what: 'outcome("invalid", …)' },
    { word: "no_data", line: 16, what: 'outcome("no_data", …)' },
  ]);
});
