// The pass-through counts add up: every guarded pass-through counted in the total is counted once more, either under
// the category of the producer it passes on (resolver, validator, gate), as carried, or as unshared. Checked over every
// pass-through fixture, red and near miss, and the reference monitor.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");

const monitors: [string, string][] = [
  ["monitor", path.join(fixtures, "monitor")],
  ...["red", "near-miss"].flatMap((kind) => {
    const base = path.join(fixtures, kind, "pass-through-producer");
    return existsSync(base) ? readdirSync(base).sort().map((name): [string, string] => [`${kind}/${name}`, path.join(base, name)]) : [];
  }),
];

describe("pass-throughs: the total is the sum of its kinds", () => {
  it("in every monitor checked, which together hold pass-throughs of every kind", () => {
    expect(monitors.length).toBeGreaterThan(20);
    const counted = monitors.map(([name, dir]) => ({ name, ...runCensus(loadConfig({ dir })).report.counts.passThroughs }));
    const adding = counted.map(({ name, total, resolver, validator, gate, carried, unshared }) => ({ name, total, sum: resolver + validator + gate + carried + unshared }));
    expect(adding).toEqual(counted.map(({ name, total }) => ({ name, total, sum: total })));
    for (const kind of ["resolver", "validator", "gate", "carried", "unshared"] as const) {
      expect(counted.reduce((n, c) => n + c[kind], 0), kind).toBeGreaterThan(0);
    }
  });
});
