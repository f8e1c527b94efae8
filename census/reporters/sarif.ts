// SARIF 2.1.0 for code-scanning services: every finding a result, every rule with its description and doc.
import type * as Sarif from "sarif";
import { RULE_IDS, type Report } from "../../src/model.js";
import { HOME_URL, RULE_DESCRIPTIONS, docsUrl } from "../../src/ruleDescriptions.js";

export interface SarifOptions {
  /** The package's version, for `tool.driver.version`. */
  version: string;
}

export function sarif(report: Report, options: SarifOptions): string {
  const rules: Sarif.ReportingDescriptor[] = RULE_IDS.map((id) => ({
    id,
    shortDescription: { text: RULE_DESCRIPTIONS[id] },
    helpUri: docsUrl(id),
    defaultConfiguration: { level: "error" },
  }));
  const index = new Map<string, number>(RULE_IDS.map((id, i) => [id, i]));
  const results: Sarif.Result[] = report.findings.map((f) => ({
    ruleId: f.rule,
    ruleIndex: index.get(f.rule)!,
    level: "error",
    message: { text: f.message },
    locations: [
      {
        physicalLocation: {
          // Paths are relative to the config's folder: the checkout root of a scan, when the config sits there.
          artifactLocation: { uri: f.file, uriBaseId: "%SRCROOT%" },
          region: {
            startLine: f.line,
            startColumn: f.column,
            ...(f.endLine !== undefined ? { endLine: f.endLine, endColumn: f.endColumn! } : {}),
          },
        },
      },
    ],
    properties: { sku: f.sku, tool: f.tool },
  }));
  const log: Sarif.Log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "payload-census", version: options.version, informationUri: HOME_URL, rules } },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
