// Every finding's sentence: what is wrong, where, and what to do instead. Templates with `{{placeholders}}`, one
// place for both front ends: the CLI renders them, ESLint rules declare them as `meta.messages` and pass the data.
import { displayPath } from "../config/problems.js";
import type { ConfigError } from "../errors.js";
import type { Finding, RuleId, Suggestion } from "../model.js";
import type { SkuContext } from "./context.js";

export const MESSAGES = {
  "pass-through-producer": {
    notShared:
      "{{tool}}`{{path}}` is passed through, but its value from line {{line}} (`{{definition}}`) does not come from a shared producer: {{reason}}; pass through only what a shared validator, resolver or gate returned",
    noValue:
      "{{tool}}`{{path}}` is passed through, but no value other than null or undefined reaches it; remove the dead guard or pass through a shared producer's result",
  },
  "bare-sentence-roster": {
    unrostered:
      "Tool {{tool}} returns the bare sentence {{sentence}}, which is not in the roster; return an envelope (refusal(parameter, sentence) for a refusal) or, if it is deliberate, add it to the roster (payload-census roster --write)",
    unrosteredExtra:
      "Tool {{tool}} returns the bare sentence {{sentence}} more often than the roster's count of {{count}}; return an envelope here, or update the roster's count (payload-census roster --write)",
    unknownTool:
      "A tool whose name the census cannot see ({{why}}) returns the bare sentence {{sentence}}; give the tool a constant name and return an envelope or roster the sentence",
    stale:
      "Roster entry for tool {{tool}} in {{file}} ({{sentence}}) matches no bare sentence in the code; remove it (payload-census roster --write)",
    staleCount:
      "Roster entry for tool {{tool}} in {{file}} ({{sentence}}) expects {{expected}} occurrences but the code has {{found}}; correct its count (payload-census roster --write)",
  },
  "hand-built-status": {
    failure:
      "{{tool}}{{what}} builds a failure envelope (status {{word}}) by hand; use {{failure}}(operation, ex) for a failure, or {{refusal}}(parameter, sentence) if the caller must change a parameter",
    refusal:
      "{{tool}}{{what}} builds a refusal envelope (status {{word}}) by hand; use {{refusal}}(parameter, sentence) from a shared validator or resolver for a refusal",
    unknownWord:
      "{{tool}}the census cannot see the status word of this {{callee}}(…) call ({{why}}); pass a literal word or a constant so the census can check it",
    notAllowed:
      "{{tool}}{{callee}}(…) may build only {{allowed}} by the allow-list, not {{word}}; use the word's own producer instead",
    reference:
      "{{tool}}`{{name}}` hands the builder {{builder}} on as a value (stored, bound or passed), so the census cannot see the words it will build; call {{builder}}(word, message) where the envelope is built, or the word's producer",
    suggestRefusal: "Replace with {{replacement}}",
    suggestFailure: "Replace with {{replacement}}",
  },
  "one-failure-producer": {
    missing: "{{helpers}} has no function {{fn}}; declare it there, building {{builder}}({{word}}, …) exactly once",
    count: "{{fn}} in {{helpers}} builds the word {{word}} {{times}}; it must build it exactly once, so that it is the word's one producer",
  },
  "one-refusal-producer": {
    missing: "{{helpers}} has no function {{fn}}; declare it there, building {{builder}}({{word}}, …) exactly once",
    count: "{{fn}} in {{helpers}} builds the word {{word}} {{times}}; it must build it exactly once, so that it is the word's one producer",
  },
  "validator-builds-refusal": {
    factory:
      "Validator {{name}} is made by a call to {{callee}}(…), whose returns the census cannot see; declare it as a function that returns null or {{refusal}}(parameter, sentence)",
    returns:
      "Validator {{name}} returns `{{text}}`: {{reason}}; a validator returns null when the input is fine, else {{refusal}}(parameter, sentence) or another shared validator's result",
    parameter:
      "Validator {{name}} refuses with parameter {{parameter}}, which no tool that calls it takes ({{taken}}); name in {{refusal}}(parameter, sentence) the parameter the caller must change",
  },
  floor: {
    below:
      "Count {{count}} is {{actual}}, below its floor of {{floor}}: a matcher may have gone dark or code was removed; fix the code, or lower the floor if the drop is intended",
  },
  "description-budget": {
    overCap:
      "Tool {{tool}} serves a description of {{served}} characters, over its cap of {{cap}}; keep the head short and move the detail to the tool's reading guide, ending the head with {{pointer}}",
    overTotal:
      "The {{sku}} catalog serves {{total}} characters of tool descriptions, over its budget of {{budget}}; shorten the largest ({{largest}}) or split them into a head and a reading guide",
    capUnknownTool: "A cap is set for tool {{tool}}, which is no tool of any SKU; correct the name or remove the cap",
    overTokenCap:
      "Tool {{tool}} serves a description of {{tokens}} tokens (o200k_base), over the token cap of {{cap}}; keep the head short and move the detail to the tool's reading guide, ending the head with {{pointer}}",
    overTokenTotal:
      "The {{sku}} catalog serves {{total}} tokens (o200k_base) of tool descriptions, over its token budget of {{budget}}; shorten the largest ({{largest}}) or split them into a head and a reading guide",
  },
  "status-route": {
    unreturned:
      "Tool {{tool}}'s {{part}} names the status {{word}}, which the tool can never return (it can return {{routes}}); remove the word, or return that status where the description says it comes",
    unsaid:
      "Tool {{tool}} can return the status {{word}} ({{how}}) but its description never says so; name it in the description or its reading guide, or set descriptions.routes to \"named\"",
  },
  "description-pointer": {
    missingPointer:
      "Tool {{tool}} has a reading guide in {{guide}} but its description does not end with the pointer sentence {{pointer}}; end the head with it so clients know the rest is there",
    noTail:
      "Tool {{tool}}'s description ends with the pointer sentence {{pointer}} but {{guide}} has no entry for it; add its tail under {{key}} or drop the pointer",
    staleTail: "The reading guide entry {{key}} in {{guide}} belongs to no tool of SKU {{sku}}; remove it or correct its key",
    noGuide:
      "Tool {{tool}}'s description ends with the pointer sentence {{pointer}} but SKU {{sku}} has no guide module; set \"guide\" for the SKU in the config and put the tail there, or drop the pointer",
    unknownTail: "The census cannot see the reading guide entry {{key}} in {{guide}} ({{why}}); build it from literals and constants",
  },
  "description-issue-ref": {
    issueRef:
      "Tool {{tool}}'s served description carries the issue reference {{ref}}, which no client or model can follow; say what it means in words, or keep it in a code comment",
  },
  "description-pin": {
    missing:
      "Tool {{tool}}'s served description lacks the pinned phrase {{phrase}}; keep it word for word (it is pinned in the config's descriptions.pins)",
    unknownTool: "Phrases are pinned for tool {{tool}}, which is no tool of any SKU; correct the name or remove its pins",
  },
  "parity-pin": {
    differs:
      "Parity pin {{name}} is not byte-identical in the instructions of SKU {{sku}}: {{where}}; copy the shared text exactly as pinned in the config's parity list",
    unknownText:
      "Parity pin {{name}} cannot be checked in SKU {{sku}}: the census cannot see the text of its instructions ({{why}}); build them from literals and constants",
    noInstructions:
      "Parity pin {{name}} cannot be checked in SKU {{sku}}, which has no instructions module; set \"instructions\" for the SKU in the config",
  },
  "tool-discovery": {
    unnamed:
      "The census cannot see the name of this tool ({{why}}), so it cannot count it, nor check its description against a cap, a guide or pins; give the tool a constant name{{fix}}",
    description:
      "The census cannot see the served description of tool {{tool}} ({{why}}); build it from literals and constants so its size can be checked",
    body:
      "{{tool}}the census cannot see this tool's body, so it cannot check its bare sentences: {{why}}; {{fix}}",
    duplicate:
      "Tool {{tool}} is defined twice in SKU {{sku}}, here and at {{other}}; give each tool a name of its own, or split the SKU when two server profiles live in one tree",
    none:
      "The census finds no tool in SKU {{sku}} ({{files}}); a census that sees nothing cannot vouch for anything: check the tools globs, and name how the server defines its tools in discovery (register, definers, classes, lists)",
    noneLike:
      "The census finds no tool in SKU {{sku}} ({{files}}); a census that sees nothing cannot vouch for anything: {{call}} at {{place}} reads like a tool definition, so name it in discovery ({{setting}})",
  },
  "parse-error": {
    syntax: "{{file}} does not parse ({{error}}); its facts are left out and its counts cannot be trusted: fix the syntax error",
    tooDeep:
      "{{file}} cannot be analysed ({{error}}); its facts are left out and its counts cannot be trusted: split the nesting into functions or constants of its own",
    unreadable:
      "{{file}} cannot be read ({{error}}); its facts are left out and its counts cannot be trusted: make it a readable source file, or keep it out of the tools globs",
  },
} as const satisfies Partial<Record<RuleId, Record<string, string>>>;

