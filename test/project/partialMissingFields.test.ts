// merge's reading of a partial report whose field is not there at all (as when a hand edit or another tool dropped the
// key): the same refusal as a field of the wrong kind, a damaged partial report (exit 2 in merge), never a crash.
import { describe, expect, it } from "vitest";
import { emptyFacts } from "../../src/facts/fileIndex.js";
import { PARTIAL_FORMAT, readPartials } from "../../src/project/partial.js";

const VERSION = "1.2.3";

const whole = {
  partial: PARTIAL_FORMAT,
  version: VERSION,
  key: "k",
  shard: { index: 1, count: 1 },
  config: "payload-census.config.json",
  files: [{ file: "src/a.ts", content: "c", facts: emptyFacts() }],
};

const without = (key: string): Record<string, unknown> => Object.fromEntries(Object.entries(whole).filter(([k]) => k !== key));

describe("a partial report without one of its fields", () => {
  it.each(["key", "config", "shard", "files"])("without %s is damaged", (key) => {
    const text = JSON.stringify(without(key));
    expect(text).not.toContain(`"${key}"`);
    expect(() => readPartials([{ name: "p.json", text }], VERSION)).toThrow("p.json is a damaged partial report: write it again with payload-census check --shard I/N");
  });

  it("without a shard's index or count is damaged", () => {
    for (const shard of [{ count: 1 }, { index: 1 }]) {
      const text = JSON.stringify({ ...whole, shard });
      expect(() => readPartials([{ name: "p.json", text }], VERSION)).toThrow("p.json is a damaged partial report");
    }
  });

  it("a file entry without its text's hash is damaged", () => {
    const text = JSON.stringify({ ...whole, files: [{ file: "src/a.ts", facts: emptyFacts() }] });
    expect(() => readPartials([{ name: "p.json", text }], VERSION)).toThrow("p.json is a damaged partial report");
  });
});
