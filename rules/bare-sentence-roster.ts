// Rule bare-sentence-roster: require every bare sentence a tool returns to be listed in the roster, and every roster entry to still occur in the code.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"bare-sentence-roster">;
export type Options = [CensusRuleOptions?];

export default censusRule("bare-sentence-roster");
