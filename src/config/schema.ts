// JSON Schemas of payload-census.config.json and of the roster file: the single source of truth for their shape, defaults and the shipped schema/*.json.
import type { FromSchema } from "json-schema-to-ts";

const stringList = { type: "array", items: { type: "string", minLength: 1 } } as const;

export const configSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "payload-census configuration",
  description:
    "payload-census.config.json: where the monitor's SKUs, producers and tools live, the payload contract's names and words, and the census gates (floors, description budget, parity pins). JSON with comments.",
  type: "object",
  additionalProperties: false,
  required: ["skus"],
  properties: {
    $schema: {
      type: "string",
      description: "The JSON Schema this file follows, for editors (e.g. ./node_modules/payload-census/schema/config.schema.json).",
    },
    skus: {
      type: "array",
      description: "Each SKU is one MCP server built from the monitor's sources; every check runs per SKU.",
      minItems: 1,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["name", "root", "helpers", "producers", "tools"],
        properties: {
          name: { type: "string", minLength: 1, description: "Name of the SKU, unique in the config; it labels findings and counts." },
          root: {
            type: "string",
            minLength: 1,
            description: "Folder of the SKU's sources, relative to the config's folder. Every other path of the SKU is relative to it.",
          },
          helpers: {
            type: "string",
            minLength: 1,
            description: "Module holding the builder, the failure producer and the refusal producer (status, formatError, refusal).",
          },
          producers: {
            type: "array",
            description: "Shared producer modules: a pass-through must trace to a call of one of their exports.",
            items: {
              type: "object",
              additionalProperties: false,
              required: ["module", "category"],
              properties: {
                module: { type: "string", minLength: 1, description: "The producer module, relative to the SKU's root." },
                category: {
                  type: "string",
                  enum: ["resolver", "validator", "gate"],
                  description: "What its exports are: server resolvers, parameter validators, or gates. Pass-throughs are counted by category.",
                },
                names: {
                  ...stringList,
                  minItems: 1,
                  description: "Globs on export names that are producers (e.g. \"validate*\"). Absent: every export.",
                },
              },
            },
          },
          tools: {
            ...stringList,
            minItems: 1,
            description:
              "Globs of the tool source files, relative to the SKU's root; each must match at least one file. A glob starting with \"!\" excludes. node_modules and .d.ts files are never included.",
          },
          guide: {
            type: "string",
            minLength: 1,
            description: "Module holding the description tails keyed by tool name (served by get_tool_guide). Absent: no guide.",
          },
          instructions: {
            type: "string",
            minLength: 1,
            description: "Module holding the server instructions, checked by the parity pins. Absent: none.",
          },
        },
      },
    },
    contract: {
      type: "object",
      additionalProperties: false,
      description: "The names of the payload contract: its builder, its two producers and its status words.",
      properties: {
        builder: { type: "string", minLength: 1, default: "status", description: "The one low-level envelope builder: builder(word, message, hints?)." },
        failure: {
          type: "string",
          minLength: 1,
          default: "formatError",
          description: "The only function that builds the failure word: failure(operation, ex).",
        },
        refusal: {
          type: "string",
          minLength: 1,
          default: "refusal",
          description: "The only function that builds the refusal word: refusal(parameter, sentence).",
        },
        words: {
          type: "object",
          additionalProperties: false,
          description: "The status vocabulary.",
          properties: {
            failure: { type: "string", minLength: 1, default: "error", description: "The failure word: an unexpected fault (HTTP 500)." },
            refusal: {
              type: "string",
              minLength: 1,
              default: "invalid",
              description: "The refusal word: the request as given cannot be served (HTTP 400).",
            },
            other: {
              ...stringList,
              uniqueItems: true,
              default: ["no_data", "not_found", "empty", "unavailable"],
              description: "The other words: kinds of \"nothing\". Each must differ from the failure and refusal words.",
            },
          },
        },
        allow: {
          type: "array",
          default: [],
          description: "Other functions sanctioned to build some words (e.g. write tools' outcome(\"invalid\", ...)).",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["callee", "words"],
            properties: {
              callee: { type: "string", minLength: 1, description: "The function's name, matched by the called name, plain or as a member." },
              words: { ...stringList, minItems: 1, description: "The status words it may build." },
            },
          },
        },
      },
    },
    carriers: {
      ...stringList,
      default: [],
      description: "Globs on function names whose parameters may be passed through as they came (\"carried\").",
    },
    discovery: {
      type: "object",
      additionalProperties: false,
      description: "How tool bodies are found.",
      properties: {
        register: {
          ...stringList,
          default: ["registerTool", "tool"],
          description: "Method names of the MCP SDK's server that register a tool with a handler: server.registerTool(name, config, handler).",
        },
        adapters: {
          ...stringList,
          default: [],
          description: "Functions that wrap a handler (textTool(fn)): the census unwraps them to reach the tool body.",
        },
        definers: {
          type: "array",
          default: ["defineTool"],
          description:
            "Functions that define a tool from an object: defineTool({ name, description, run }). An object entry names where a definer keeps each part, as dotted property paths: { \"callee\": \"defineTabTool\", \"name\": \"schema.name\", \"description\": \"schema.description\", \"body\": \"handle\" }.",
          items: {
            anyOf: [
              { type: "string", minLength: 1 },
              {
                type: "object",
                additionalProperties: false,
                required: ["callee"],
                properties: {
                  callee: { type: "string", minLength: 1, description: "The definer's name, as it is called (defineTabTool, or the method of addTool)." },
                  name: { type: "string", minLength: 1, default: "name", description: "Property path of the tool's name in the definer's object." },
                  description: { type: "string", minLength: 1, default: "description", description: "Property path of the tool's description." },
                  body: { type: "string", minLength: 1, description: "Property path of the function that answers the tool. Absent: bodyKey." },
                },
              },
            ],
          },
        },
        bodyKey: {
          type: "string",
          minLength: 1,
          default: "run",
          description: "The property holding the tool body in a definer's object (and in the one object a registration method such as addTool({ … }) takes).",
        },
        classes: {
          type: "array",
          default: [],
          description:
            "Tool classes: every class that extends the named base class (directly or through other classes) and is not abstract is one tool, its name, description and body read from the named members (static or instance fields, getters, methods).",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["extends"],
            properties: {
              extends: { type: "string", minLength: 1, description: "The base class's name, as it is declared or imported (ToolBase)." },
              name: { type: "string", minLength: 1, default: "name", description: "The member holding the tool's name (name, or a static toolName)." },
              description: { type: "string", minLength: 1, default: "description", description: "The member holding the description." },
              body: { type: "string", minLength: 1, default: "execute", description: "The method that answers the tool." },
            },
          },
        },
        lists: {
          type: "boolean",
          default: true,
          description:
            "Read tools as data: the objects a low-level server's ListToolsRequestSchema handler returns, each answered by the matching branch of its CallToolRequestSchema handler.",
        },
      },
    },
    roster: {
      type: "string",
      minLength: 1,
      default: "payload-census.roster.json",
      description: "The roster file (the deliberate bare sentences), relative to the config's folder. It may not exist yet.",
    },
    floors: {
      type: "object",
      default: {},
      description:
        "Minimum census counts, keyed by their path in the report's counts (e.g. \"passThroughs.total\"): a count below its floor fails, as its matcher may have gone dark.",
      additionalProperties: { type: "integer", minimum: 0 },
    },
    descriptions: {
      type: "object",
      additionalProperties: false,
      description: "The budget of the descriptions tools/list serves.",
      properties: {
        cap: { type: "integer", minimum: 1, default: 2048, description: "Largest served description of a tool, in UTF-16 code units." },
        caps: {
          type: "object",
          default: {},
          description: "Per-tool caps overriding cap, keyed by tool name.",
          additionalProperties: { type: "integer", minimum: 1 },
        },
        total: {
          type: ["integer", "null"],
          minimum: 1,
          default: null,
          description: "Largest catalog total per SKU (sum of served descriptions), in UTF-16 code units. null: no budget.",
        },
        pointer: {
          type: "string",
          minLength: 1,
          default: "Reading guide: get_tool_guide.",
          description: "The sentence ending a head that has its tail in the guide.",
        },
        pins: {
          type: "object",
          default: {},
          description: "Phrases each tool's served description must contain, keyed by tool name.",
          additionalProperties: { ...stringList, minItems: 1 },
        },
        clientLimits: {
          type: "array",
          items: { type: "integer", minimum: 1 },
          default: [40, 80],
          description: "Tool-count limits of MCP clients the census reports each SKU's catalog against.",
        },
        tokenCap: {
          type: ["integer", "null"],
          minimum: 1,
          default: null,
          description: "Largest served description of a tool in o200k_base tokens. null: no token cap.",
        },
        tokenTotal: {
          type: ["integer", "null"],
          minimum: 1,
          default: null,
          description: "Largest catalog total per SKU (sum of served descriptions) in o200k_base tokens. null: no token budget.",
        },
        routes: {
          enum: ["named", "all"],
          default: "named",
          description:
            "named: status-route fails a description naming a status word its tool can never return. all: also a tool that can refuse or fail whose description never says so.",
        },
      },
    },
    parity: {
      type: "array",
      default: [],
      description: "Fragments that must be byte-identical in every SKU's instructions module.",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["name", "text"],
        properties: {
          name: { type: "string", minLength: 1, description: "Name of the pin, unique in the config; it labels findings." },
          text: { type: "string", minLength: 1, description: "The exact fragment." },
        },
      },
    },
  },
} as const;

