// Rule hand-built-status: an envelope with the failure or refusal word built outside its producer reports at the call, the `status` property or the string, with producer-call suggestions.
import rule from "../../rules/hand-built-status.js";
import { at, describeOptionsSchema, edit, inBuffer, onDisk, ruleTester } from "./ruleTester.js";

const RULE = "hand-built-status";
const nearMiss = (name: string, file = "src/tools/top.ts") => onDisk(`near-miss/${RULE}/${name}/${file}`);
const red = (name: string, file = "src/tools/top.ts") => onDisk(`red/${RULE}/${name}/${file}`);

/** `code` after the edits, in order: a suggestion's expected output, written as the changes a reader can check. */
function after(code: string, ...edits: [from: string, to: string][]): string {
  return edits.reduce((text, [from, to]) => edit(text, from, to), code);
}

/** The named import `import { status, validateTop } from "../helpers.js";` of the red cases, extended with a producer. */
const IMPORT = 'import { status, validateTop } from "../helpers.js";';
const importing = (producer: string): [string, string] => [IMPORT, `import { status, validateTop, ${producer} } from "../helpers.js";`];

// Red cases.
const aliased = red("aliased-builder");
const allowWrongWord = red("allow-wrong-word");
const customRefusalWord = red("custom-refusal-word");
const inResolver = red("in-resolver-module", "src/resolver.ts");
const namespaceCall = red("namespace-call");
const objectComputed = red("object-literal-computed-key");
const importedKey = red("imported-key");
const objectQuoted = red("object-literal-quoted-key");
const objectShorthand = red("object-literal-shorthand");
const objectLiteral = red("object-literal");
const seedError = red("seed-status-error");
const serialisedConcat = red("serialised-concat");
const serialisedSpaced = red("serialised-string-spaced");
const serialisedString = red("serialised-string");
const serialisedTemplate = red("serialised-template");
const atTool = red("status-invalid-at-tool");
const unknownInHelper = red("unknown-word");
const unknownInBody = red("unknown-word-in-tool-body");
const wordAsConst = red("word-as-const-object");
const wordEnum = red("word-enum-member");
const wordEscaped = red("word-escaped");
const wordImportedConst = red("word-imported-const");
const wordImportedEnum = red("word-imported-enum");
const wordLocalConst = red("word-local-const");
const wordModuleConst = red("word-module-const");
const wordNamespaceConst = red("word-namespace-const");
const wordSplitBackslash = red("word-split-backslash");
const wordSplitConcat = red("word-split-concat");
const wordTemplate = red("word-template");
const validatorBuild = onDisk("red/validator-builds-refusal/returns-hand-built-status/src/helpers.ts");

