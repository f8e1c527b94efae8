// Rule description-pointer: a head and its tail must agree on the pointer sentence; reported at the head's expression, or at the guide's entry for a stale or unreadable tail.
import rule from "../../rules/description-pointer.js";
import { at, describeOptionsSchema, diskText, edit, inBuffer, onDisk, ruleTester, withOtherBuffer, type Span } from "./ruleTester.js";

const RULE = "description-pointer";
const POINTER = '"Reading guide: get_tool_guide."';
const nearMiss = (name: string, file: string) => onDisk(`near-miss/${RULE}/${name}/${file}`);
const red = (name: string, file = "src/tools/waits.ts") => onDisk(`red/${RULE}/${name}/${file}`);

/** The span of an expression too long to write out: from where `start` starts to where `end` ends (each checked by `at`). */
const spanning = (start: Span, end: Span): Span => ({ line: start.line, column: start.column, endLine: end.endLine, endColumn: end.endColumn });

// The heads of the red and near-miss monitors' two tools.
const WAIT_STATS_HEAD = '"Top waits on one server over the last hours_back hours, benign waits removed, largest first. " +\n        ';
const TOP_QUERIES_HEAD = '"The costliest queries in Query Store over the window, by total duration, largest first. " +\n        ';

// Red cases.
const tailWithoutPointer = red("tail-without-pointer");
const pointerWithoutTail = red("pointer-without-tail");
const pointerWithoutGuide = red("pointer-without-guide");
const staleGuide = red("stale-guide-entry", "src/toolGuide.ts");

// Editor buffers.
const FULL_WAITS = "monitor/full/src/mcp/tools/waits.ts";
const FULL_GUIDE = "monitor/full/src/mcp/toolGuide.ts";
const FULL_QUERY_STORE = "monitor/full/src/mcp/tools/queryStore.ts";
const LITE_WAITS = "monitor/lite/src/mcp/tools/waits.ts";
const LITE_GUIDE = "monitor/lite/src/mcp/toolGuide.ts";
const LITE_HISTORY = '"Wait time per wait type in hourly buckets, for a window ending now or between start_time and end_time."';
const FULL_WAIT_STATS_LAST = '"transaction log\'s disk. Benign waits (sleeping background tasks, WAITFOR) are never returned.",';
const TOP_QUERIES_LAST = '"Query Store must be on for the monitored database; a server where it is off is refused, naming server_name.",';

const FULL_WAIT_STATS_HEAD = '"Top waits on a server over the last hours, benign waits removed, with what each usually means. " +\n        ';
const fullHeadUnpointed = inBuffer(FULL_WAITS, (text) =>
  edit(
    text,
    `${FULL_WAIT_STATS_HEAD}"Reading guide: get_tool_guide.",`,
    '"Top waits on a server over the last hours, benign waits removed, with what each usually means.",',
  ),
);
const liteHistoryPointed = inBuffer(LITE_WAITS, (text) => edit(text, LITE_HISTORY, `${LITE_HISTORY.slice(0, -1)} Reading guide: get_tool_guide."`));
const liteGuideStale = inBuffer(LITE_GUIDE, (text) =>
  edit(text, "\n};\n", '\n  get_latch_stats: "Non-buffer latch waits accumulated over the window, largest first.",\n};\n'),
);
const fullGuideComputedKey = inBuffer(FULL_GUIDE, (text) => edit(text, "  get_wait_stats:\n", "  [guideKey()]:\n"));
const fullGuideUnknownValue = edit(diskText(FULL_GUIDE), TOP_QUERIES_LAST, '"Query Store must be on for the monitored database. " + footnote(),');
const fullGuideUnknownValueBuffer = inBuffer(FULL_GUIDE, () => fullGuideUnknownValue);
const customPointerDefault = inBuffer(`near-miss/${RULE}/custom-pointer/src/tools/waits.ts`, (text) =>
  edit(text, 'largest first. " +\n        "The full text: get_tool_guide(tool).",\n    },\n    async ({ server_name, hours_back }', 'largest first. " +\n        "Reading guide: get_tool_guide.",\n    },\n    async ({ server_name, hours_back }'),
);
const fullWaitStatsRenamed = edit(diskText(FULL_WAITS), 'const TOOL = "get_wait_stats";', 'const TOOL = "get_waits";');
const fullWaitStatsRenamedBuffer = inBuffer(FULL_WAITS, () => fullWaitStatsRenamed);
// The guide's get_wait_stats entry as a shorthand property over a module constant (SPEC §2.4: const bindings are evaluated).
const fullGuideShorthand = edit(
  edit(diskText(FULL_GUIDE), "export const TOOL_GUIDE: Record<string, string> = {\n  get_wait_stats:\n", "const get_wait_stats =\n"),
  `    ${FULL_WAIT_STATS_LAST}\n`,
  `    ${FULL_WAIT_STATS_LAST.slice(0, -1)};\nexport const TOOL_GUIDE: Record<string, string> = {\n  get_wait_stats,\n`,
);

