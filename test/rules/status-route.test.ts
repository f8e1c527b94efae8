// Rule status-route: a served description (or its reading guide) naming a status word its tool can never return, at the
// description's expression (the guide entry, for a tail); with descriptions.routes "all", a refusal or failure never named.
import rule from "../../rules/status-route.js";
import { at, describeOptionsSchema, edit, inBuffer, onDisk, ruleTester } from "./ruleTester.js";

const RULE = "status-route";
const nearMiss = (name: string, file = "src/tools/waits.ts") => onDisk(`near-miss/${RULE}/${name}/${file}`);
const red = (name: string, file = "src/tools/waits.ts") => onDisk(`red/${RULE}/${name}/${file}`);

// Red cases.
const noData = red("head-names-no-data");
const invalid = red("promises-invalid", "src/tools/clock.ts");
const tail = red("tail-names-not-found", "src/toolGuide.ts");
const unsaid = red("routes-all-unsaid");

/** The unreturned message's data for a tool whose routes are the refusal and the failure. */
const unreturned = (tool: string, part: string, word: string, routes = '"invalid", "error"') => ({ tool, part, word: JSON.stringify(word), routes });

// Editor buffers: the reference monitor's get_wait_stats head made to promise a word, then one it returns.
const FULL_WAITS = "monitor/full/src/mcp/tools/waits.ts";
const HEAD = '"Top waits on a server over the last hours, benign waits removed, with what each usually means. " +';
const promisesNotFound = inBuffer(FULL_WAITS, (text) => edit(text, HEAD, `"Top waits on a server over the last hours, benign waits removed; an unknown server answers 'not_found'. " +`));
const promisesNoData = inBuffer(FULL_WAITS, (text) => edit(text, HEAD, `"Top waits on a server over the last hours, benign waits removed; an empty window answers 'no_data'. " +`));

ruleTester.run(RULE, rule, {
  valid: [
    // the reference monitor's descriptions name no status word
    { name: "monitor: full waits.ts", ...onDisk(FULL_WAITS) },
    // a sense that is no status: "error log", "an invalid clock", unquoted
    { name: "near miss: word-in-another-sense", ...nearMiss("word-in-another-sense", "src/tools/clock.ts") },
    // "no_data" is returned, through a helper function the body calls
    { name: "near miss: word-it-returns", ...nearMiss("word-it-returns") },
    // "invalid" is returned through the pass-through of a shared validator's refusal
    { name: "near miss: refusal-through-shared-validator", ...nearMiss("refusal-through-shared-validator") },
    // routes "all": each tool names its refusal and failure, in its head or in its reading guide
    { name: "near miss: routes-all-said", ...nearMiss("routes-all-said") },
    { name: "near miss: routes-all-said's guide", ...nearMiss("routes-all-said", "src/toolGuide.ts") },
    // a word the tool returns, promised in an editor's buffer
    { name: "editor: get_wait_stats promising 'no_data', which it returns", code: promisesNoData.code, filename: promisesNoData.filename, after: promisesNoData.after },
    // the tail's word is reported on the guide module, not on the tool's file
    { name: "red: tail-names-not-found's waits.ts", ...red("tail-names-not-found") },
  ],
  invalid: [
    {
      name: "red: head-names-no-data",
      ...noData,
      errors: [
        {
          messageId: "unreturned",
          data: unreturned("get_wait_stats", "description", "no_data"),
          ...at(noData.code, 11, 9, `"Top waits on one server over the last hours_back hours, largest first. " +\n        'An empty window answers {"status":"no_data"}.'`),
        },
      ],
    },
    {
      name: "red: promises-invalid (a tool that never refuses)",
      ...invalid,
      errors: [
        {
          messageId: "unreturned",
          data: unreturned("get_server_time", "description", "invalid", "no status word"),
          ...at(invalid.code, 9, 9, `"The monitored server's clock in UTC. A bad request answers {\\"status\\":\\"invalid\\"} with hints.parameter."`),
        },
      ],
    },
    {
      name: "red: tail-names-not-found, at the guide entry",
      ...tail,
      errors: [
        {
          messageId: "unreturned",
          data: unreturned("get_wait_stats", "reading guide in src/toolGuide.ts", "not_found"),
          ...at(
            tail.code,
            3,
            3,
            `get_wait_stats:\n    "Top waits on one server over the last hours_back hours, largest first. A server it does not know answers 'not_found'."`,
          ),
        },
      ],
    },
    {
      name: "red: routes-all-unsaid (descriptions.routes all)",
      ...unsaid,
      errors: [
        {
          messageId: "unsaid",
          data: { tool: "get_top_queries", word: '"error"', how: "formatError(…) at src/tools/waits.ts:38" },
          ...at(unsaid.code, 31, 20, '"The costliest queries in Query Store over the last hours_back hours, by total duration, largest first."'),
        },
        {
          messageId: "unsaid",
          data: { tool: "get_top_queries", word: '"invalid"', how: "the pass-through `if (topError != null) return topError;` at src/tools/waits.ts:34" },
          ...at(unsaid.code, 31, 20, '"The costliest queries in Query Store over the last hours_back hours, by total duration, largest first."'),
        },
      ],
    },
    {
      name: "editor: get_wait_stats promising 'not_found', which it never returns",
      ...promisesNotFound,
      errors: [
        {
          messageId: "unreturned",
          data: unreturned("get_wait_stats", "description", "not_found", '"invalid", "error", "no_data"'),
          ...at(
            promisesNotFound.code,
            59,
            9,
            `"Top waits on a server over the last hours, benign waits removed; an unknown server answers 'not_found'. " +\n        "Reading guide: get_tool_guide."`,
          ),
        },
      ],
    },
  ],
});

describeOptionsSchema(RULE, rule);
