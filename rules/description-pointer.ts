// Rule description-pointer: require a description split into head and reading guide to end its head with the pointer sentence, and a pointer to have a tail behind it.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"description-pointer">;
export type Options = [CensusRuleOptions?];

export default censusRule("description-pointer");
