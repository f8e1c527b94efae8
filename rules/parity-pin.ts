// Rule parity-pin: require every fragment pinned as shared to be byte-identical in every SKU's instructions.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"parity-pin">;
export type Options = [CensusRuleOptions?];

export default censusRule("parity-pin");
