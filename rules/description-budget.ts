// Rule description-budget: require each tool's served description to stay within its cap, and each SKU's catalog within its total.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"description-budget">;
export type Options = [CensusRuleOptions?];

export default censusRule("description-budget");
