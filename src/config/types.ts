// The resolved configuration the core runs on: paths absolute, defaults applied, globs expanded.
import type { RawConfig } from "./schema.js";

export type ProducerCategory = "resolver" | "validator" | "gate";

export interface ResolvedProducer {
  /** Absolute path of the producer module. */
  module: string;
  category: ProducerCategory;
  /** Globs on export names; null means every export. */
  names: string[] | null;
}

export interface ResolvedSku {
  name: string;
  /** Absolute. */
  root: string;
  /** Absolute path of the module holding the builder, formatError and refusal. */
  helpers: string;
  producers: ResolvedProducer[];
  /** Absolute paths of the tool files, sorted, deduplicated. */
  toolFiles: string[];
  /** Absolute, or null when not configured. */
  guide: string | null;
  instructions: string | null;
}

export interface ResolvedContract {
  builder: string;
  failure: string;
  refusal: string;
  words: { failure: string; refusal: string; other: string[] };
  allow: { callee: string; words: string[] }[];
}

export interface ResolvedDiscovery {
  register: string[];
  adapters: string[];
  /** Each definer with its parts' property paths (a plain name reads `name`, `description` and the body key). */
  definers: ResolvedDefiner[];
  bodyKey: string;
  classes: ResolvedToolClass[];
  lists: boolean;
}

export interface ResolvedDefiner {
  callee: string;
  name: string[];
  description: string[];
  body: string[];
}

export interface ResolvedToolClass {
  extends: string;
  name: string;
  description: string;
  body: string;
}

export interface ResolvedFloor {
  /** Dotted path into the report's counts. */
  count: string;
  floor: number;
}

export interface ResolvedDescriptions {
  cap: number;
  caps: Record<string, number>;
  total: number | null;
  pointer: string;
  pins: Record<string, string[]>;
  /** Tool counts some clients stop at (they send only the first N tools). */
  clientLimits: number[];
  /** Largest served description in o200k_base tokens; null: none. */
  tokenCap: number | null;
  /** Largest catalog total per SKU in o200k_base tokens; null: none. */
  tokenTotal: number | null;
  /** Which routes a description must name (SPEC §2.6): the words it names must be routes; with "all", also every refusal and failure route. */
  routes: "named" | "all";
}

export interface ResolvedConfig {
  /** Absolute path of the config file. */
  configFile: string;
  /** Absolute path of the folder holding it: every `file` in findings is relative to it. */
  dir: string;
  /** The validated JSON as written (comments stripped). */
  raw: RawConfig;
  skus: ResolvedSku[];
  contract: ResolvedContract;
  /** Globs on function names whose parameters may be passed through ("carried"). */
  carriers: string[];
  discovery: ResolvedDiscovery;
  /** Absolute path of the roster file (it may not exist yet). */
  roster: string;
  floors: ResolvedFloor[];
  descriptions: ResolvedDescriptions;
  parity: { name: string; text: string }[];
  /** 1-based line of the value at a JSON path in the config file, when it exists there. */
  lineOf(path: readonly (string | number)[]): number | undefined;
  /** 1-based line and column where a JSON path is written in the config file (an object member's key). */
  positionOf(path: readonly (string | number)[]): { line: number; column: number } | undefined;
}

export interface RosterEntry {
  file: string;
  tool: string;
  sentence: string;
  count?: number;
  note?: string;
  /** 1-based line and column of the entry's `{` in the roster file. */
  line: number;
  column: number;
}

export interface Roster {
  /** Absolute path; the file may not exist (then entries is empty and exists is false). */
  file: string;
  exists: boolean;
  entries: RosterEntry[];
}
