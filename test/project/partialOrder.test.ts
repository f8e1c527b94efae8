// A shard's slice and its partial report, whatever order the files come in: the slice is taken from the sorted list,
// and the partial report lists the facts of the files the shard read sorted by path, so that two runs reading them in
// another order write the same partial.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf, FactStore } from "../../src/project/factStore.js";
import { configuredFiles } from "../../src/project/prefetch.js";
import { partialReport, sliceOf } from "../../src/project/partial.js";

const monitor = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures", "monitor");

describe("sliceOf", () => {
  it("takes every N-th file of the sorted list, from the I-th on, whatever order it is given", () => {
    expect(sliceOf(["d", "b", "a", "c", "e"], { index: 1, count: 2 })).toEqual(["a", "c", "e"]);
    expect(sliceOf(["d", "b", "a", "c", "e"], { index: 2, count: 2 })).toEqual(["b", "d"]);
    expect(sliceOf(["b", "a"], { index: 1, count: 1 })).toEqual(["a", "b"]);
  });
});

describe("partialReport", () => {
  it("lists the files a store read sorted by path, read in any order", () => {
    const config = loadConfig({ dir: monitor });
    const files = configuredFiles(config).slice(0, 6);
    const reports = [files, [...files].reverse()].map((order) => {
      const store = new FactStore(extractOptionsOf(config), { extract: extractFileFacts });
      for (const file of order) store.get(file);
      return partialReport(config, store, { index: 1, count: 1 }, "0", "key", config.dir);
    });
    const listed = reports[1]!.files.map((f) => f.file);
    expect(listed).toEqual([...listed].sort());
    expect(listed).toHaveLength(6);
    expect(JSON.stringify(reports[1])).toBe(JSON.stringify(reports[0]));
  });
});
