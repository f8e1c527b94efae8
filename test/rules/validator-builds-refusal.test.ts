// Rule validator-builds-refusal: a shared validator's return that is not null/undefined, refusal(...) or another validator's result reports at the return's expression.
import rule from "../../rules/validator-builds-refusal.js";
import { at, describeOptionsSchema, edit, inBuffer, onDisk, ruleTester } from "./ruleTester.js";

const RULE = "validator-builds-refusal";
const nearMiss = (name: string, file = "src/helpers.ts") => onDisk(`near-miss/${RULE}/${name}/${file}`);
const red = (name: string) => onDisk(`red/${RULE}/${name}/src/helpers.ts`);

// Red cases.
const arrowString = red("arrow-returns-string");
const bareString = red("returns-bare-string");
const conditional = red("returns-conditional");
const handBuilt = red("returns-hand-built-status");
const localHelper = red("returns-local-helper");
const wrongParameter = red("refusal-names-no-tool-parameter");

// Editor buffers: the reference monitor's helpers with a validator changed and not saved.
const FULL_HELPERS = "monitor/full/src/mcp/helpers.ts";
const sortTemplate = inBuffer(FULL_HELPERS, (text) =>
  edit(text, 'return refusal("sort_by", `sort_by is one of: ${allowed.join(", ")}.`);', 'return `sort_by is one of: ${allowed.join(", ")}.`;'),
);
const asOfFailure = inBuffer(FULL_HELPERS, (text) =>
  edit(
    text,
    'if (Number.isNaN(when)) return refusal("as_of", "as_of is an ISO 8601 timestamp, e.g. 2024-05-01T08:00:00Z.");',
    'if (Number.isNaN(when)) return formatError("as_of", new Error("not a timestamp"));',
  ),
);
const hoursConcat = inBuffer(FULL_HELPERS, (text) =>
  edit(
    text,
    'return refusal("hours_back", "hours_back is a whole number of hours, at least 1.");',
    'return "hours_back is a whole number of hours, " +\n      "at least 1.";',
  ),
);
const liteTopHandBuilt = inBuffer("monitor/lite/src/mcp/helpers.ts", (text) =>
  edit(
    text,
    'return refusal("top", `top is a whole number from 1 to ${MAX_TOP}.`);',
    'return status("invalid", `top is a whole number from 1 to ${MAX_TOP}.`, { parameter: "top" });',
  ),
);

