// One sentence per rule id: what the rule requires. Shared by the ESLint rules' docs metadata and the SARIF report.
import type { RuleId } from "./model.js";

export const RULE_DESCRIPTIONS: Readonly<Record<RuleId, string>> = {
  "bare-sentence-roster":
    "Require every bare sentence a tool returns to be listed in the roster, and every roster entry to still occur in the code",
  "description-budget":
    "Require each tool's served description to stay within its cap, and each SKU's catalog within its total",
  "description-issue-ref":
    "Disallow issue references (#1234, GH-12) in served tool descriptions",
  "description-pin":
    "Require every pinned phrase to be in its tool's served description",
  "description-pointer":
    "Require a description split into head and reading guide to end its head with the pointer sentence, and a pointer to have a tail behind it",
  "floor":
    "Require every census count to stay at or above its configured floor",
  "hand-built-status":
    "Disallow building a failure or refusal envelope anywhere but its one producer (formatError, refusal)",
  "one-failure-producer":
    "Require formatError to build the failure word exactly once, per SKU",
  "one-refusal-producer":
    "Require refusal to build the refusal word exactly once, per SKU",
  "parity-pin":
    "Require every fragment pinned as shared to be byte-identical in every SKU's instructions",
  "parse-error":
    "Report files in the census's scope that do not parse, since their facts cannot be trusted",
  "pass-through-producer":
    "Require every guarded pass-through (`if (err != null) return err;`) to pass through, on every path, a value a shared validator, resolver or gate produced",
  "status-route":
    "Require a tool's served description to name only status words its tool can return (with descriptions.routes \"all\", every refusal and failure it can return too)",
  "tool-discovery":
    "Require every tool's name, description and body to be visible to the census, each name once per SKU, and every SKU to have a tool",
  "validator-builds-refusal":
    "Require shared validators to return only null/undefined, a refusal(...) call, or another shared validator's result",
};

/** The package's home, and where each rule's documentation lives (the doc beside the rule). */
export const HOME_URL = "https://github.com/payload-census/payload-census";
export const DOCS_URL = `${HOME_URL}/blob/main/rules/`;

export function docsUrl(rule: RuleId): string {
  return `${DOCS_URL}${rule}.md`;
}
