// The SARIF reporter: one result per finding with its rule, message and region; every rule described once.
import { describe, expect, it } from "vitest";
import type * as Sarif from "sarif";
import { sarif } from "../../census/reporters/sarif.js";
import { RULE_IDS } from "../../src/model.js";
import { RULE_DESCRIPTIONS } from "../../src/ruleDescriptions.js";
import { smallReport } from "./reports.js";

describe("sarif", () => {
  const report = smallReport();
  const log = JSON.parse(sarif(report, { version: "9.8.7" })) as Sarif.Log;
  const run = log.runs[0]!;

  it("is a SARIF 2.1.0 log of one run by payload-census", () => {
    expect(log.version).toBe("2.1.0");
    expect(log.runs).toHaveLength(1);
    expect(run.tool.driver.name).toBe("payload-census");
    expect(run.tool.driver.version).toBe("9.8.7");
  });

  it("describes every rule id once, with its doc", () => {
    const rules = run.tool.driver.rules!;
    expect(rules.map((r) => r.id)).toEqual([...RULE_IDS]);
    for (const r of rules) {
      expect(r.shortDescription?.text).toBe(RULE_DESCRIPTIONS[r.id as keyof typeof RULE_DESCRIPTIONS]);
      expect(r.helpUri).toMatch(new RegExp(`rules/${r.id}\\.md$`));
    }
  });

  it("has one result per finding, in order, pointing at the rule by index and at the finding's place", () => {
    expect(run.results).toHaveLength(report.findings.length);
    run.results!.forEach((result, i) => {
      const f = report.findings[i]!;
      expect(result.ruleId).toBe(f.rule);
      expect(run.tool.driver.rules![result.ruleIndex!]!.id).toBe(f.rule);
      expect(result.level).toBe("error");
      expect(result.message.text).toBe(f.message);
      const where = result.locations![0]!.physicalLocation!;
      expect(where.artifactLocation).toEqual({ uri: f.file, uriBaseId: "%SRCROOT%" });
      expect(where.region).toMatchObject({ startLine: f.line, startColumn: f.column });
      expect(result.properties).toEqual({ sku: f.sku, tool: f.tool });
    });
  });

  it("is byte-identical for identical input", () => {
    expect(sarif(smallReport(), { version: "9.8.7" })).toBe(sarif(smallReport(), { version: "9.8.7" }));
  });
});
