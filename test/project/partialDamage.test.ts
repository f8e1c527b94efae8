// merge's reading of partial reports, field by field: a partial missing any field, or holding one of the wrong kind,
// is a damaged partial report (exit 2 in merge), never a census; seeds are the facts by absolute path.
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../../src/config/types.js";
import { emptyFacts } from "../../src/facts/fileIndex.js";
import { PARTIAL_FORMAT, readPartials, seedsOf } from "../../src/project/partial.js";

const VERSION = "1.2.3";

function partial(overrides: Record<string, unknown> = {}, index = 1, count = 1): Record<string, unknown> {
  return {
    partial: PARTIAL_FORMAT,
    version: VERSION,
    key: "k",
    shard: { index, count },
    config: "payload-census.config.json",
    files: [{ file: "src/a.ts", content: "c", facts: emptyFacts() }],
    ...overrides,
  };
}

const read = (value: unknown) => () => readPartials([{ name: "p.json", text: JSON.stringify(value) }], VERSION);

describe("a partial report is read whole or refused", () => {
  it("a well-formed one is read", () => {
    expect(read(partial())()).toEqual([partial()]);
  });

  it("JSON that is no object, or another format, is not a partial report", () => {
    for (const value of [null, 3, "text", [], { ...partial(), partial: "other/1" }]) {
      expect(read(value)).toThrow("p.json is not a partial report: give the files written by payload-census check --shard I/N --output FILE");
    }
  });

  it("each field missing or of the wrong kind is damage", () => {
    const damaged = [
      { key: 1 },
      { key: undefined },
      { config: null },
      { shard: null },
      { shard: "1/1" },
      { shard: { index: 1.5, count: 2 } },
      { shard: { index: 1, count: "2" } },
      { shard: { index: 0, count: 1 } },
      { shard: { index: 2, count: 1 } },
      { files: {} },
      { files: [null] },
      { files: ["src/a.ts"] },
      { files: [{ file: 1, content: "c", facts: emptyFacts() }] },
      { files: [{ file: "src/a.ts", content: 1, facts: emptyFacts() }] },
      { files: [{ file: "src/a.ts", content: "c", facts: { tools: [] } }] },
    ];
    for (const overrides of damaged) {
      expect(read(partial(overrides)), JSON.stringify(overrides)).toThrow("p.json is a damaged partial report: write it again with payload-census check --shard I/N");
    }
  });

  it("another version's partial names both versions", () => {
    expect(read(partial({ version: "0.9.0" }))).toThrow("p.json was written by payload-census 0.9.0 and this is 1.2.3");
  });
});

describe("the partials of one run", () => {
  const both = (second: Record<string, unknown>) => () =>
    readPartials(
      [
        { name: "one.json", text: JSON.stringify(partial({}, 1, 2)) },
        { name: "two.json", text: JSON.stringify({ ...partial({}, 2, 2), ...second }) },
      ],
      VERSION,
    );

  it("two shards of one census are read together", () => {
    expect(both({})()).toHaveLength(2);
  });

  it("another key or another config is another census", () => {
    const refused = "two.json and one.json come from different censuses (another config or another build of payload-census)";
    expect(both({ key: "other" })).toThrow(refused);
    expect(both({ config: "other/payload-census.config.json" })).toThrow(refused);
  });

  it("another shard count, a missing shard and a shard given twice are refused", () => {
    expect(both({ shard: { index: 2, count: 3 } })).toThrow("two.json is shard 2/3 but one.json is 1/2");
    expect(() => readPartials([{ name: "one.json", text: JSON.stringify(partial({}, 1, 2)) }], VERSION)).toThrow("shard 2/2 is missing");
    expect(both({ shard: { index: 1, count: 2 } })).toThrow("shard 1/2 is given 2 times");
  });
});

describe("seedsOf", () => {
  it("keys each partial's facts by their absolute path under the config's folder", () => {
    const dir = path.resolve("/monitor");
    const config = { dir } as ResolvedConfig;
    const seeds = seedsOf([partial() as never, partial({ files: [{ file: "src/b.ts", content: "d", facts: emptyFacts() }] }, 2, 2) as never], config);
    expect([...seeds.keys()]).toEqual([path.join(dir, "src", "a.ts"), path.join(dir, "src", "b.ts")]);
    expect(seeds.get(path.join(dir, "src", "b.ts"))!.content).toBe("d");
  });
});
