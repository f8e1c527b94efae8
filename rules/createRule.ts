// The one rule factory: fixes each rule's docs URL to its doc beside it, as typescript-eslint's createRule does.
import type { TSESLint } from "@typescript-eslint/utils";
import { DOCS_URL } from "../src/ruleDescriptions.js";

export interface RuleDefinition<MessageIds extends string, Options extends readonly unknown[]> {
  name: string;
  meta: Omit<TSESLint.RuleMetaData<MessageIds, unknown, Options>, "docs"> & { docs: { description: string } };
  defaultOptions: Options;
  create(context: Readonly<TSESLint.RuleContext<MessageIds, Options>>): TSESLint.RuleListener;
}

export function createRule<MessageIds extends string, Options extends readonly unknown[]>(
  rule: RuleDefinition<MessageIds, Options>,
): TSESLint.RuleModule<MessageIds, Options> & { name: string } {
  return {
    name: rule.name,
    meta: { ...rule.meta, docs: { ...rule.meta.docs, url: `${DOCS_URL}${rule.name}.md` } },
    defaultOptions: rule.defaultOptions,
    create: (context) => rule.create(context),
  };
}
