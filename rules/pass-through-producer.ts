// Rule pass-through-producer: require every guarded pass-through (`if (err != null) return err;`) to pass through, on every path, a value a shared validator, resolver or gate produced.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"pass-through-producer">;
export type Options = [CensusRuleOptions?];

export default censusRule("pass-through-producer");
