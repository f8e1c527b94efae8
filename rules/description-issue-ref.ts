// Rule description-issue-ref: disallow issue references (#1234, GH-12) in served tool descriptions.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"description-issue-ref">;
export type Options = [CensusRuleOptions?];

export default censusRule("description-issue-ref");