// Editor buffers: clean reference-monitor files (or red files) with an envelope typed in by hand and not saved.
const LITE_WAITS = "monitor/lite/src/mcp/tools/waits.ts";
const LITE_WAITS_IMPORT = 'import { formatError, status, validateDatabaseName, validateHoursBack, validateTimeRange, validateTop } from "../helpers.js";';
const liteRefusal = inBuffer(LITE_WAITS, (text) =>
  edit(
    text,
    "if (topError !== null) return topError;",
    'if (topError !== null) return status("invalid", "top is a whole number from 1 to 500.", { parameter: "top" });',
  ),
);
const liteNoHint = inBuffer(LITE_WAITS, (text) =>
  edit(text, 'status("no_data", "No waits recorded in the window.")', 'status("invalid", "No waits recorded in the window.")'),
);
const liteCatch = inBuffer(LITE_WAITS, (text) => edit(text, "return formatError(TOOL, ex);", 'return status("error", String(ex));'));
const liteSplitWord = inBuffer(LITE_WAITS, (text) =>
  edit(text, "return formatError(TOOL, ex);", 'return status("err" +\n          "or", String(ex));'),
);
const liteCatchUnbound = inBuffer(LITE_WAITS, (text) =>
  edit(text, "} catch (ex) {\n        return formatError(TOOL, ex);", '} catch {\n        return status("error", "get_wait_stats failed.");'),
);
const liteNotATool = inBuffer(LITE_WAITS, (text) =>
  edit(
    text,
    "\n    }),\n  );\n}\n",
    '\n    }),\n  );\n}\n\nexport function safely(run: () => string): string {\n  try {\n    return run();\n  } catch (ex) {\n    return status("error", String(ex));\n  }\n}\n',
  ),
);
const liteObject = inBuffer(LITE_WAITS, (text) =>
  edit(
    text,
    'return status("no_data", "No waits recorded in the window.");',
    'return JSON.stringify({ status: "error", message: "No waits recorded in the window." });',
  ),
);
const liteSerialised = inBuffer(LITE_WAITS, (text) =>
  edit(text, 'return status("no_data", "No waits recorded in the window.");', "return '{\"status\":\"invalid\",\"message\":\"No waits recorded.\"}';"),
);
const healthTypeImport = inBuffer("monitor/full/src/mcp/tools/health.ts", (text) =>
  edit(
    text,
    'return status("no_data", "The error log has no entry in the window.");',
    'return status("invalid", "The error log has no entry in the window.", { parameter: "hours_back" });',
  ),
);
const storageNamespace = inBuffer("monitor/full/src/mcp/tools/storage.ts", (text) =>
  edit(
    text,
    'v.status("not_found", "No database of that name on this server.", { database: database ?? "" })',
    'v.status("invalid", "No database of that name on this server.", { parameter: "database" })',
  ),
);
const namespaceRefusal = inBuffer(`red/${RULE}/namespace-call/src/tools/top.ts`, (text) =>
  edit(
    text,
    "const topError = validateTop(top);\n      if (topError != null) return topError;",
    'if (limit > 1000) return h.status("invalid", "limit must be at most 1000.", { parameter: "limit" });',
  ),
);
const refusalImported = inBuffer(`red/${RULE}/status-invalid-at-tool/src/tools/top.ts`, (text) =>
  edit(text, IMPORT, 'import { refusal, status, validateTop } from "../helpers.js";'),
);
const refusalShadowed = inBuffer(`red/${RULE}/status-invalid-at-tool/src/tools/top.ts`, (text) =>
  edit(text, "const topError = validateTop(top);\n      if (topError != null) return topError;", "const refusal = validateTop(top);\n      if (refusal != null) return refusal;"),
);

const AT_TOOL_CALL = 'status("invalid", "limit must be at most 1000.", { parameter: "limit" })';
const LIMIT_REFUSAL = 'refusal("limit", "limit must be at most 1000.")';
const TOP_FAILURE = 'formatError("get_top_queries", ex)';

