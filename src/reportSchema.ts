// The JSON Schema of the census's JSON report (SPEC §4), shipped as payload-census/report.schema.json for scripts that read it.
import { RULE_IDS } from "./model.js";

const count = { type: "integer", minimum: 0 } as const;

const counts = {
  type: "object",
  additionalProperties: false,
  required: ["files", "modules", "tools", "parseErrors", "passThroughs", "bareSentences", "handBuilt", "failureProducers", "refusalProducers", "validators"],
  properties: {
    files: { ...count, description: "Tool files: the files the SKU's tools globs match." },
    modules: { ...count, description: "Every other module analysed: helpers, producers, guide, instructions, the modules the tools reach." },
    tools: { ...count, description: "Tools defined, in every shape the census understands." },
    parseErrors: { ...count, description: "Files in scope that do not parse (or cannot be analysed): their facts are left out." },
    passThroughs: {
      type: "object",
      additionalProperties: false,
      required: ["total", "resolver", "validator", "gate", "carried", "unshared"],
      properties: { total: count, resolver: count, validator: count, gate: count, carried: count, unshared: count },
      description: "Guarded pass-throughs, by the category of the producer their value comes from; unshared ones fail.",
    },
    bareSentences: {
      type: "object",
      additionalProperties: false,
      required: ["total", "rostered", "unrostered", "stale"],
      properties: { total: count, rostered: count, unrostered: count, stale: count },
      description: "Bare sentences returned by tool bodies, against the roster.",
    },
    handBuilt: { ...count, description: "Envelopes with the failure or refusal word built outside their producer." },
    failureProducers: { ...count, description: "Times the failure producer builds the failure word (1 is right)." },
    refusalProducers: { ...count, description: "Times the refusal producer builds the refusal word (1 is right)." },
    validators: { ...count, description: "Shared validators checked." },
  },
} as const;

const loc = { type: "integer", minimum: 1 } as const;

export const reportSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "payload-census report",
  description: "The JSON report of `payload-census --format json`: stable fields, byte-identical for identical input.",
  type: "object",
  additionalProperties: false,
  required: ["schemaVersion", "ok", "counts", "skus", "floors", "findings", "descriptions", "validators"],
  properties: {
    schemaVersion: { const: 1, description: "The report format's version: a change that breaks readers changes it." },
    ok: { type: "boolean", description: "True when there is no finding." },
    counts: { ...counts, description: "The counts of every SKU together." },
    skus: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["name", "counts"],
        properties: { name: { type: "string" }, counts },
      },
    },
    floors: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["count", "floor", "actual", "ok"],
        properties: {
          count: { type: "string", description: "The dotted path into counts the floor holds." },
          floor: count,
          actual: count,
          ok: { type: "boolean" },
        },
      },
    },
    findings: {
      type: "array",
      description: "Sorted by file, line, column and rule.",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["rule", "file", "line", "column", "sku", "tool", "message"],
        properties: {
          rule: { enum: [...RULE_IDS] },
          file: { type: "string", description: "Relative to the config's folder, `/` separators." },
          line: loc,
          column: { ...loc, description: "1-based, in UTF-16 code units; a BOM is not a column." },
          sku: { type: "string", description: "The SKU's name, or * for a project-wide finding of several SKUs." },
          tool: { type: ["string", "null"] },
          message: { type: "string" },
        },
      },
    },
    descriptions: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["sku", "tool", "served", "tail", "cap", "tokens", "entryTokens", "routes", "unmentioned"],
        properties: {
          sku: { type: "string" },
          tool: { type: "string" },
          served: { type: ["integer", "null"], minimum: 0, description: "The served description's size in UTF-16 code units; null when the census cannot see it." },
          tail: { type: ["integer", "null"], minimum: 0, description: "The reading guide's tail size, or null without one." },
          cap: count,
          tokens: { type: ["integer", "null"], minimum: 0, description: "The served description's size in o200k_base tokens; null when the census cannot see it." },
          entryTokens: {
            type: ["integer", "null"],
            minimum: 0,
            description:
              "The tool's tools/list entry ({name, description, inputSchema} as compact JSON, the input schema as the MCP SDK serialises it) in o200k_base tokens, estimated from the source; null when the census cannot see the description or the input schema.",
          },
          entryUnknown: { type: "string", description: "When entryTokens is null: what the census could not see." },
          routes: {
            type: "array",
            items: { type: "string" },
            description:
              "The status words the tool's body can return (the refusal word for a pass-through or refusal call, the failure word for formatError, each status(word) build; text for a bare sentence).",
          },
          unmentioned: { type: "array", items: { type: "string" }, description: "The routes its served head and tail never name." },
          routesUnseen: { type: "string", description: "When the routes may be incomplete: what the census could not see." },
        },
      },
    },
    validators: {
      type: "array",
      description: "Every shared validator of every SKU, with the parameters its refusal(parameter, sentence) calls name.",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["sku", "validator", "module", "parameters", "callers"],
        properties: {
          sku: { type: "string" },
          validator: { type: "string", description: "The validator's exported name." },
          module: { type: "string", description: "The module declaring it, relative to the config's folder." },
          parameters: { type: "array", items: { type: "string" }, description: "The parameter names its refusals name, sorted." },
          parametersUnseen: { type: "string", description: "When a refusal's parameter cannot be seen: why." },
          callers: { type: "array", items: { type: "string" }, description: "The tools that call it, directly or through another validator." },
        },
      },
    },
  },
} as const;
