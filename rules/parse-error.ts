// Rule parse-error: report files in the census's scope that do not parse, since their facts cannot be trusted.
import { censusRule, type CensusRuleMessageId, type CensusRuleOptions } from "./censusRule.js";

export type MessageId = CensusRuleMessageId<"parse-error">;
export type Options = [CensusRuleOptions?];

export default censusRule("parse-error");
