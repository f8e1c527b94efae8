// The SARIF reporter: one result per finding with its rule, message and region; every rule described once.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as ajvDraft04 from "ajv-draft-04";
import { describe, expect, it } from "vitest";
import type * as Sarif from "sarif";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
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

describe("sarif: valid, with fingerprints that stay put", () => {
  const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");
  const schema = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"));
  const AjvDraft04 = ajvDraft04.default as unknown as typeof ajvDraft04.default.default;
  const validate = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(schema);

  const reds = readdirSync(path.join(fixtures, "red"))
    .filter((rule) => !rule.endsWith(".md"))
    .flatMap((rule) => readdirSync(path.join(fixtures, "red", rule)).map((name) => `${rule}/${name}`))
    .sort();

  it.each(reds)("red/%s validates against the SARIF 2.1.0 JSON Schema", (name) => {
    const report = runCensus(loadConfig({ dir: path.join(fixtures, "red", name) })).report;
    const log = JSON.parse(sarif(report, { version: "1.0.0" })) as unknown;
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
  });

  it("the schema check can fail: a result without its message is refused", () => {
    const log = JSON.parse(sarif(smallReport(), { version: "1.0.0" })) as Sarif.Log;
    delete (log.runs[0]!.results![0] as Partial<Sarif.Result>).message;
    expect(validate(log)).toBe(false);
  });

  it("fingerprints do not move when unrelated lines are inserted above the findings", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "payload-census-sarif-"));
    try {
      cpSync(path.join(fixtures, "red", "pass-through-producer", "nullish-unshared-operand"), dir, { recursive: true });
      const fingerprints = (): string[] => {
        const log = JSON.parse(sarif(runCensus(loadConfig({ dir })).report, { version: "1.0.0" })) as Sarif.Log;
        return log.runs[0]!.results!.map((r) => r.partialFingerprints!["payloadCensusFinding/v1"]!);
      };
      const before = fingerprints();
      const file = path.join(dir, "src", "tools", "top.ts");
      writeFileSync(file, `// an unrelated comment\n// and another one\n\n${readFileSync(file, "utf8")}`);
      const lines = (JSON.parse(sarif(runCensus(loadConfig({ dir })).report, { version: "1.0.0" })) as Sarif.Log).runs[0]!.results!.map(
        (r) => r.locations![0]!.physicalLocation!.region!.startLine,
      );
      expect(before.length).toBeGreaterThan(0);
      expect(fingerprints()).toEqual(before);
      expect(lines[0]).toBeGreaterThan(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
