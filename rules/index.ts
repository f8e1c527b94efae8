// The ESLint plugin: one rule per census rule id, and `configs.recommended` with every rule as an error.
import type { TSESLint } from "@typescript-eslint/utils";
import { readVersion } from "../src/version.js";
import passThroughProducer from "./pass-through-producer.js";
import bareSentenceRoster from "./bare-sentence-roster.js";
import handBuiltStatus from "./hand-built-status.js";
import oneFailureProducer from "./one-failure-producer.js";
import oneRefusalProducer from "./one-refusal-producer.js";
import validatorBuildsRefusal from "./validator-builds-refusal.js";
import floor from "./floor.js";
import parseError from "./parse-error.js";
import descriptionBudget from "./description-budget.js";
import descriptionPointer from "./description-pointer.js";
import descriptionIssueRef from "./description-issue-ref.js";
import descriptionPin from "./description-pin.js";
import parityPin from "./parity-pin.js";
import toolDiscovery from "./tool-discovery.js";
import statusRoute from "./status-route.js";

export const rules = {
  "pass-through-producer": passThroughProducer,
  "bare-sentence-roster": bareSentenceRoster,
  "hand-built-status": handBuiltStatus,
  "one-failure-producer": oneFailureProducer,
  "one-refusal-producer": oneRefusalProducer,
  "validator-builds-refusal": validatorBuildsRefusal,
  floor,
  "parse-error": parseError,
  "description-budget": descriptionBudget,
  "description-pointer": descriptionPointer,
  "description-issue-ref": descriptionIssueRef,
  "description-pin": descriptionPin,
  "parity-pin": parityPin,
  "tool-discovery": toolDiscovery,
  "status-route": statusRoute,
} satisfies Record<string, TSESLint.RuleModule<string, readonly unknown[]>>;

/** The files the rules read: every TypeScript and JavaScript source (the census decides which are in scope). */
export const FILES = ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts", "**/*.js", "**/*.jsx", "**/*.mjs", "**/*.cjs"];

interface PayloadCensusPlugin extends TSESLint.FlatConfig.Plugin {
  meta: { name: string; version: string };
  rules: typeof rules;
  configs: { recommended: TSESLint.FlatConfig.Config };
}

const plugin: PayloadCensusPlugin = {
  meta: { name: "payload-census", version: readVersion() },
  rules,
  configs: { recommended: {} },
};

// The config names the plugin object itself, so it is filled in once the plugin exists.
plugin.configs.recommended = {
  name: "payload-census/recommended",
  files: FILES,
  plugins: { "payload-census": plugin },
  rules: Object.fromEntries(Object.keys(rules).map((id) => [`payload-census/${id}`, "error" as const])),
};

export default plugin;
