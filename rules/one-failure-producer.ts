// Rule one-failure-producer: require formatError to build the failure word exactly once, per SKU.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"one-failure-producer">;
export type Options = [CensusRuleOptions?];

export default censusRule("one-failure-producer");
