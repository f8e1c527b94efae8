// Where each rule is checked: for every rule id, the file of this folder and the functions in it that report its findings.
import type { RuleId } from "../../model.js";
import { checkBuilds } from "./builds.js";
import { checkDescriptions, checkPinnedTools } from "./descriptions.js";
import { checkFloors } from "./floors.js";
import { checkParity } from "./parity.js";
import { checkParseErrors } from "./parseErrors.js";
import { checkPassThroughs } from "./passThroughs.js";
import { checkRoster } from "./roster.js";
import { checkStatusRoutes } from "./routes.js";
import { checkToolDiscovery } from "./toolDiscovery.js";
import { checkValidators } from "./validators.js";

export interface RuleCheck {
  /** The file of src/project/checks/ that holds the check. */
  file: string;
  /** Its functions that report the rule's findings (per SKU from analyzeSku, or project-wide from the census). */
  functions: readonly ((...args: never[]) => unknown)[];
}

export const RULE_CHECKS: Readonly<Record<RuleId, RuleCheck>> = {
  "pass-through-producer": { file: "passThroughs.ts", functions: [checkPassThroughs] },
  "bare-sentence-roster": { file: "roster.ts", functions: [checkRoster] },
  "hand-built-status": { file: "builds.ts", functions: [checkBuilds] },
  "one-failure-producer": { file: "builds.ts", functions: [checkBuilds] },
  "one-refusal-producer": { file: "builds.ts", functions: [checkBuilds] },
  "validator-builds-refusal": { file: "validators.ts", functions: [checkValidators] },
  floor: { file: "floors.ts", functions: [checkFloors] },
  "parse-error": { file: "parseErrors.ts", functions: [checkParseErrors] },
  "description-budget": { file: "descriptions.ts", functions: [checkDescriptions, checkPinnedTools] },
  "description-pointer": { file: "descriptions.ts", functions: [checkDescriptions] },
  "description-issue-ref": { file: "descriptions.ts", functions: [checkDescriptions] },
  "description-pin": { file: "descriptions.ts", functions: [checkDescriptions, checkPinnedTools] },
  "parity-pin": { file: "parity.ts", functions: [checkParity] },
  "tool-discovery": { file: "toolDiscovery.ts", functions: [checkToolDiscovery] },
  "status-route": { file: "routes.ts", functions: [checkStatusRoutes] },
};