ruleTester.run(RULE, rule, {
  valid: [
    // binding: a parameter named like the builder is the parameter
    { name: "near miss: parameter-named-status", ...nearMiss("parameter-named-status") },
    // binding: a local arrow named like the builder, in a file that never imports it
    { name: "near miss: local-arrow-named-status", ...nearMiss("local-arrow-named-status") },
    // binding: another object's status method (`ctx.audit?.status("error")`, `res.status(500)`)
    { name: "near miss: optional-member-status", ...nearMiss("optional-member-status") },
    { name: "near miss: response-status", ...nearMiss("response-status") },
    // data: an object whose status is read from a row; prose that mentions an error
    { name: "near miss: object-status-from-row", ...nearMiss("object-status-from-row") },
    { name: "near miss: prose-with-error", ...nearMiss("prose-with-error") },
    // builder and producers: status, formatError and refusal build their own words inside helpers.ts
    { name: "monitor: full helpers.ts", ...onDisk("monitor/full/src/mcp/helpers.ts") },
    // allow-list: force_plan refuses with outcome("invalid", ...), and outcome("not_found", ...) is another word
    { name: "monitor: full queryStore.ts (allow-listed outcome)", ...onDisk("monitor/full/src/mcp/tools/queryStore.ts") },
    // other words: status("no_data" | "empty", ...) are kinds of nothing, not the special words
    { name: "monitor: lite waits.ts (other words)", ...onDisk(LITE_WAITS) },
    // namespace calls of the builder with other words: v.status("not_found", ...)
    { name: "monitor: full storage.ts (namespace builder)", ...onDisk("monitor/full/src/mcp/tools/storage.ts") },
    // allow-list: outcome("invalid", ...) plainly and as a member helpers.outcome(...)
    { name: "near miss: allow-listed-outcome", ...nearMiss("allow-listed-outcome", "src/tools/purge.ts") },
    // builder: a builder that serialises the envelope itself is the builder, not a hand-built envelope
    { name: "near miss: builder-serialises-by-hand (helpers)", ...nearMiss("builder-serialises-by-hand", "src/helpers.ts") },
    // custom words: with "fault"/"refused" configured, "error" and "invalid" are ordinary words
    { name: "near miss: custom-words", ...nearMiss("custom-words") },
    // custom words: formatError and refusal build the configured words inside helpers.ts
    { name: "near miss: custom-words (helpers)", ...nearMiss("custom-words", "src/helpers.ts") },
    // member call on another object: res.status(500) is an HTTP reply's method, not the builder
    { name: "near miss: http-status", ...nearMiss("http-status", "src/tools/export.ts") },
    // data: objects whose status is a variable, a number, another key, or another word
    { name: "near miss: other-words", ...nearMiss("other-words") },
    // data: keys that are constants of another module, none of them `status`
    { name: "near miss: imported-key-not-status", ...nearMiss("imported-key-not-status") },
    // producer: formatError's object literal is its one build of the failure word
    { name: "near miss: formatError builds an object literal", ...onDisk("near-miss/one-failure-producer/object-literal-build/src/helpers.ts") },
    // producer: refusal's hand-serialised string is its one build of the refusal word
    { name: "near miss: refusal serialises by hand", ...onDisk("near-miss/one-refusal-producer/serialised-build/src/helpers.ts") },
    // home: the red case's hand-built call is in resolver.ts; its tool file has none
    { name: "near miss: in-resolver-module's tool file", ...red("in-resolver-module") },
    // editor: the red case with the suggestion applied in the buffer (refusal imported, the call rewritten)
    {
      name: "editor: status-invalid-at-tool fixed as suggested",
      ...inBuffer(`red/${RULE}/status-invalid-at-tool/src/tools/top.ts`, (text) => after(text, importing("refusal"), [AT_TOOL_CALL, LIMIT_REFUSAL])),
    },
  ],
  invalid: [
    {
      name: "red: barrel-renamed (the builder re-exported as reply)",
      ...red("barrel-renamed"),
      errors: [{ messageId: "failure", data: { tool: "Tool get_top_queries: ", what: "this reply(…) call", word: '"error"', failure: "formatError", refusal: "refusal" }, line: 13, column: 16 }],
    },
    {
      name: "red: reflect-apply (the builder passed on as a value)",
      ...red("reflect-apply"),
      errors: [{ messageId: "reference", data: { tool: "Tool get_top_queries: ", name: "status", builder: "status" }, line: 13, column: 30 }],
    },
    {
      name: "red: object-word-conditional (one branch of the word is the failure word)",
      ...red("object-word-conditional"),
      errors: [{ messageId: "failure", data: { tool: "Tool get_top_queries: ", what: "this object literal", word: '"error"', failure: "formatError", refusal: "refusal" }, line: 13, column: 33 }],
    },
    {
      name: "red: string-raw (a serialised envelope in a String.raw template)",
      ...red("string-raw"),
      errors: [{ messageId: "failure", data: { tool: "Tool get_top_queries: ", what: "this hand-serialised JSON string", word: '"error"', failure: "formatError", refusal: "refusal" }, line: 12, column: 16 }],
    },
    {
      name: "red: unlisted-helper-module (a module nobody configured, reached from a tool)",
      ...red("unlisted-helper-module", "src/errors.ts"),
      errors: [{ messageId: "failure", data: { tool: "", what: "this status(…) call", word: '"error"', failure: "formatError", refusal: "refusal" }, line: 5, column: 10 }],
    },
    {
      name: "red: status-invalid-at-tool (suggestion adds the refusal import)",
      ...atTool,
      errors: [
        {
          messageId: "refusal",
          ...at(atTool.code, 13, 32, AT_TOOL_CALL),
          suggestions: [
            {
              messageId: "suggestRefusal",
              data: { replacement: LIMIT_REFUSAL },
              output: after(atTool.code, importing("refusal"), [AT_TOOL_CALL, LIMIT_REFUSAL]),
            },
          ],
        },
      ],
    },
    {
      name: "red: aliased-builder (an alias of the builder is the builder)",
      ...aliased,
      errors: [
        {
          messageId: "refusal",
          ...at(aliased.code, 13, 32, 'envelope("invalid", "limit must be at most 1000.", { parameter: "limit" })'),
          suggestions: [
            {
              messageId: "suggestRefusal",
              output: after(
                aliased.code,
                ['import { status as envelope, validateTop } from "../helpers.js";', 'import { status as envelope, validateTop, refusal } from "../helpers.js";'],
                ['envelope("invalid", "limit must be at most 1000.", { parameter: "limit" })', LIMIT_REFUSAL],
              ),
            },
          ],
        },
      ],
    },
    {
      name: "red: in-resolver-module (outside a tool: no tool prefix)",
      ...inResolver,
      errors: [
        {
          messageId: "refusal",
          ...at(inResolver.code, 16, 43, 'status("invalid", `Unknown server: ${name}.`, { parameter: "server_name" })'),
          suggestions: [
            {
              messageId: "suggestRefusal",
              output: after(
                inResolver.code,
                ['import { status } from "./helpers.js";', 'import { status, refusal } from "./helpers.js";'],
                ['status("invalid", `Unknown server: ${name}.`, { parameter: "server_name" })', 'refusal("server_name", `Unknown server: ${name}.`)'],
              ),
            },
          ],
        },
      ],
    },
    {
      name: "red: namespace-call (the suggestion keeps the qualifier)",
      ...namespaceCall,
      errors: [
        {
          messageId: "failure",
          ...at(namespaceCall.code, 17, 16, 'h.status("error", String(ex))'),
          suggestions: [
            {
              messageId: "suggestFailure",
              data: { replacement: 'h.formatError("get_top_queries", ex)' },
              output: after(namespaceCall.code, ['h.status("error", String(ex))', 'h.formatError("get_top_queries", ex)']),
            },
          ],
        },
      ],
    },
    {
      name: "red: seed-status-error (not in a catch: no suggestion)",
      ...seedError,
      errors: [{ messageId: "failure", ...at(seedError.code, 14, 32, 'status("error", limitError)'), suggestions: [] }],
    },
    {
      name: "red: custom-refusal-word (no parameter hint: no suggestion)",
      ...customRefusalWord,
      errors: [{ messageId: "refusal", ...at(customRefusalWord.code, 13, 32, 'status("refused", "limit must be at most 1000.")'), suggestions: [] }],
    },
    {
      name: "red: allow-wrong-word",
      ...allowWrongWord,
      errors: [
        {
          messageId: "notAllowed",
          data: { tool: "Tool get_top_queries: ", callee: "outcome", allowed: '"invalid"', word: '"error"' },
          ...at(allowWrongWord.code, 16, 16, 'outcome("error", String(ex))'),
          suggestions: [],
        },
      ],
    },
    {
      name: "red: unknown-word (in a helper of a tool file)",
      ...unknownInHelper,
      errors: [{ messageId: "unknownWord", ...at(unknownInHelper.code, 6, 10, "status(word, message)"), suggestions: [] }],
    },
    {
      name: "red: unknown-word-in-tool-body",
      ...unknownInBody,
      errors: [{ messageId: "unknownWord", ...at(unknownInBody.code, 15, 47, 'status(word, "Nothing to list.")'), suggestions: [] }],
    },
    {
      name: "red: object-literal",
      ...objectLiteral,
      errors: [{ messageId: "refusal", ...at(objectLiteral.code, 13, 49, 'status: "invalid"'), suggestions: [] }],
    },
    {
      name: "red: object-literal-computed-key",
      ...objectComputed,
      errors: [{ messageId: "failure", ...at(objectComputed.code, 16, 33, '["status"]: "error"'), suggestions: [] }],
    },
    {
      name: "red: object-literal-quoted-key",
      ...objectQuoted,
      errors: [{ messageId: "failure", ...at(objectQuoted.code, 16, 33, '"status": "error"'), suggestions: [] }],
    },
    {
      name: "red: imported-key (the status key a constant of another module)",
      ...importedKey,
      errors: [
        { messageId: "failure", data: { tool: "Tool get_top_queries: ", what: "this assignment to `status`", word: '"error"', failure: "formatError", refusal: "refusal" }, ...at(importedKey.code, 15, 9, "envelope[STATUS_KEY]"), suggestions: [] },
        { messageId: "failure", ...at(importedKey.code, 18, 64, '[STATUS_KEY, "error"]'), suggestions: [] },
        { messageId: "failure", ...at(importedKey.code, 23, 33, '[STATUS_KEY]: "error"'), suggestions: [] },
      ],
    },
    {
      name: "red: object-literal-shorthand",
      ...objectShorthand,
      errors: [{ messageId: "refusal", ...at(objectShorthand.code, 15, 49, "status"), suggestions: [] }],
    },
    {
      name: "red: serialised-concat (the whole `+` chain)",
      ...serialisedConcat,
      errors: [{ messageId: "failure", ...at(serialisedConcat.code, 16, 22, "'{\"status\":\"error\",\"message\":\"' + String(ex) + '\"}'"), suggestions: [] }],
    },
    {
      name: "red: serialised-string-spaced",
      ...serialisedSpaced,
      errors: [
        {
          messageId: "refusal",
          ...at(serialisedSpaced.code, 13, 23, "'{ \"status\": \"invalid\", \"message\": \"limit must be at most 1000.\" }'"),
          suggestions: [],
        },
      ],
    },
    {
      name: "red: serialised-string",
      ...serialisedString,
      errors: [
        { messageId: "refusal", ...at(serialisedString.code, 13, 23, "'{\"status\":\"invalid\",\"message\":\"limit must be at most 1000.\"}'"), suggestions: [] },
      ],
    },
    {
      name: "red: serialised-template",
      ...serialisedTemplate,
      errors: [
        {
          messageId: "refusal",
          ...at(serialisedTemplate.code, 13, 23, '`{"status":"invalid","message":"limit must be at most 1000, not ${limit}."}`'),
          suggestions: [],
        },
      ],
    },
    {
      name: "red: word-as-const-object",
      ...wordAsConst,
      errors: [{ messageId: "refusal", ...at(wordAsConst.code, 15, 32, 'status(WORDS.refusal, "limit must be at most 1000.")'), suggestions: [] }],
    },
    {
      name: "red: word-enum-member",
      ...wordEnum,
      errors: [
        {
          messageId: "failure",
          ...at(wordEnum.code, 21, 16, "status(Outcome.Failed, String(ex))"),
          suggestions: [
            { messageId: "suggestFailure", output: after(wordEnum.code, importing("formatError"), ["status(Outcome.Failed, String(ex))", TOP_FAILURE]) },
          ],
        },
      ],
    },
    {
      name: "red: word-escaped",
      ...wordEscaped,
      errors: [
        {
          messageId: "failure",
          ...at(wordEscaped.code, 16, 16, 'status("\\u0065rror", String(ex))'),
          suggestions: [
            { messageId: "suggestFailure", output: after(wordEscaped.code, importing("formatError"), ['status("\\u0065rror", String(ex))', TOP_FAILURE]) },
          ],
        },
      ],
    },
    {
      name: "red: word-imported-const",
      ...wordImportedConst,
      errors: [
        {
          messageId: "failure",
          ...at(wordImportedConst.code, 17, 16, "status(FAILED, String(ex))"),
          suggestions: [
            { messageId: "suggestFailure", output: after(wordImportedConst.code, importing("formatError"), ["status(FAILED, String(ex))", TOP_FAILURE]) },
          ],
        },
      ],
    },
    {
      name: "red: word-imported-enum",
      ...wordImportedEnum,
      errors: [{ messageId: "refusal", ...at(wordImportedEnum.code, 14, 32, 'status(Word.Refusal, "limit must be at most 1000.")'), suggestions: [] }],
    },
    {
      name: "red: word-local-const",
      ...wordLocalConst,
      errors: [
        {
          messageId: "failure",
          ...at(wordLocalConst.code, 17, 16, "status(FAILED, String(ex))"),
          suggestions: [
            { messageId: "suggestFailure", output: after(wordLocalConst.code, importing("formatError"), ["status(FAILED, String(ex))", TOP_FAILURE]) },
          ],
        },
      ],
    },
    {
      name: "red: word-module-const",
      ...wordModuleConst,
      errors: [{ messageId: "refusal", ...at(wordModuleConst.code, 15, 32, 'status(REFUSED, "limit must be at most 1000.")'), suggestions: [] }],
    },
    {
      name: "red: word-namespace-const",
      ...wordNamespaceConst,
      errors: [
        {
          messageId: "failure",
          ...at(wordNamespaceConst.code, 17, 16, "status(words.FAILED, String(ex))"),
          suggestions: [
            {
              messageId: "suggestFailure",
              output: after(wordNamespaceConst.code, importing("formatError"), ["status(words.FAILED, String(ex))", TOP_FAILURE]),
            },
          ],
        },
      ],
    },
    {
      name: "red: word-split-backslash (a call over two lines)",
      ...wordSplitBackslash,
      errors: [
        {
          messageId: "failure",
          ...at(wordSplitBackslash.code, 16, 16, 'status("err\\\nor", `get_top_queries failed: ${String(ex)}`)'),
          suggestions: [
            {
              messageId: "suggestFailure",
              output: after(wordSplitBackslash.code, importing("formatError"), ['status("err\\\nor", `get_top_queries failed: ${String(ex)}`)', TOP_FAILURE]),
            },
          ],
        },
      ],
    },
    {
      name: "red: word-split-concat (a call over two lines)",
      ...wordSplitConcat,
      errors: [
        {
          messageId: "failure",
          ...at(wordSplitConcat.code, 16, 16, 'status("err" +\n          "or", `get_top_queries failed: ${String(ex)}`)'),
          suggestions: [
            {
              messageId: "suggestFailure",
              output: after(
                wordSplitConcat.code,
                importing("formatError"),
                ['status("err" +\n          "or", `get_top_queries failed: ${String(ex)}`)', TOP_FAILURE],
              ),
            },
          ],
        },
      ],
    },
    {
      name: "red: word-template",
      ...wordTemplate,
      errors: [
        {
          messageId: "failure",
          ...at(wordTemplate.code, 16, 16, "status(`error`, String(ex))"),
          suggestions: [{ messageId: "suggestFailure", output: after(wordTemplate.code, importing("formatError"), ["status(`error`, String(ex))", TOP_FAILURE]) }],
        },
      ],
    },
    {
      name: "red: a validator returns a hand-built refusal (refusal is declared beside it: no import)",
      ...validatorBuild,
      errors: [
        {
          messageId: "refusal",
          data: {
            tool: "",
            what: "this status(…) call",
            word: '"invalid"',
            failure: "formatError",
            refusal: "refusal",
          },
          ...at(validatorBuild.code, 17, 49, 'status("invalid", "top must be a positive integer.", { parameter: "top" })'),
          suggestions: [
            {
              messageId: "suggestRefusal",
              output: after(validatorBuild.code, [
                'status("invalid", "top must be a positive integer.", { parameter: "top" })',
                'refusal("top", "top must be a positive integer.")',
              ]),
            },
          ],
        },
      ],
    },
    {
      name: "editor: lite waits.ts, status(invalid) with a parameter hint (refusal added to the helpers import)",
      ...liteRefusal,
      errors: [
        {
          messageId: "refusal",
          ...at(liteRefusal.code, 34, 37, 'status("invalid", "top is a whole number from 1 to 500.", { parameter: "top" })'),
          suggestions: [
            {
              messageId: "suggestRefusal",
              data: { replacement: 'refusal("top", "top is a whole number from 1 to 500.")' },
              output: after(
                liteRefusal.code,
                [LITE_WAITS_IMPORT, LITE_WAITS_IMPORT.replace("validateTop }", "validateTop, refusal }")],
                ['status("invalid", "top is a whole number from 1 to 500.", { parameter: "top" })', 'refusal("top", "top is a whole number from 1 to 500.")'],
              ),
            },
          ],
        },
      ],
    },
    {
      name: "editor: status(invalid) where refusal is already imported (no import added)",
      ...refusalImported,
      errors: [
        {
          messageId: "refusal",
          ...at(refusalImported.code, 13, 32, AT_TOOL_CALL),
          suggestions: [{ messageId: "suggestRefusal", output: after(refusalImported.code, [AT_TOOL_CALL, LIMIT_REFUSAL]) }],
        },
      ],
    },
    {
      name: "editor: full health.ts, the import ends with a type-only specifier",
      ...healthTypeImport,
      errors: [
        {
          messageId: "refusal",
          ...at(healthTypeImport.code, 121, 39, 'status("invalid", "The error log has no entry in the window.", { parameter: "hours_back" })'),
          suggestions: [
            {
              messageId: "suggestRefusal",
              output: after(
                healthTypeImport.code,
                [
                  'import { formatError, status, validateHoursBack, type Envelope } from "../helpers.js";',
                  'import { formatError, status, validateHoursBack, type Envelope, refusal } from "../helpers.js";',
                ],
                [
                  'status("invalid", "The error log has no entry in the window.", { parameter: "hours_back" })',
                  'refusal("hours_back", "The error log has no entry in the window.")',
                ],
              ),
            },
          ],
        },
      ],
    },
    {
      name: "editor: full storage.ts, a namespace call keeps its qualifier (v.refusal)",
      ...storageNamespace,
      errors: [
        {
          messageId: "refusal",
          ...at(storageNamespace.code, 29, 39, 'v.status("invalid", "No database of that name on this server.", { parameter: "database" })'),
          suggestions: [
            {
              messageId: "suggestRefusal",
              data: { replacement: 'v.refusal("database", "No database of that name on this server.")' },
              output: after(storageNamespace.code, [
                'v.status("invalid", "No database of that name on this server.", { parameter: "database" })',
                'v.refusal("database", "No database of that name on this server.")',
              ]),
            },
          ],
        },
      ],
    },
    {
      name: "editor: namespace-call refusing with h.status (the suggestion is h.refusal, no import)",
      ...namespaceRefusal,
      errors: [
        {
          messageId: "refusal",
          ...at(namespaceRefusal.code, 11, 32, 'h.status("invalid", "limit must be at most 1000.", { parameter: "limit" })'),
          suggestions: [
            {
              messageId: "suggestRefusal",
              data: { replacement: 'h.refusal("limit", "limit must be at most 1000.")' },
              output: after(namespaceRefusal.code, ['h.status("invalid", "limit must be at most 1000.", { parameter: "limit" })', 'h.refusal("limit", "limit must be at most 1000.")']),
            },
          ],
        },
        {
          messageId: "failure",
          ...at(namespaceRefusal.code, 16, 16, 'h.status("error", String(ex))'),
          suggestions: [
            {
              messageId: "suggestFailure",
              output: after(namespaceRefusal.code, ['h.status("error", String(ex))', 'h.formatError("get_top_queries", ex)']),
            },
          ],
        },
      ],
    },
    {
      name: "editor: lite waits.ts, status(error) in the catch of get_wait_stats (name from a const)",
      ...liteCatch,
      errors: [
        {
          messageId: "failure",
          ...at(liteCatch.code, 43, 16, 'status("error", String(ex))'),
          suggestions: [
            {
              messageId: "suggestFailure",
              data: { replacement: 'formatError("get_wait_stats", ex)' },
              output: after(liteCatch.code, ['status("error", String(ex))', 'formatError("get_wait_stats", ex)']),
            },
          ],
        },
      ],
    },
    {
      name: 'editor: lite waits.ts, "error" split across a line break',
      ...liteSplitWord,
      errors: [
        {
          messageId: "failure",
          ...at(liteSplitWord.code, 43, 16, 'status("err" +\n          "or", String(ex))'),
          suggestions: [
            {
              messageId: "suggestFailure",
              output: after(liteSplitWord.code, ['status("err" +\n          "or", String(ex))', 'formatError("get_wait_stats", ex)']),
            },
          ],
        },
      ],
    },
    {
      name: "editor: lite waits.ts, status(invalid) without a parameter hint: no suggestion",
      ...liteNoHint,
      errors: [{ messageId: "refusal", ...at(liteNoHint.code, 40, 39, 'status("invalid", "No waits recorded in the window.")'), suggestions: [] }],
    },
    {
      name: "editor: lite waits.ts, a catch without a binding: no suggestion",
      ...liteCatchUnbound,
      errors: [{ messageId: "failure", ...at(liteCatchUnbound.code, 43, 16, 'status("error", "get_wait_stats failed.")'), suggestions: [] }],
    },
    {
      name: "editor: lite waits.ts, a catch in a function that is not a tool body: no suggestion",
      ...liteNotATool,
      errors: [
        {
          messageId: "failure",
          data: { tool: "", what: "this status(…) call", word: '"error"', failure: "formatError", refusal: "refusal" },
          ...at(liteNotATool.code, 113, 12, 'status("error", String(ex))'),
          suggestions: [],
        },
      ],
    },
    {
      name: "editor: lite waits.ts, an object literal (at its status property)",
      ...liteObject,
      errors: [{ messageId: "failure", ...at(liteObject.code, 40, 56, 'status: "error"'), suggestions: [] }],
    },
    {
      name: "editor: lite waits.ts, a hand-serialised string",
      ...liteSerialised,
      errors: [{ messageId: "refusal", ...at(liteSerialised.code, 40, 39, "'{\"status\":\"invalid\",\"message\":\"No waits recorded.\"}'"), suggestions: [] }],
    },
    {
      // A local `refusal` (here the validator's result) is in scope: `refusal("limit", …)` would call a string.
      // The suggestion must not be offered (suggestions.ts: "No suggestion when the rewrite would have to guess").
      name: "editor: a local binding named refusal shadows the producer: no suggestion",
      ...refusalShadowed,
      errors: [{ messageId: "refusal", ...at(refusalShadowed.code, 13, 32, AT_TOOL_CALL), suggestions: [] }],
    },
  ],
});

describeOptionsSchema(RULE, rule);
