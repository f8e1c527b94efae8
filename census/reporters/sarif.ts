// SARIF 2.1.0 for code-scanning services: every finding a result, every rule with its description and doc.
import { createHash } from "node:crypto";
import type * as Sarif from "sarif";
import { RULE_IDS, type Report } from "../../src/model.js";
import { HOME_URL, RULE_DESCRIPTIONS, docsUrl } from "../../src/ruleDescriptions.js";

export interface SarifOptions {
  /** The package's version, for `tool.driver.version`. */
  version: string;
}

/** `base`: the config's folder relative to the scanned checkout's root (SARIF's %SRCROOT%), "" when it is the root. */
export function sarif(report: Report, options: SarifOptions, base = ""): string {
  const rules: Sarif.ReportingDescriptor[] = RULE_IDS.map((id) => ({
    id,
    shortDescription: { text: RULE_DESCRIPTIONS[id] },
    helpUri: docsUrl(id),
    defaultConfiguration: { level: "error" },
  }));
  const index = new Map<string, number>(RULE_IDS.map((id, i) => [id, i]));
  const fingerprints = fingerprintsOf(report);
  const results: Sarif.Result[] = report.findings.map((f, i) => ({
    ruleId: f.rule,
    ruleIndex: index.get(f.rule)!,
    level: "error",
    message: { text: f.message },
    locations: [
      {
        physicalLocation: {
          // Paths are relative to the checkout's root: the config's folder, prefixed with where it sits.
          artifactLocation: { uri: base === "" ? f.file : `${base}/${f.file}`, uriBaseId: "%SRCROOT%" },
          region: {
            startLine: f.line,
            startColumn: f.column,
            ...(f.endLine !== undefined ? { endLine: f.endLine, endColumn: f.endColumn! } : {}),
          },
        },
      },
    ],
    partialFingerprints: { "payloadCensusFinding/v1": fingerprints[i]! },
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

/**
 * A fingerprint per finding that stays put when unrelated lines move it: the rule, SKU, file, tool and message with
 * every number written `#` (messages quote line numbers), and which occurrence of that key it is in the file.
 */
function fingerprintsOf(report: Report): string[] {
  const seen = new Map<string, number>();
  return report.findings.map((f) => {
    const key = [f.rule, f.sku, f.file, f.tool ?? "", f.message.replace(/\d+/g, "#")].join("\u0000");
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return createHash("sha256").update(`${key}\u0000${occurrence}`).digest("hex").slice(0, 32);
  });
}