/**
 * Messages every rule declares beside its own: what ESLint shows on each linted file when the census cannot run at all
 * because its config (or roster) is broken. The CLI never shows them: it prints the error itself and exits 2.
 */
export const SHARED_MESSAGES = {
  configError: "No payload-census rule can check this file until {{file}} is fixed: {{error}}",
} as const;

export type SharedMessageId = keyof typeof SHARED_MESSAGES;

/**
 * The configError message's data: the file at fault as the user would recognise it, and the error as the CLI prints
 * it (its summary, then each problem with its place and JSON path) on one line, problems apart by " · ": ESLint's
 * table and an editor's hover show one line best.
 */
export function configErrorData(error: ConfigError, configFile: string): Record<string, string> {
  const [summary = "", ...problems] = error.message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return { file: displayPath(error.file ?? configFile), error: [summary, problems.join(" · ")].filter((part) => part !== "").join(" ") };
}

export type MessageRule = keyof typeof MESSAGES;
export type MessageId<R extends MessageRule> = keyof (typeof MESSAGES)[R] & string;

/** A message before rendering: which template, with which data. */
export interface Message {
  rule: MessageRule;
  id: string;
  data: Record<string, string>;
}

/** Fills a template as ESLint does: `{{ name }}` becomes data[name]; an unknown name stays as written. */
export function render(message: Message): string {
  const template = (MESSAGES[message.rule] as Record<string, string>)[message.id]!;
  return template.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, key: string) => (key in message.data ? message.data[key]! : whole));
}

