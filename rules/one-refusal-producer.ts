// Rule one-refusal-producer: require refusal to build the refusal word exactly once, per SKU.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"one-refusal-producer">;
export type Options = [CensusRuleOptions?];

export default censusRule("one-refusal-producer");
