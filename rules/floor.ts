// Rule floor: require every census count to stay at or above its configured floor.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"floor">;
export type Options = [CensusRuleOptions?];

export default censusRule("floor");
