// The adapter every rule shares: ask the census session for this file's findings of one rule, report them as ESLint
// problems; a broken config is one problem per file, at 1:1, from one of the rules that are on.
import path from "node:path";
import type { TSESLint } from "@typescript-eslint/utils";
import type { ConfigError } from "../src/errors.js";
import { RULE_IDS, type RuleId } from "../src/model.js";
import { MESSAGES, SHARED_MESSAGES, configErrorData, type MessageRule, type SharedMessageId } from "../src/project/messages.js";
import { configFileFor, sessionFor, type LintOutcome } from "../src/session.js";
import { RULE_DESCRIPTIONS } from "../src/ruleDescriptions.js";
import { createRule } from "./createRule.js";

export interface CensusRuleOptions {
  /** Path of payload-census.config.json, relative to ESLint's working directory. */
  config?: string;
}

export type CensusRuleMessageId<R extends MessageRule> = (keyof (typeof MESSAGES)[R] & string) | SharedMessageId;

/** `settings["payload-census"].config` names the config for every rule at once. */
export const SETTINGS_KEY = "payload-census";

/** The rule that shows a broken config when it is on; else the first rule that is on, in the order of RULE_IDS. */
const CONFIG_ERROR_RULE: RuleId = "parse-error";

/**
 * The payload-census rules that found their config broken on each lint pass, by config file, keyed by the pass's
 * SourceCode (ESLint gives every rule of one pass the same one, and a new one to the next pass). It is what lets a
 * broken config be shown once per file rather than once per rule. Module-level for the same reason as the session
 * registry: ESLint keeps nothing shared between rules; entries go with their SourceCode, so nothing needs invalidating.
 */
const brokenRulesBySourceCode = new WeakMap<object, Map<string, Set<RuleId>>>();

/**
 * What the session answered on each lint pass, by config file, keyed by the pass's SourceCode as above: the first
 * payload-census rule of a pass asks the session, the other rules of that pass share its answer.
 */
const outcomesBySourceCode = new WeakMap<object, Map<string, LintOutcome>>();

export function censusRule<R extends MessageRule>(rule: R) {
  const description = RULE_DESCRIPTIONS[rule];
  const own = MESSAGES[rule] as Record<string, string>;
  const messages = { ...own, ...SHARED_MESSAGES } as Record<CensusRuleMessageId<R>, string>;
  const hasSuggestions = Object.keys(own).some((id) => id.startsWith("suggest"));
  return createRule<CensusRuleMessageId<R>, [CensusRuleOptions?]>({
    name: rule,
    meta: {
      type: "problem",
      docs: { description },
      messages,
      ...(hasSuggestions ? { hasSuggestions: true } : {}),
      schema: [
        {
          type: "object",
          properties: {
            config: {
              type: "string",
              description:
                "Path of payload-census.config.json, relative to ESLint's working directory. Default: the nearest payload-census.config.json in the linted file's folder or above.",
            },
          },
          additionalProperties: false,
        },
      ],
    },
    defaultOptions: [{}],
    create(context) {
      let configError: { configFile: string; error: ConfigError } | undefined;
      return {
        Program() {
          const configFile = configFileOf(context);
          if (!configFile) return; // not part of a monitor with a census config
          const outcome = outcomeOf(context, configFile);
          if (outcome.configError) {
            configError = { configFile, error: outcome.configError };
            brokenRules(context.sourceCode, configFile).add(rule);
            return;
          }
          for (const finding of outcome.findings) {
            if (finding.rule !== rule) continue;
            const start = { line: finding.line, column: finding.column - 1 };
            const end = finding.endLine !== undefined ? { line: finding.endLine, column: finding.endColumn! - 1 } : start;
            context.report({
              loc: { start, end },
              messageId: finding.messageId as CensusRuleMessageId<R>,
              data: finding.data,
              ...(finding.suggestions
                ? {
                    suggest: finding.suggestions.map((s) => ({
                      messageId: s.messageId as CensusRuleMessageId<R>,
                      data: s.data,
                      fix: (fixer: TSESLint.RuleFixer) => s.edits.map((e) => fixer.replaceTextRange(e.range, e.text)),
                    })),
                  }
                : {}),
            });
          }
        },
        // Every rule's Program() has run before any Program:exit, so each rule now knows all the payload-census rules
        // that found the config broken on this file: the one of them that configErrorRule picks reports it.
        "Program:exit"() {
          if (!configError) return;
          const { configFile, error } = configError;
          if (configErrorRule(brokenRules(context.sourceCode, configFile)) !== rule) return;
          const start = { line: 1, column: 0 };
          context.report({ loc: { start, end: start }, messageId: "configError", data: configErrorData(error, configFile) });
        },
      };
    },
  });
}

/** The session's answer for this lint pass's file under `configFile`, asked once per pass. */
function outcomeOf(context: Readonly<TSESLint.RuleContext<string, [CensusRuleOptions?]>>, configFile: string): LintOutcome {
  let byConfig = outcomesBySourceCode.get(context.sourceCode);
  if (!byConfig) outcomesBySourceCode.set(context.sourceCode, (byConfig = new Map()));
  let outcome = byConfig.get(configFile);
  if (!outcome) {
    outcome = sessionFor(configFile, cacheOf(context)).lint(context.filename, context.sourceCode.text);
    byConfig.set(configFile, outcome);
  }
  return outcome;
}

/** The payload-census rules of this lint pass that found `configFile` broken. */
function brokenRules(sourceCode: object, configFile: string): Set<RuleId> {
  let byConfig = brokenRulesBySourceCode.get(sourceCode);
  if (!byConfig) brokenRulesBySourceCode.set(sourceCode, (byConfig = new Map()));
  let running = byConfig.get(configFile);
  if (!running) byConfig.set(configFile, (running = new Set()));
  return running;
}

function configErrorRule(broken: ReadonlySet<RuleId>): RuleId | undefined {
  return broken.has(CONFIG_ERROR_RULE) ? CONFIG_ERROR_RULE : RULE_IDS.find((id) => broken.has(id));
}

function configFileOf(context: Readonly<TSESLint.RuleContext<string, [CensusRuleOptions?]>>): string | undefined {
  const fromOption = context.options[0]?.config;
  const settings = context.settings[SETTINGS_KEY] as { config?: unknown } | undefined;
  const fromSettings = typeof settings?.config === "string" ? settings.config : undefined;
  const named = fromOption ?? fromSettings;
  if (named) return resolvePath(context.cwd, named);
  return configFileFor(context.filename);
}

/**
 * The fact cache the session keeps, from the shared settings: `cache: false` turns it off, `cacheLocation` (relative to
 * ESLint's working directory) moves it, as --no-cache and --cache-location do for the CLI; by default the CLI's own.
 */
function cacheOf(context: Readonly<TSESLint.RuleContext<string, [CensusRuleOptions?]>>): { cache: false | { location?: string } } {
  const settings = context.settings[SETTINGS_KEY] as { cache?: unknown; cacheLocation?: unknown } | undefined;
  if (settings?.cache === false) return { cache: false };
  return { cache: typeof settings?.cacheLocation === "string" ? { location: resolvePath(context.cwd, settings.cacheLocation) } : {} };
}

function resolvePath(cwd: string, file: string): string {
  return path.resolve(cwd, file);
}