ruleTester.run(RULE, rule, {
  valid: [
    // tail and pointer: a split head ending with the pointer, its tail in the guide
    { name: "monitor: full waits.ts", ...onDisk(FULL_WAITS) },
    // tail and pointer: a definer's split head (get_top_queries)
    { name: "monitor: full queryStore.ts", ...onDisk(FULL_QUERY_STORE) },
    // tail and pointer: the lite edition's one split head, on one line
    { name: "monitor: lite waits.ts", ...onDisk(LITE_WAITS) },
    // stale: every entry of the full guide is keyed by a tool of the full SKU
    { name: "monitor: full toolGuide.ts", ...onDisk(FULL_GUIDE) },
    // stale: the lite guide is checked against the lite SKU's tools only
    { name: "monitor: lite toolGuide.ts", ...onDisk(LITE_GUIDE) },
    // pointer: the configured pointer sentence, not the default one
    { name: "near miss: custom-pointer", ...nearMiss("custom-pointer", "src/tools/waits.ts") },
    // stale: the custom-pointer guide's entries all belong to tools
    { name: "near miss: custom-pointer's toolGuide.ts", ...nearMiss("custom-pointer", "src/toolGuide.ts") },
    // pointer: followed by a newline (template literal) or by spaces, it still ends the head
    { name: "near miss: pointer-trailing-whitespace", ...nearMiss("pointer-trailing-whitespace", "src/tools/waits.ts") },
    // stale: the trailing-whitespace guide's entries all belong to tools
    { name: "near miss: pointer-trailing-whitespace's toolGuide.ts", ...nearMiss("pointer-trailing-whitespace", "src/toolGuide.ts") },
    // home: a stale entry is reported on the guide, not on the tool file
    { name: "home: stale-guide-entry's tool file", ...red("stale-guide-entry") },
    // home: a pointer without a tail is reported on the head, not on the guide
    { name: "home: pointer-without-tail's toolGuide.ts", ...red("pointer-without-tail", "src/toolGuide.ts") },
    // home: a tail without a pointer is reported on the head, not on the guide
    { name: "home: tail-without-pointer's toolGuide.ts", ...red("tail-without-pointer", "src/toolGuide.ts") },
    // pointer: the sentence in the middle of a head with no tail does not end it, so it points nowhere
    {
      name: "editor: lite get_wait_history quotes the pointer mid-description",
      ...inBuffer(LITE_WAITS, (text) => edit(text, LITE_HISTORY, '"Wait time per wait type in hourly buckets (no Reading guide: get_tool_guide. entry), for a window ending now."')),
    },
    // tail: pointer-without-tail's missing entry added to the guide in another buffer
    {
      name: "editor: pointer-without-tail's tool file while its guide gains the tail",
      ...red("pointer-without-tail"),
      ...withOtherBuffer(
        `red/${RULE}/pointer-without-tail/src/toolGuide.ts`,
        edit(diskText(`red/${RULE}/pointer-without-tail/src/toolGuide.ts`), "  get_top_queries:\n", '  get_wait_stats: "Top waits on one server, with what each means.",\n  get_top_queries:\n'),
      ),
    },
    // tail: the guide's object exported by an export list, not by `export const`
    {
      name: "editor: full waits.ts while the guide is exported by `export { TOOL_GUIDE }`",
      ...onDisk(FULL_WAITS),
      ...withOtherBuffer(FULL_GUIDE, edit(edit(diskText(FULL_GUIDE), "export const TOOL_GUIDE", "const TOOL_GUIDE"), "\n};\n", "\n};\nexport { TOOL_GUIDE };\n")),
    },
    // tail: the guide's object literal `as const`
    {
      name: "editor: full waits.ts while the guide is `as const`",
      ...onDisk(FULL_WAITS),
      ...withOtherBuffer(FULL_GUIDE, edit(edit(diskText(FULL_GUIDE), ": Record<string, string> = {", " = {"), "\n};\n", "\n} as const;\n")),
    },
    // tail (SPEC §2.4, const bindings): a shorthand entry `{ get_wait_stats }` over a module constant is the tool's tail
    {
      name: "editor: full waits.ts while the guide holds get_wait_stats as a shorthand property",
      ...onDisk(FULL_WAITS),
      ...withOtherBuffer(FULL_GUIDE, fullGuideShorthand),
    },
    // unknown tail (SPEC §2.4, "never a guess"): the guide has an entry for get_top_queries, the census cannot read it;
    // the guide's unknownTail says so, and the head must not be told the guide "has no entry for it"
    {
      name: "editor: full queryStore.ts while its tail in the guide cannot be read",
      ...onDisk(FULL_QUERY_STORE),
      ...withOtherBuffer(FULL_GUIDE, fullGuideUnknownValue),
    },
    // unknown tails: a guide that does not parse has its parse-error; its heads must not be told it "has no entry"
    // (the census already stays silent this way for a description it cannot see, and for instructions that do not parse)
    {
      name: "editor: full waits.ts while the guide does not parse",
      ...onDisk(FULL_WAITS),
      ...withOtherBuffer(FULL_GUIDE, edit(diskText(FULL_GUIDE), "  get_top_queries:\n", "  get_top_queries: =\n")),
    },
  ],
  invalid: [
    {
      name: "red: tail-without-pointer (missingPointer)",
      ...tailWithoutPointer,
      errors: [
        {
          messageId: "missingPointer",
          data: { tool: "get_wait_stats", guide: "src/toolGuide.ts", pointer: POINTER },
          ...at(tailWithoutPointer.code, 11, 9, `${WAIT_STATS_HEAD}"See get_tool_guide for what each wait means."`),
        },
      ],
    },
    {
      name: "red: pointer-without-tail (noTail)",
      ...pointerWithoutTail,
      errors: [
        {
          messageId: "noTail",
          data: { tool: "get_wait_stats", guide: "src/toolGuide.ts", pointer: POINTER, key: '"get_wait_stats"' },
          ...at(pointerWithoutTail.code, 11, 9, `${WAIT_STATS_HEAD}"Reading guide: get_tool_guide."`),
        },
      ],
    },
    {
      name: "red: pointer-without-guide (noGuide, each head)",
      ...pointerWithoutGuide,
      errors: [
        {
          messageId: "noGuide",
          data: { tool: "get_wait_stats", pointer: POINTER, sku: "main" },
          ...at(pointerWithoutGuide.code, 11, 9, `${WAIT_STATS_HEAD}"Reading guide: get_tool_guide."`),
        },
        {
          messageId: "noGuide",
          data: { tool: "get_top_queries", pointer: POINTER, sku: "main" },
          ...at(pointerWithoutGuide.code, 33, 9, `${TOP_QUERIES_HEAD}"Reading guide: get_tool_guide."`),
        },
      ],
    },
    {
      name: "red: stale-guide-entry (staleTail, the whole property)",
      ...staleGuide,
      errors: [
        {
          messageId: "staleTail",
          data: { key: '"get_latch_stats"', guide: "src/toolGuide.ts", sku: "main" },
          ...at(
            staleGuide.code,
            6,
            3,
            'get_latch_stats:\n    "Non-buffer latch waits accumulated over the window, largest first. " +\n    "ACCESS_METHODS_DATASET_PARENT latches come from parallel scans; FGCB_ADD_REMOVE from file growth."',
          ),
        },
      ],
    },
    {
      name: "editor: full waits.ts, the pointer dropped from get_wait_stats's split head",
      ...fullHeadUnpointed,
      errors: [
        {
          messageId: "missingPointer",
          data: { tool: "get_wait_stats", guide: "full/src/mcp/toolGuide.ts", pointer: POINTER },
          ...at(fullHeadUnpointed.code, 59, 9, '"Top waits on a server over the last hours, benign waits removed, with what each usually means."'),
        },
      ],
    },
    {
      name: "editor: lite waits.ts, get_wait_history ends with the pointer but has no tail",
      ...liteHistoryPointed,
      errors: [
        {
          messageId: "noTail",
          data: { tool: "get_wait_history", guide: "lite/src/mcp/toolGuide.ts", pointer: POINTER, key: '"get_wait_history"' },
          ...at(liteHistoryPointed.code, 51, 20, `${LITE_HISTORY.slice(0, -1)} Reading guide: get_tool_guide."`),
        },
      ],
    },
    {
      name: "editor: custom-pointer's head ends with the default pointer, not the configured one",
      ...customPointerDefault,
      errors: [
        {
          messageId: "missingPointer",
          data: { tool: "get_wait_stats", guide: "src/toolGuide.ts", pointer: '"The full text: get_tool_guide(tool)."' },
          ...at(customPointerDefault.code, 11, 9, `${WAIT_STATS_HEAD}"Reading guide: get_tool_guide."`),
        },
      ],
    },
    {
      name: "editor: lite toolGuide.ts gains an entry for a tool only the full SKU has",
      ...liteGuideStale,
      errors: [
        {
          messageId: "staleTail",
          data: { key: '"get_latch_stats"', guide: "lite/src/mcp/toolGuide.ts", sku: "lite" },
          ...at(liteGuideStale.code, 8, 3, 'get_latch_stats: "Non-buffer latch waits accumulated over the window, largest first."'),
        },
      ],
    },
    {
      // The renamed tool's head still points to the guide, which has no entry under the new name (and a stale one, below).
      name: "editor: full waits.ts with get_wait_stats renamed in the buffer",
      ...fullWaitStatsRenamedBuffer,
      errors: [
        {
          messageId: "noTail",
          data: { tool: "get_waits", guide: "full/src/mcp/toolGuide.ts", pointer: POINTER, key: '"get_waits"' },
          ...at(fullWaitStatsRenamedBuffer.code, 59, 9, `${FULL_WAIT_STATS_HEAD}"Reading guide: get_tool_guide."`),
        },
      ],
    },
    {
      name: "editor: full toolGuide.ts while get_wait_stats is renamed in another buffer",
      ...onDisk(FULL_GUIDE),
      ...withOtherBuffer(FULL_WAITS, fullWaitStatsRenamed),
      errors: [
        {
          messageId: "staleTail",
          data: { key: '"get_wait_stats"', guide: "full/src/mcp/toolGuide.ts", sku: "full" },
          ...spanning(at(diskText(FULL_GUIDE), 3, 3, "get_wait_stats:"), at(diskText(FULL_GUIDE), 8, 5, FULL_WAIT_STATS_LAST.slice(0, -1))),
        },
      ],
    },
    {
      name: "editor: full toolGuide.ts, an entry under a computed key the census cannot see (unknownTail, the whole property)",
      ...fullGuideComputedKey,
      errors: [
        {
          messageId: "unknownTail",
          data: { key: "(a key it cannot read)", guide: "full/src/mcp/toolGuide.ts", why: "call to `guideKey()`" },
          ...spanning(at(fullGuideComputedKey.code, 3, 3, "[guideKey()]:"), at(fullGuideComputedKey.code, 8, 5, FULL_WAIT_STATS_LAST.slice(0, -1))),
        },
      ],
    },
    {
      name: "editor: full toolGuide.ts, a tail the census cannot see (unknownTail, the value)",
      ...fullGuideUnknownValueBuffer,
      errors: [
        {
          messageId: "unknownTail",
          data: { key: '"get_top_queries"', guide: "full/src/mcp/toolGuide.ts", why: "call to `footnote()`" },
          ...spanning(
            at(fullGuideUnknownValueBuffer.code, 10, 5, '"The costliest queries in Query Store'),
            at(fullGuideUnknownValueBuffer.code, 13, 5, '"Query Store must be on for the monitored database. " + footnote()'),
          ),
        },
      ],
    },
  ],
});

describeOptionsSchema(RULE, rule);
