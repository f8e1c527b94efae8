// Rule tool-discovery: require every tool's name, description and body to be visible, each name once per SKU, and a tool in every SKU.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"tool-discovery">;
export type Options = [CensusRuleOptions?];

export default censusRule("tool-discovery");
