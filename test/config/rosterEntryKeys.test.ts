// A roster entry as loaded holds only the keys its file writes: no `count` or `note` key when the entry has none
// (the roster writer and the reports copy entries as they are).
import { expect, it } from "vitest";
import { loadConfig, loadRoster } from "../../src/config/load.js";
import { tempTree } from "./tempTree.js";

it("an entry without a count or a note has no such key; one with them has both", () => {
  const sku = { name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/server.ts"] };
  const entries = [
    { file: "src/server.ts", tool: "a", sentence: "A." },
    { file: "src/server.ts", tool: "b", sentence: "B.", count: 2, note: "Two of them." },
  ];
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [sku], roster: "roster.json" }),
    "roster.json": JSON.stringify({ schemaVersion: 1, entries }),
    "src/helpers.ts": "",
    "src/server.ts": "",
  });
  const roster = loadRoster(loadConfig({ dir }));
  expect(roster.entries.map((e) => Object.keys(e))).toEqual([
    ["file", "tool", "sentence", "line", "column"],
    ["file", "tool", "sentence", "count", "note", "line", "column"],
  ]);
});
