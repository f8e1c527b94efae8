// Rule description-budget: a served description over its cap, or unknown, reports at the description's expression (an unnamed tool at its name); a catalog over its total on the SKU's helpers module at 1:1.
import rule from "../../rules/description-budget.js";
import { FIRST_CHARACTER, at, describeOptionsSchema, diskText, edit, inBuffer, onDisk, ruleTester, withOtherBuffer, type Span } from "./ruleTester.js";

const RULE = "description-budget";
const POINTER = '"Reading guide: get_tool_guide."';
const nearMiss = (name: string, file: string) => onDisk(`near-miss/${RULE}/${name}/${file}`);
const red = (name: string, file = "src/tools/waits.ts") => onDisk(`red/${RULE}/${name}/${file}`);

/** The span of an expression too long to write out: from where `start` starts to where `end` ends (each checked by `at`). */
const spanning = (start: Span, end: Span): Span => ({ line: start.line, column: start.column, endLine: end.endLine, endColumn: end.endColumn });

/** The overCap message's data: the tool, its served size and its cap (the pointer is the default one). */
const overCap = (tool: string, served: number, cap: number) => ({ tool, served: String(served), cap: String(cap), pointer: POINTER });

// Red cases.
const catalogHelpers = red("catalog-over-total", "src/helpers.ts");
const utf16 = red("over-cap-utf16", "src/tools/waitHistory.ts");
const defaultCap = red("over-default-cap");
const toolCap = red("over-tool-cap");
const tokenCap = red("over-token-cap");
const tokenTotalHelpers = red("catalog-over-token-total", "src/helpers.ts");
/** get_wait_stats of over-token-cap and exactly-at-token-cap: 164 characters, 38 tokens (an em dash, and "🕒" outside the BMP). */
const TOKEN_HEAVY =
  '"Top waits on one server over the last hours_back hours, benign waits removed, largest first. " +\n        "Each row gives wait_ms, signal_ms — and what the wait usually means 🕒."';

// Editor buffers.
const FULL_WAITS = "monitor/full/src/mcp/tools/waits.ts";
const LITE_WAITS = "monitor/lite/src/mcp/tools/waits.ts";
// 36 characters more: the split head of get_wait_stats goes from 125 to 161, one past its own cap of 160.
const fullHeadOverCap = inBuffer(FULL_WAITS, (text) =>
  edit(text, '"Top waits on a server over the last hours, benign waits removed, with what each usually means. " +', '"Top waits on a server over the last hours, benign waits removed, with what each usually means, and which of them point at the log. " +'),
);
// exactly-at-cap's "é" written decomposed (e + U+0301): it looks the same, and is one UTF-16 code unit longer (2049).
const AT_CAP = `near-miss/${RULE}/exactly-at-cap/src/tools/waitHistory.ts`;
const atCapDecomposed = inBuffer(AT_CAP, (text) => edit(text, "Montréal-01", "Montre\u0301al-01"));
// imported-consts-and-templates sits exactly at get_wait_stats's cap (183) and at the catalog's total (335): one character more.
const CONSTS = `near-miss/${RULE}/imported-consts-and-templates`;
const constsOneMore = edit(diskText(`${CONSTS}/src/tools/waits.ts`), "`Top waits on one server over", "`Top waits on one server, over");
const constsOneMoreBuffer = inBuffer(`${CONSTS}/src/tools/waits.ts`, () => constsOneMore);
// The lite edition's get_wait_history serves 60,200 characters: over its cap, and the lite catalog over its total of 60,000.
const HUGE = "Wait time per wait type in hourly buckets. ".repeat(1400);
const LITE_HISTORY = '"Wait time per wait type in hourly buckets, for a window ending now or between start_time and end_time."';
const liteHuge = edit(diskText(LITE_WAITS), LITE_HISTORY, JSON.stringify(HUGE));
const liteHugeBuffer = inBuffer(LITE_WAITS, () => liteHuge);
// catalog-over-total's get_top_queries without its second sentence: 316 - 55 = 261, within the total of 300.
const catalogShortened = edit(
  diskText(`red/${RULE}/catalog-over-total/src/tools/waits.ts`),
  '"The costliest queries in Query Store over the last hours_back hours, by total duration, largest first. " +\n        "Each row gives executions, total and average duration.",',
  '"The costliest queries in Query Store over the last hours_back hours, by total duration, largest first.",',
);

