// Rule hand-built-status: disallow building a failure or refusal envelope anywhere but its one producer (formatError, refusal).
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"hand-built-status">;
export type Options = [CensusRuleOptions?];

export default censusRule("hand-built-status");
