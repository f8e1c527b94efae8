// The adapter every rule shares: ask the census session for this file's findings of one rule, report them as ESLint problems.
import path from "node:path";
import type { TSESLint } from "@typescript-eslint/utils";
import { MESSAGES, type MessageRule } from "../src/project/messages.js";
import { findConfigFile, sessionFor } from "../src/session.js";
import { RULE_DESCRIPTIONS } from "../src/ruleDescriptions.js";
import { createRule } from "./createRule.js";

export interface CensusRuleOptions {
  /** Path of payload-census.config.json, relative to ESLint's working directory. */
  config?: string;
}

export type CensusRuleMessageId<R extends MessageRule> = keyof (typeof MESSAGES)[R] & string;

/** `settings["payload-census"].config` names the config for every rule at once. */
export const SETTINGS_KEY = "payload-census";

export function censusRule<R extends MessageRule>(rule: R) {
  const description = RULE_DESCRIPTIONS[rule];
  const messages = MESSAGES[rule] as Record<CensusRuleMessageId<R>, string>;
  const hasSuggestions = Object.keys(messages).some((id) => id.startsWith("suggest"));
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
      return {
        Program() {
          const configFile = configFileOf(context);
          if (!configFile) return; // not part of a monitor with a census config
          const session = sessionFor(configFile);
          for (const finding of session.findingsFor(context.filename, context.sourceCode.text)) {
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
      };
    },
  });
}

function configFileOf(context: Readonly<TSESLint.RuleContext<string, [CensusRuleOptions?]>>): string | undefined {
  const fromOption = context.options[0]?.config;
  const settings = context.settings[SETTINGS_KEY] as { config?: unknown } | undefined;
  const fromSettings = typeof settings?.config === "string" ? settings.config : undefined;
  const named = fromOption ?? fromSettings;
  if (named) return resolvePath(context.cwd, named);
  return findConfigFile(context.filename);
}

function resolvePath(cwd: string, file: string): string {
  return path.resolve(cwd, file);
}
