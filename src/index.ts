// The package's programmatic API: load a config, run the census, explain a pass-through, keep a census session.
export { loadConfig, loadRoster, CONFIG_FILE_NAME } from "./config/load.js";
export type { ResolvedConfig, ResolvedSku, Roster, RosterEntry, ProducerCategory } from "./config/types.js";
export { runCensus, tracePassThrough } from "./project/census.js";
export { CensusSession, sessionFor, findConfigFile } from "./session.js";
export {
  RULE_IDS,
  type RuleId,
  type Finding,
  type Counts,
  type Suggestion,
  type CensusResult,
  type Report,
  type FloorResult,
  type DescriptionRow,
  type BareSentence,
  type TraceResult,
  type TraceDefinition,
} from "./model.js";
export { ConfigError, UsageError, UserError, PartialCensusError } from "./errors.js";