ruleTester.run(RULE, rule, {
  valid: [
    // cap: a split head (125) within a cap of its own (160), and other tools within the default cap
    { name: "monitor: full waits.ts", ...onDisk(FULL_WAITS) },
    // cap: definer descriptions (`defineTool({ description })`) within the default cap
    { name: "monitor: full queryStore.ts", ...onDisk("monitor/full/src/mcp/tools/queryStore.ts") },
    // cap: the lite edition's split head (95) within the same per-tool cap
    { name: "monitor: lite waits.ts", ...onDisk(LITE_WAITS) },
    // total: the full catalog is within its total of 60,000
    { name: "monitor: full helpers.ts", ...onDisk("monitor/full/src/mcp/helpers.ts") },
    // total: per SKU, the lite catalog too
    { name: "monitor: lite helpers.ts", ...onDisk("monitor/lite/src/mcp/helpers.ts") },
    // cap: exactly 2048 UTF-16 code units is at the cap, not over it ("📈" counts 2)
    { name: "near miss: exactly-at-cap", ...nearMiss("exactly-at-cap", "src/tools/waitHistory.ts") },
    // total: no total configured, so no catalog finding on the helpers module
    { name: "near miss: exactly-at-cap's helpers.ts", ...nearMiss("exactly-at-cap", "src/helpers.ts") },
    // evaluation: named and namespace imports of constants, a template and `+`; get_wait_stats exactly at its cap of 183
    { name: "near miss: imported-consts-and-templates", ...nearMiss("imported-consts-and-templates", "src/tools/waits.ts") },
    // total: the catalog (335) is exactly at its total
    { name: "near miss: imported-consts-and-templates's helpers.ts", ...nearMiss("imported-consts-and-templates", "src/helpers.ts") },
    // home: the catalog total is reported on the helpers module, never on the tool file whose descriptions add up to it
    { name: "home: catalog-over-total's tool file", ...red("catalog-over-total") },
    // home: a description over its cap is reported on its tool file, never on the helpers module
    { name: "home: over-tool-cap's helpers.ts", ...red("over-tool-cap", "src/helpers.ts") },
    // cap: over-tool-cap's get_wait_stats cut to its first sentence (94) in the buffer, within its cap of 120
    {
      name: "editor: over-tool-cap shortened in the buffer",
      ...inBuffer(`red/${RULE}/over-tool-cap/src/tools/waits.ts`, (text) =>
        edit(text, 'largest first. " +\n        "Each row gives wait_ms, signal_ms and what the wait usually means.",', 'largest first.",'),
      ),
    },
    // unknown: description-not-visible's call replaced by a literal in the buffer
    {
      name: "editor: description-not-visible given a literal",
      ...inBuffer(`red/tool-discovery/description-not-visible/src/tools/waits.ts`, (text) =>
        edit(text, 'describeTopList("waits", "largest")', '"Top waits on one server over the last hours_back hours, largest first."'),
      ),
    },
    // spread: a spread of a `const` object is read, and its description is the served one
    {
      name: "editor: config-spread-unseen spreads a constant object in the buffer",
      ...inBuffer(`red/tool-discovery/config-spread-unseen/src/tools/waits.ts`, (text) =>
        edit(
          edit(text, 'declare function sharedConfig(area: string): { description?: string };', 'const WAITS_CONFIG = { description: "Top waits on one server over the last hours_back hours, largest first." };'),
          '{ ...sharedConfig("waits") }',
          "{ ...WAITS_CONFIG }",
        ),
      ),
    },
    // total: catalog-over-total's tool file shortened in another buffer brings the catalog (261) within its total
    {
      name: "editor: catalog-over-total's helpers.ts while its tool file is shortened",
      ...onDisk(`red/${RULE}/catalog-over-total/src/helpers.ts`),
      ...withOtherBuffer(`red/${RULE}/catalog-over-total/src/tools/waits.ts`, catalogShortened),
    },
    // home: the lite catalog over its total is reported on lite's helpers module, not on the first SKU's
    {
      name: "home: full helpers.ts while the lite catalog is over its total",
      ...onDisk("monitor/full/src/mcp/helpers.ts"),
      ...withOtherBuffer(LITE_WAITS, liteHuge),
    },
    // tokenCap: 38 tokens is at a token cap of 38, not over it (in characters, far within the default cap)
    { name: "near miss: exactly-at-token-cap", ...nearMiss("exactly-at-token-cap", "src/tools/waits.ts") },
    // tokenTotal: each tool within every cap; the catalog's tokens are for the helpers module, not the tool file
    { name: "red: catalog-over-token-total's waits.ts", ...red("catalog-over-token-total") },
  ],
  invalid: [
    {
      name: "red: over-token-cap (within its cap in characters, over it in tokens)",
      ...tokenCap,
      errors: [{ messageId: "overTokenCap", data: { tool: "get_wait_stats", tokens: "38", cap: "35", pointer: POINTER }, ...at(tokenCap.code, 12, 9, TOKEN_HEAVY) }],
    },
    {
      name: "red: catalog-over-token-total, on the helpers module at 1:1",
      ...tokenTotalHelpers,
      errors: [
        { messageId: "overTokenTotal", data: { sku: "main", total: "65", budget: "60", largest: "get_wait_stats 34, get_top_queries 31" }, ...FIRST_CHARACTER },
      ],
    },
    {
      name: "red: over-tool-cap (a cap of the tool's own)",
      ...toolCap,
      errors: [
        {
          messageId: "overCap",
          data: overCap("get_wait_stats", 159, 120),
          ...at(
            toolCap.code,
            12,
            9,
            '"Top waits on one server over the last hours_back hours, benign waits removed, largest first. " +\n        "Each row gives wait_ms, signal_ms and what the wait usually means."',
          ),
        },
      ],
    },
    {
      name: "red: over-default-cap (an array of sentences joined)",
      ...defaultCap,
      errors: [
        {
          messageId: "overCap",
          data: overCap("get_wait_stats", 2234, 2048),
          ...spanning(at(defaultCap.code, 11, 20, "["), at(defaultCap.code, 31, 7, '].join(" ")')),
        },
      ],
    },
    {
      name: "red: over-cap-utf16 (2048 code points, 2049 UTF-16 code units)",
      ...utf16,
      errors: [
        {
          messageId: "overCap",
          data: overCap("get_wait_history", 2049, 2048),
          ...spanning(
            at(utf16.code, 12, 9, '"Wait history of one server:'),
            at(utf16.code, 30, 9, '"For one window\'s totals rather than hour by hour, use get_wait_stats."'),
          ),
        },
      ],
    },
    {
      name: "red: catalog-over-total, on the helpers module at 1:1",
      ...catalogHelpers,
      errors: [
        {
          messageId: "overTotal",
          data: { sku: "main", total: "316", budget: "300", largest: "get_wait_stats 159, get_top_queries 157" },
          ...FIRST_CHARACTER,
        },
      ],
    },
    {
      name: "editor: full waits.ts, the split head of get_wait_stats one character past its cap",
      ...fullHeadOverCap,
      errors: [
        {
          messageId: "overCap",
          data: overCap("get_wait_stats", 161, 160),
          ...at(
            fullHeadOverCap.code,
            59,
            9,
            '"Top waits on a server over the last hours, benign waits removed, with what each usually means, and which of them point at the log. " +\n        "Reading guide: get_tool_guide."',
          ),
        },
      ],
    },
    {
      name: "editor: exactly-at-cap with one letter decomposed (one UTF-16 code unit more)",
      ...atCapDecomposed,
      errors: [
        {
          messageId: "overCap",
          data: overCap("get_wait_history", 2049, 2048),
          ...spanning(
            at(atCapDecomposed.code, 12, 9, '"Wait history of one server:'),
            at(atCapDecomposed.code, 30, 9, '"For one window\'s totals rather than hour by hour, use get_wait_stats."'),
          ),
        },
      ],
    },
    {
      name: "editor: imported-consts-and-templates, one character past get_wait_stats's cap (the template literal)",
      ...constsOneMoreBuffer,
      errors: [
        {
          messageId: "overCap",
          data: overCap("get_wait_stats", 184, 183),
          ...at(
            constsOneMoreBuffer.code,
            16,
            20,
            "`Top waits on one server, over the last hours_back hours, largest first. ${HOURS_BACK_SENTENCE} ${SERVER_NAME_SENTENCE}`",
          ),
        },
      ],
    },
    {
      name: "editor: imported-consts-and-templates's helpers.ts while its catalog is one character over the total",
      ...onDisk(`${CONSTS}/src/helpers.ts`),
      ...withOtherBuffer(`${CONSTS}/src/tools/waits.ts`, constsOneMore),
      errors: [
        { messageId: "overTotal", data: { sku: "main", total: "336", budget: "335", largest: "get_wait_stats 184, get_top_queries 152" }, ...FIRST_CHARACTER },
      ],
    },
    {
      name: "editor: lite waits.ts serving 60,200 characters for get_wait_history",
      ...liteHugeBuffer,
      errors: [{ messageId: "overCap", data: overCap("get_wait_history", 60200, 2048), ...at(liteHugeBuffer.code, 51, 20, JSON.stringify(HUGE)) }],
    },
    {
      name: "editor: lite helpers.ts while the lite catalog is over its total (per SKU, on that SKU's helpers)",
      ...onDisk("monitor/lite/src/mcp/helpers.ts"),
      ...withOtherBuffer(LITE_WAITS, liteHuge),
      errors: [
        {
          messageId: "overTotal",
          data: { sku: "lite", total: "60882", budget: "60000", largest: "get_wait_history 60200, get_file_io_stats 99, list_sessions 97" },
          ...FIRST_CHARACTER,
        },
      ],
    },
  ],
});

describeOptionsSchema(RULE, rule);