function msg<R extends MessageRule>(rule: R, id: MessageId<R>, data: Record<string, string | number>): Message {
  return { rule, id, data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])) };
}

export function toolPrefix(tool: string | null): string {
  return tool ? `Tool ${tool}: ` : "";
}

export function quote(text: string): string {
  return JSON.stringify(text);
}

export const messages = {
  passThrough: (tool: string | null, path: string, line: number, definition: string, reason: string) =>
    msg("pass-through-producer", "notShared", { tool: toolPrefix(tool), path, line, definition, reason }),
  passThroughNoValue: (tool: string | null, path: string) => msg("pass-through-producer", "noValue", { tool: toolPrefix(tool), path }),

  unrostered: (tool: string, sentence: string) => msg("bare-sentence-roster", "unrostered", { tool, sentence: quote(sentence) }),
  unrosteredExtra: (tool: string, sentence: string, count: number) =>
    msg("bare-sentence-roster", "unrosteredExtra", { tool, sentence: quote(sentence), count }),
  unrosteredUnknownTool: (sentence: string, why: string) => msg("bare-sentence-roster", "unknownTool", { sentence: quote(sentence), why }),
  stale: (tool: string, file: string, sentence: string, expected: number, found: number) =>
    found === 0
      ? msg("bare-sentence-roster", "stale", { tool, file, sentence: quote(sentence) })
      : msg("bare-sentence-roster", "staleCount", { tool, file, sentence: quote(sentence), expected, found }),

  handBuilt: (tool: string | null, what: string, word: string, kind: "failure" | "refusal", producers: { failure: string; refusal: string }) =>
    msg("hand-built-status", kind, { tool: toolPrefix(tool), what, word: quote(word), ...producers }),
  handBuiltUnknown: (tool: string | null, callee: string, why: string) =>
    msg("hand-built-status", "unknownWord", { tool: toolPrefix(tool), callee, why }),
  notAllowed: (tool: string | null, callee: string, word: string, allowed: string[]) =>
    msg("hand-built-status", "notAllowed", { tool: toolPrefix(tool), callee, word: quote(word), allowed: allowed.map(quote).join(", ") }),
  builderReference: (tool: string | null, name: string, builder: string) =>
    msg("hand-built-status", "reference", { tool: toolPrefix(tool), name, builder }),
  suggest: (kind: "failure" | "refusal", replacement: string) =>
    msg("hand-built-status", kind === "failure" ? "suggestFailure" : "suggestRefusal", { replacement }),

  producerMissing: (rule: "one-failure-producer" | "one-refusal-producer", fn: string, helpers: string, word: string, builder: string) =>
    msg(rule, "missing", { fn, helpers, word: quote(word), builder }),
  producerCount: (rule: "one-failure-producer" | "one-refusal-producer", fn: string, helpers: string, word: string, count: number) =>
    msg(rule, "count", { fn, helpers, word: quote(word), times: count === 0 ? "nowhere" : `${count} times` }),

  validatorFactory: (name: string, callee: string, refusal: string) =>
    msg("validator-builds-refusal", "factory", { name, callee, refusal }),
  validator: (name: string, text: string, reason: string, refusal: string) =>
    msg("validator-builds-refusal", "returns", { name, text, reason, refusal }),

  floor: (count: string, actual: number, floor: number) => msg("floor", "below", { count, actual, floor }),

  parseError: (file: string, error: string) => msg("parse-error", "syntax", { file, error }),
  parseTooDeep: (file: string, error: string) => msg("parse-error", "tooDeep", { file, error }),
  unreadable: (file: string, error: string) => msg("parse-error", "unreadable", { file, error }),

  overCap: (tool: string, served: number, cap: number, pointer: string) =>
    msg("description-budget", "overCap", { tool, served, cap, pointer: quote(pointer) }),
  overTotal: (sku: string, total: number, budget: number, largest: string) =>
    msg("description-budget", "overTotal", { sku, total, budget, largest }),
  refusalParameter: (name: string, parameter: string, taken: string, refusal: string) =>
    msg("validator-builds-refusal", "parameter", { name, parameter: quote(parameter), taken, refusal }),
  toolUnnamed: (why: string, fix?: string) => msg("tool-discovery", "unnamed", { why, fix: fix ? `, or ${fix}` : "" }),
  descriptionUnknown: (tool: string, why: string) => msg("tool-discovery", "description", { tool, why }),
  bodyUnseen: (tool: string | null, why: string, fix = "pass a function declared in this file or imported from a module of the monitor") =>
    msg("tool-discovery", "body", { tool: toolPrefix(tool), why, fix }),
  toolTwice: (tool: string, sku: string, other: string) => msg("tool-discovery", "duplicate", { tool, sku, other }),
  noTools: (sku: string, files: string) => msg("tool-discovery", "none", { sku, files }),
  noToolsLike: (sku: string, files: string, call: string, place: string, setting: string) => msg("tool-discovery", "noneLike", { sku, files, call, place, setting }),
  capUnknownTool: (tool: string) => msg("description-budget", "capUnknownTool", { tool }),
  routeUnreturned: (tool: string, part: string, word: string, routes: readonly string[]) =>
    msg("status-route", "unreturned", { tool, part, word: quote(word), routes: routes.length === 0 ? "no status word" : routes.map(quote).join(", ") }),
  routeUnsaid: (tool: string, word: string, how: string) => msg("status-route", "unsaid", { tool, word: quote(word), how }),
  overTokenCap: (tool: string, tokens: number, cap: number, pointer: string) =>
    msg("description-budget", "overTokenCap", { tool, tokens, cap, pointer: quote(pointer) }),
  overTokenTotal: (sku: string, total: number, budget: number, largest: string) =>
    msg("description-budget", "overTokenTotal", { sku, total, budget, largest }),
  missingPointer: (tool: string, guide: string, pointer: string) =>
    msg("description-pointer", "missingPointer", { tool, guide, pointer: quote(pointer) }),
  noTail: (tool: string, guide: string, pointer: string) =>
    msg("description-pointer", "noTail", { tool, guide, pointer: quote(pointer), key: quote(tool) }),
  staleTail: (key: string, guide: string, sku: string) => msg("description-pointer", "staleTail", { key: quote(key), guide, sku }),
  unknownTail: (key: string, guide: string, why: string) => msg("description-pointer", "unknownTail", { key, guide, why }),
  issueRef: (tool: string, ref: string) => msg("description-issue-ref", "issueRef", { tool, ref: quote(ref) }),
  pinMissing: (tool: string, phrase: string) => msg("description-pin", "missing", { tool, phrase: quote(phrase) }),
  pinUnknownTool: (tool: string) => msg("description-pin", "unknownTool", { tool }),
  parityDiffers: (name: string, sku: string, where: string) => msg("parity-pin", "differs", { name: quote(name), sku, where }),
  parityUnknown: (name: string, sku: string, why: string) => msg("parity-pin", "unknownText", { name: quote(name), sku, why }),
  noGuide: (tool: string, pointer: string, sku: string) => msg("description-pointer", "noGuide", { tool, pointer: quote(pointer), sku }),
  parityNoInstructions: (name: string, sku: string) => msg("parity-pin", "noInstructions", { name: quote(name), sku }),
};

