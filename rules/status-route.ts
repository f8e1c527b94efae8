// Rule status-route: require a tool's served description to name only status words its tool can return.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"status-route">;
export type Options = [CensusRuleOptions?];

export default censusRule("status-route");
