// Rule description-pin: require every pinned phrase to be in its tool's served description.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"description-pin">;
export type Options = [CensusRuleOptions?];

export default censusRule("description-pin");