/** A finding from a message and where it is: the one way every check makes one. */
export function findingOf(
  message: Message,
  file: string,
  loc: { line: number; column: number },
  end: { line: number; column: number } | undefined,
  sku: string,
  tool: string | null,
  suggestions?: Suggestion[],
): Finding {
  const finding: Finding = {
    rule: message.rule as RuleId,
    file,
    line: loc.line,
    column: loc.column,
    sku,
    tool,
    message: render(message),
    messageId: message.id,
    data: message.data,
  };
  if (end) {
    finding.endLine = end.line;
    finding.endColumn = end.column;
  }
  if (suggestions && suggestions.length > 0) finding.suggestions = suggestions;
  return finding;
}

/** How a check of one SKU reports: a message at a place in a file (absolute path); the relative path and the SKU are filled in. */
export type ReportFinding = (
  message: Message,
  file: string,
  loc: { line: number; column: number },
  end: { line: number; column: number } | undefined,
  tool: string | null,
  suggestions?: Suggestion[],
) => void;

/** The ReportFinding of the SKU of `ctx`: each finding is appended to `findings`. */
export function reportInto(findings: Finding[], ctx: SkuContext): ReportFinding {
  return (message, file, loc, end, tool, suggestions) => {
    findings.push(findingOf(message, ctx.rel(file), loc, end, ctx.sku.name, tool, suggestions));
  };
}
