// A count read by its dotted path (the floors' `count` names), on paths that go past a number or past the counts, and
// the names the errors a user can fix are printed with.
import { describe, expect, it } from "vitest";
import { ConfigError, PartialCensusError, UsageError, UserError } from "../src/errors.js";
import { countAt, countPaths, emptyCounts } from "../src/model.js";

describe("countAt", () => {
  const counts = emptyCounts();
  counts.tools = 7;

  it("reads every count countPaths names", () => {
    for (const p of countPaths(counts)) expect(countAt(counts, p), p).toBeTypeOf("number");
    expect(countAt(counts, "tools")).toBe(7);
  });

  it.each([["tools.more"], ["nothing"], ["nothing.more"], ["passThroughs"]])("has no count at %s", (p) => {
    expect(countAt(counts, p)).toBeUndefined();
  });
});

describe("the errors a user can fix", () => {
  it.each([
    [new UserError("x"), "UserError"],
    [new ConfigError("x"), "ConfigError"],
    [new UsageError("x"), "UsageError"],
    [new PartialCensusError("x"), "PartialCensusError"],
  ])("%s is named %s", (error, name) => {
    expect(error.name).toBe(name);
    expect(String(error)).toBe(`${name}: x`);
  });
});
