// Rule validator-builds-refusal: require shared validators to return only null/undefined, a refusal(...) call, or another shared validator's result.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"validator-builds-refusal">;
export type Options = [CensusRuleOptions?];

export default censusRule("validator-builds-refusal");
