// Rule bare-sentence-roster: an unrostered bare sentence reports at its string expression; a stale roster entry on its SKU's helpers module at 1:1.
import rule from "../../rules/bare-sentence-roster.js";
import { FIRST_CHARACTER, at, describeOptionsSchema, diskText, edit, inBuffer, onDisk, ruleTester, withOtherBuffer } from "./ruleTester.js";

const RULE = "bare-sentence-roster";
const nearMiss = (name: string, file: string) => onDisk(`near-miss/${RULE}/${name}/${file}`);
const red = (name: string, file = "src/tools/plan.ts") => onDisk(`red/${RULE}/${name}/${file}`);

// Red cases.
const adapterWrapped = red("adapter-wrapped");
const concat = red("concat-unrostered", "src/tools/purge.ts");
const conditional = red("conditional-one-branch", "src/tools/rows.ts");
const countExceedsHelpers = red("count-exceeds-code", "src/helpers.ts");
const countMismatch = red("count-mismatch");
const definedTool = red("defined-tool");
const definerConstant = red("definer-object-constant");
const fallback = red("fallback-operands", "src/tools/notes.ts");
const byReference = red("handler-by-reference");
const imported = red("handler-imported", "src/tools/planHandler.ts");
const seed = red("seed-unrostered");
const serverTool = red("server-tool-form");
const staleHelpers = red("stale-entry", "src/helpers.ts");
const template = red("template-unrostered", "src/tools/ping.ts");
const wrongToolHelpers = red("wrong-tool", "src/helpers.ts");
const wrongToolPlan = red("wrong-tool");

// Editor buffers.
const LITE_WAITS = "monitor/lite/src/mcp/tools/waits.ts";
const OLD_SENTENCE = '"Wait sampling starts a minute after the server is added; try again shortly."';
const NEW_SENTENCE = '"Wait sampling starts a minute after the server is added; try again in a minute."';
const liteReworded = edit(diskText(LITE_WAITS), OLD_SENTENCE, NEW_SENTENCE);
const liteRewordedBuffer = inBuffer(LITE_WAITS, () => liteReworded);
const unnamedTool = inBuffer(`red/${RULE}/seed-unrostered/src/tools/plan.ts`, (text) => edit(text, '    "get_plan_summary",', '    nameOf("plan"),'));
const storageTernary = inBuffer("monitor/full/src/mcp/tools/storage.ts", (text) =>
  edit(text, '"Backup compression is off by default."', '"Backup compression is off."'),
);

