// The witness for people (SPEC §6): one line per check, then the verdict, for every mix of witnessed, dark and no-site rows.
import { describe, expect, it } from "vitest";
import { formatWitness, type WitnessReport, type WitnessRow } from "../../census/witness/run.js";

const witnessed: WitnessRow = {
  rule: "parse-error",
  status: "witnessed",
  change: "a tool file left with a syntax error",
  firedAt: { file: "src/tools/a.ts", line: 13, column: 1 },
};
const dark: WitnessRow = { rule: "one-failure-producer", status: "dark", change: 'formatError builds "boom" a second time', firedAt: null };
const noSite: WitnessRow = { rule: "floor", status: "no-site", change: "no floor is configured", firedAt: null };

function report(ok: boolean, ...checks: WitnessRow[]): WitnessReport {
  return { schemaVersion: 1, ok, checks };
}

describe("formatWitness", () => {
  it("every check witnessed: one line per check and the verdict that each fires", () => {
    const floor: WitnessRow = { rule: "floor", status: "witnessed", change: "the floor 2 raised above today's count", firedAt: { file: "payload-census.config.json", line: 22, column: 5 } };
    expect(formatWitness(report(true, floor, witnessed), "payload-census.config.json")).toBe(
      [
        "witness: 2 checks on payload-census.config.json",
        "  ✓ floor        witnessed: fired at payload-census.config.json:22 (the floor 2 raised above today's count)",
        "  ✓ parse-error  witnessed: fired at src/tools/a.ts:13 (a tool file left with a syntax error)",
        "✓ every check witnessed: each fires on a real site of this monitor",
        "",
      ].join("\n"),
    );
  });

  it("a dark check and a check without a site: each named for what it is, and both counted", () => {
    expect(formatWitness(report(false, witnessed, dark, noSite), "monitor/payload-census.config.json")).toBe(
      [
        "witness: 3 checks on monitor/payload-census.config.json",
        "  ✓ parse-error           witnessed: fired at src/tools/a.ts:13 (a tool file left with a syntax error)",
        '  ✗ one-failure-producer  DARK: did not fire (formatError builds "boom" a second time)',
        "  ✗ floor                 no site to witness on: no floor is configured",
        "✗ 1 dark, 1 without a site: a check that cannot fire here cannot be trusted to",
        "",
      ].join("\n"),
    );
  });

  it("dark checks alone: only the dark are counted", () => {
    const second: WitnessRow = { ...dark, rule: "one-refusal-producer", change: 'refusal builds "nope" a second time' };
    expect(formatWitness(report(false, witnessed, dark, second), "c.json")).toBe(
      [
        "witness: 3 checks on c.json",
        "  ✓ parse-error           witnessed: fired at src/tools/a.ts:13 (a tool file left with a syntax error)",
        '  ✗ one-failure-producer  DARK: did not fire (formatError builds "boom" a second time)',
        '  ✗ one-refusal-producer  DARK: did not fire (refusal builds "nope" a second time)',
        "✗ 2 dark: a check that cannot fire here cannot be trusted to",
        "",
      ].join("\n"),
    );
  });

  it("checks without a site alone: only those are counted", () => {
    const second: WitnessRow = { ...noSite, rule: "parity-pin", change: "no fragment is pinned as shared (parity)" };
    expect(formatWitness(report(false, noSite, second, witnessed), "c.json")).toBe(
      [
        "witness: 3 checks on c.json",
        "  ✗ floor        no site to witness on: no floor is configured",
        "  ✗ parity-pin   no site to witness on: no fragment is pinned as shared (parity)",
        "  ✓ parse-error  witnessed: fired at src/tools/a.ts:13 (a tool file left with a syntax error)",
        "✗ 2 without a site: a check that cannot fire here cannot be trusted to",
        "",
      ].join("\n"),
    );
  });
});