ruleTester.run(RULE, rule, {
  valid: [
    // parameter: each refusal names a parameter of a tool that calls it, hours_back through the validator validateWindow calls
    { name: "near miss: refusal-names-caller-parameter", ...nearMiss("refusal-names-caller-parameter") },
    // parameter: the finding is on the validator's module, not on the tool that calls it
    { name: "red: refusal-names-no-tool-parameter's tool file", ...onDisk(`red/${RULE}/refusal-names-no-tool-parameter/src/tools/top.ts`) },
    // allowed returns: refusal(...), null, undefined, and validateTimeRange/resolveAsOf passing another validator through
    { name: "monitor: full helpers.ts", ...onDisk(FULL_HELPERS) },
    // allowed returns: the lite edition's validators, refusal(...) or null
    { name: "monitor: lite helpers.ts", ...onDisk("monitor/lite/src/mcp/helpers.ts") },
    // scope: resolvers and gates are producers but not validators; their returns are not checked here
    { name: "monitor: full serverResolver.ts (a resolver)", ...onDisk("monitor/full/src/mcp/serverResolver.ts") },
    // scope: a gate module's exports are not validators either
    { name: "monitor: full gates.ts (a gate)", ...onDisk("monitor/full/src/mcp/gates.ts") },
    // names absent: every export is a validator, minus the builder and the two producers (which build by hand)
    { name: "near miss: all-exports-when-names-absent", ...nearMiss("all-exports-when-names-absent") },
    // allowed returns: a bare `return;`, `return undefined`, falling off the end, another validator's result
    { name: "near miss: allowed-returns", ...nearMiss("allowed-returns") },
    // `?:` whose every branch is allowed, in a function and in an arrow's expression body
    { name: "near miss: conditional-of-allowed-returns", ...nearMiss("conditional-of-allowed-returns") },
    // names globs: an export that no glob matches is not a validator
    { name: "near miss: non-matching-export", ...nearMiss("non-matching-export") },
    // default export: a validator module's default export, matched by its declared name, returns refusal(...)
    { name: "near miss: a default-exported validator", ...onDisk("near-miss/pass-through-producer/import-default-validator/src/range.ts") },
    // editor: the red validator returns refusal(...) in the buffer
    {
      name: "editor: returns-bare-string fixed in the buffer",
      ...inBuffer(`red/${RULE}/returns-bare-string/src/helpers.ts`, (text) =>
        edit(text, 'return "top must be a positive integer.";', 'return refusal("top", "top must be a positive integer.");'),
      ),
    },
  ],
  invalid: [
    {
      name: "red: refusal-names-no-tool-parameter (the only caller takes top, not limit)",
      ...wrongParameter,
      errors: [
        {
          messageId: "parameter",
          data: { name: "validateTop", parameter: '"limit"', taken: "get_top_queries takes server_name, top, hours_back", refusal: "refusal" },
          ...at(wrongParameter.code, 17, 49, 'refusal("limit", "top must be a positive integer.")'),
        },
      ],
    },
    {
      name: "red: returns-bare-string",
      ...bareString,
      errors: [
        {
          messageId: "returns",
          data: { name: "validateTop", text: '"top must be a positive integer."', reason: "it is a string built in place", refusal: "refusal" },
          ...at(bareString.code, 17, 49, '"top must be a positive integer."'),
        },
      ],
    },
    {
      name: "red: arrow-returns-string (an arrow's expression body)",
      ...arrowString,
      errors: [{ messageId: "returns", ...at(arrowString.code, 22, 3, 'limit > 1000 ? "limit must be at most 1000." : null') }],
    },
    {
      name: "red: returns-conditional (the whole `?:`)",
      ...conditional,
      errors: [
        {
          messageId: "returns",
          ...at(conditional.code, 18, 10, 'Number.isNaN(top) ? refusal("top", "top must be a number.") : "top must be a positive integer."'),
        },
      ],
    },
    {
      name: "red: returns-hand-built-status (the hand-built finding belongs to hand-built-status)",
      ...handBuilt,
      errors: [{ messageId: "returns", ...at(handBuilt.code, 17, 49, 'status("invalid", "top must be a positive integer.", { parameter: "top" })') }],
    },
    {
      name: "red: returns-local-helper",
      ...localHelper,
      errors: [{ messageId: "returns", ...at(localHelper.code, 21, 49, "topRefusal(top)") }],
    },
    {
      name: "editor: full helpers.ts, validateSortColumn returns a template",
      ...sortTemplate,
      errors: [{ messageId: "returns", ...at(sortTemplate.code, 67, 10, '`sort_by is one of: ${allowed.join(", ")}.`') }],
    },
    {
      name: "editor: full helpers.ts, validateAsOf returns the failure producer's envelope",
      ...asOfFailure,
      errors: [{ messageId: "returns", ...at(asOfFailure.code, 98, 34, 'formatError("as_of", new Error("not a timestamp"))') }],
    },
    {
      name: "editor: full helpers.ts, a concatenation over two lines",
      ...hoursConcat,
      errors: [{ messageId: "returns", ...at(hoursConcat.code, 36, 12, '"hours_back is a whole number of hours, " +\n      "at least 1."') }],
    },
    {
      name: "editor: lite helpers.ts, validateTop builds its refusal with the builder",
      ...liteTopHandBuilt,
      errors: [
        {
          messageId: "returns",
          ...at(liteTopHandBuilt.code, 46, 12, 'status("invalid", `top is a whole number from 1 to ${MAX_TOP}.`, { parameter: "top" })'),
        },
      ],
    },
  ],
});

describeOptionsSchema(RULE, rule);