ruleTester.run(RULE, rule, {
  valid: [
    // roster: a template sentence rostered as "Server ${…} has no Agent jobs."
    { name: "monitor: full agent.ts", ...onDisk("monitor/full/src/mcp/tools/agent.ts") },
    // roster: a `+` concatenation rostered with its hole
    { name: "monitor: full health.ts", ...onDisk("monitor/full/src/mcp/tools/health.ts") },
    // roster: one sentence returned twice, rostered with "count": 2
    { name: "monitor: full queryStore.ts", ...onDisk("monitor/full/src/mcp/tools/queryStore.ts") },
    // roster: the string side of a `??` in a handler passed by reference
    { name: "monitor: full sessions.ts", ...onDisk("monitor/full/src/mcp/tools/sessions.ts") },
    // roster: both branches of a `?:`
    { name: "monitor: full storage.ts", ...onDisk("monitor/full/src/mcp/tools/storage.ts") },
    // roster: a template in a named function expression wrapped in textTool(...)
    { name: "monitor: lite sessions.ts", ...onDisk("monitor/lite/src/mcp/tools/sessions.ts") },
    // roster: a sentence in a nested block of a textTool(...) body
    { name: "monitor: lite waits.ts", ...onDisk(LITE_WAITS) },
    // home: no stale entry of the full SKU, so nothing on its helpers module
    { name: "monitor: full helpers.ts", ...onDisk("monitor/full/src/mcp/helpers.ts") },
    // home: no stale entry of the lite SKU, so nothing on its helpers module
    { name: "monitor: lite helpers.ts", ...onDisk("monitor/lite/src/mcp/helpers.ts") },
    // count: the sentence occurs twice and its entry says "count": 2
    { name: "near miss: count-matches", ...nearMiss("count-matches", "src/tools/plan.ts") },
    // near miss: strings returned in nested callbacks are not the tool body's
    { name: "near miss: nested-callback", ...nearMiss("nested-callback", "src/tools/rows.ts") },
    // near miss: a helper function of a tool file is not a tool body
    { name: "near miss: non-tool-helper", ...nearMiss("non-tool-helper", "src/tools/rows.ts") },
    // canonical text: templates and concatenations rostered with `${…}`
    { name: "near miss: rostered-exact ping.ts", ...nearMiss("rostered-exact", "src/tools/ping.ts") },
    // each branch of `?:` and each string operand of `??` and `||` rostered one by one
    { name: "near miss: rostered-exact rows.ts", ...nearMiss("rostered-exact", "src/tools/rows.ts") },
    // roster: a plain literal rostered under its own text
    { name: "near miss: rostered-exact plan.ts", ...nearMiss("rostered-exact", "src/tools/plan.ts") },
    // home: every entry of the exact roster matches, so no stale entry on helpers.ts
    { name: "near miss: rostered-exact helpers.ts", ...nearMiss("rostered-exact", "src/helpers.ts") },
    // home: the stale entry is reported on helpers.ts, never on the tool file the entry names
    { name: "near miss: stale-entry's tool file", ...red("stale-entry", "src/tools/top.ts") },
    // home: count-exceeds-code's sentence itself is rostered; only its count is stale (on helpers.ts)
    { name: "near miss: count-exceeds-code's tool file", ...red("count-exceeds-code") },
    // editor: the red sentence replaced by a status envelope in the buffer
    {
      name: "editor: seed-unrostered answered with an envelope",
      ...inBuffer(`red/${RULE}/seed-unrostered/src/tools/plan.ts`, (text) =>
        edit(text, 'return "No plan XML provided.";', "return JSON.stringify({ operators: 0 });"),
      ),
    },
    // home: a stale entry of the lite SKU goes to lite's helpers module, not to the first SKU's
    {
      name: "home: full helpers.ts while lite waits.ts is reworded",
      ...onDisk("monitor/full/src/mcp/helpers.ts"),
      ...withOtherBuffer(LITE_WAITS, liteReworded),
    },
  ],
  invalid: [
    {
      name: "red: seed-unrostered",
      ...seed,
      errors: [
        {
          messageId: "unrostered",
          data: { tool: "get_plan_summary", sentence: '"No plan XML provided."' },
          ...at(seed.code, 9, 61, '"No plan XML provided."'),
        },
      ],
    },
    { name: "red: adapter-wrapped", ...adapterWrapped, errors: [{ messageId: "unrostered", ...at(adapterWrapped.code, 10, 61, '"No plan XML provided."') }] },
    {
      name: "red: concat-unrostered (the whole `+` chain)",
      ...concat,
      errors: [
        { messageId: "unrostered", ...at(concat.code, 9, 27, 'dropped + " rows would be dropped."') },
        { messageId: "unrostered", ...at(concat.code, 10, 14, '"Dropped " + dropped + " rows."') },
      ],
    },
    {
      name: "red: conditional-one-branch (only the unrostered branch)",
      ...conditional,
      errors: [{ messageId: "unrostered", ...at(conditional.code, 10, 79, '"No rows."') }],
    },
    {
      name: "red: count-mismatch (the occurrence beyond the roster's count)",
      ...countMismatch,
      errors: [
        {
          messageId: "unrosteredExtra",
          data: { tool: "get_plan_summary", sentence: '"No plan XML provided."', count: "1" },
          ...at(countMismatch.code, 11, 30, '"No plan XML provided."'),
        },
      ],
    },
    {
      name: "red: defined-tool (run method and run arrow)",
      ...definedTool,
      errors: [
        { messageId: "unrostered", ...at(definedTool.code, 8, 59, '"No plan XML provided."') },
        { messageId: "unrostered", ...at(definedTool.code, 17, 59, '"No plan XML to read warnings from."') },
      ],
    },
    { name: "red: definer-object-constant", ...definerConstant, errors: [{ messageId: "unrostered", ...at(definerConstant.code, 8, 59, '"No plan XML provided."') }] },
    {
      name: "red: fallback-operands (the string operand of `||` and of `??`)",
      ...fallback,
      errors: [
        { messageId: "unrostered", ...at(fallback.code, 9, 37, '"Unnamed query."') },
        { messageId: "unrostered", ...at(fallback.code, 10, 22, '"No note recorded."') },
      ],
    },
    { name: "red: handler-by-reference", ...byReference, errors: [{ messageId: "unrostered", ...at(byReference.code, 5, 57, '"No plan XML provided."') }] },
    {
      name: "red: handler-imported (reported in the handler's own file)",
      ...imported,
      errors: [{ messageId: "unrostered", ...at(imported.code, 3, 57, '"No plan XML provided."') }],
    },
    { name: "red: server-tool-form", ...serverTool, errors: [{ messageId: "unrostered", ...at(serverTool.code, 11, 61, '"No plan XML provided."') }] },
    {
      name: "red: template-unrostered (from the backtick)",
      ...template,
      errors: [{ messageId: "unrostered", ...at(template.code, 9, 52, "`Server ${server_name} not reachable.`") }],
    },
    {
      name: "red: wrong-tool's sentence",
      ...wrongToolPlan,
      errors: [{ messageId: "unrostered", ...at(wrongToolPlan.code, 9, 61, '"No plan XML provided."') }],
    },
    {
      name: "red: stale-entry, on the helpers module at 1:1",
      ...staleHelpers,
      errors: [
        {
          messageId: "stale",
          data: { tool: "get_top_queries", file: "src/tools/top.ts", sentence: '"No queries recorded."' },
          ...FIRST_CHARACTER,
        },
      ],
    },
    {
      name: "red: wrong-tool's stale entry, on the helpers module at 1:1",
      ...wrongToolHelpers,
      errors: [{ messageId: "stale", data: { tool: "get_plan", file: "src/tools/plan.ts", sentence: '"No plan XML provided."' }, ...FIRST_CHARACTER }],
    },
    {
      name: "red: count-exceeds-code, on the helpers module at 1:1",
      ...countExceedsHelpers,
      errors: [
        {
          messageId: "staleCount",
          data: { tool: "get_plan_summary", file: "src/tools/plan.ts", sentence: '"No plan XML provided."', expected: "2", found: "1" },
          ...FIRST_CHARACTER,
        },
      ],
    },
    {
      name: "editor: lite waits.ts, a rostered sentence reworded in the buffer",
      ...liteRewordedBuffer,
      errors: [
        {
          messageId: "unrostered",
          data: { tool: "get_wait_history", sentence: NEW_SENTENCE },
          ...at(liteRewordedBuffer.code, 67, 18, NEW_SENTENCE),
        },
      ],
    },
    {
      name: "editor: lite helpers.ts while lite waits.ts is reworded: the old entry is stale",
      ...onDisk("monitor/lite/src/mcp/helpers.ts"),
      ...withOtherBuffer(LITE_WAITS, liteReworded),
      errors: [
        {
          messageId: "stale",
          data: { tool: "get_wait_history", file: "lite/src/mcp/tools/waits.ts", sentence: OLD_SENTENCE },
          ...FIRST_CHARACTER,
        },
      ],
    },
    {
      name: "editor: full storage.ts, one branch of a `?:` reworded",
      ...storageTernary,
      errors: [{ messageId: "unrostered", ...at(storageTernary.code, 113, 67, '"Backup compression is off."') }],
    },
    {
      name: "editor: a tool whose name is a call (unknownTool)",
      ...unnamedTool,
      errors: [
        {
          messageId: "unknownTool",
          data: { why: "call to `nameOf()`", sentence: '"No plan XML provided."' },
          ...at(unnamedTool.code, 9, 61, '"No plan XML provided."'),
        },
      ],
    },
  ],
});

describeOptionsSchema(RULE, rule);