/** The config as written (defaults not applied). */
export type RawConfig = FromSchema<typeof configSchema, { keepDefaultedPropertiesOptional: true }>;

export const rosterSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "payload-census roster",
  description:
    "The deliberate bare sentences: plain strings returned from tool bodies that are not envelopes. Exact: every bare sentence is listed, every entry occurs in the code. Written by `payload-census roster --write`.",
  type: "object",
  additionalProperties: false,
  required: ["schemaVersion", "entries"],
  properties: {
    $schema: { type: "string", description: "The JSON Schema this file follows, for editors." },
    schemaVersion: { const: 1, description: "Version of this format." },
    entries: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["file", "tool", "sentence"],
        properties: {
          file: { type: "string", minLength: 1, description: "The tool's source file, relative to the config's folder, `/` separators." },
          tool: { type: "string", minLength: 1, description: "The tool's name." },
          sentence: { type: "string", description: "The canonical text: the cooked string, each substitution or non-literal operand written ${…}." },
          count: { type: "integer", minimum: 1, description: "How often the sentence occurs in the tool (absent: once)." },
          note: { type: "string", description: "Why the sentence is deliberate; kept by roster --write." },
        },
      },
    },
  },
} as const;

export type RawRoster = FromSchema<typeof rosterSchema>;

/** The schemas shipped in the package, by path relative to the package root. */

/** The exact text of a shipped schema file. */
export function schemaText(schema: object): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
