// Rule description-pin: a pinned phrase missing from a served description reports at the description's expression; a pin for no tool on the first SKU's helpers module at 1:1.
import rule from "../../rules/description-pin.js";
import { FIRST_CHARACTER, at, describeOptionsSchema, diskText, edit, inBuffer, onDisk, ruleTester, withOtherBuffer } from "./ruleTester.js";

const RULE = "description-pin";
const red = (name: string, file = "src/tools/waits.ts") => onDisk(`red/${RULE}/${name}/${file}`);

// Red cases.
const phraseMissing = red("phrase-missing");
const unknownToolHelpers = red("unknown-tool", "src/helpers.ts");

// Editor buffers.
const FULL_WAITS = "monitor/full/src/mcp/tools/waits.ts";
const FULL_QUERY_STORE = "monitor/full/src/mcp/tools/queryStore.ts";
const LITE_WAITS = "monitor/lite/src/mcp/tools/waits.ts";
const FORCE_PLAN_DESCRIPTION = '"Forces one Query Store plan for its query (sp_query_store_force_plan). Writes to the monitored database."';
const fullReworded = inBuffer(FULL_WAITS, (text) => edit(text, "benign waits removed, with what", "benign waits left out, with what"));
const forcePlanReworded = inBuffer(FULL_QUERY_STORE, (text) =>
  edit(text, FORCE_PLAN_DESCRIPTION, '"Forces one Query Store plan for its query (sp_query_store_force_plan). Writes to the database."'),
);
const liteCapitalised = inBuffer(LITE_WAITS, (text) =>
  edit(text, "over the last hours, benign waits removed. Reading", "over the last hours. Benign waits removed. Reading"),
);
const forcePlanRenamed = edit(diskText(FULL_QUERY_STORE), 'name: "force_plan",', 'name: "force_query_plan",');

ruleTester.run(RULE, rule, {
  valid: [
    // pinned: get_wait_stats's split head keeps "benign waits removed"
    { name: "monitor: full waits.ts", ...onDisk(FULL_WAITS) },
    // pinned: force_plan's definer description keeps "Writes to the monitored database."
    { name: "monitor: full queryStore.ts", ...onDisk(FULL_QUERY_STORE) },
    // pinned: a pin applies to the tool of that name in every SKU, and lite's get_wait_stats keeps it too
    { name: "monitor: lite waits.ts", ...onDisk(LITE_WAITS) },
    // known tools: every pinned tool is a tool of some SKU, so nothing on the first SKU's helpers module
    { name: "monitor: full helpers.ts", ...onDisk("monitor/full/src/mcp/helpers.ts") },
    // known tools: a pinned tool needs to be a tool of some SKU, not of every SKU (force_plan is the full SKU's only)
    { name: "monitor: lite helpers.ts", ...onDisk("monitor/lite/src/mcp/helpers.ts") },
    // served text: the phrase is split across two operands of `+`, and whole in the served text
    { name: "near miss: phrase-across-join", ...onDisk(`near-miss/${RULE}/phrase-across-join/src/tools/waits.ts`) },
    // home: a pin for an unknown tool is reported on the helpers module, not on a tool file
    { name: "home: unknown-tool's tool file", ...red("unknown-tool") },
    // home: a missing phrase is reported on the description, not on the helpers module
    { name: "home: phrase-missing's helpers.ts", ...red("phrase-missing", "src/helpers.ts") },
    // fixed: phrase-missing's phrase put back in the buffer
    {
      name: "editor: phrase-missing with its phrase restored",
      ...inBuffer(`red/${RULE}/phrase-missing/src/tools/waits.ts`, (text) => edit(text, "benign waits excluded", "benign waits removed")),
    },
    // known tools: get_wait_stats renamed in the full SKU is still a tool of the lite SKU
    {
      name: "editor: full helpers.ts while the full SKU's get_wait_stats is renamed",
      ...onDisk("monitor/full/src/mcp/helpers.ts"),
      ...withOtherBuffer(FULL_WAITS, edit(diskText(FULL_WAITS), 'const TOOL = "get_wait_stats";', 'const TOOL = "get_waits";')),
    },
    // home: a pin for no tool of a two-SKU monitor goes to the first SKU's helpers module only
    {
      name: "home: lite helpers.ts while force_plan is renamed",
      ...onDisk("monitor/lite/src/mcp/helpers.ts"),
      ...withOtherBuffer(FULL_QUERY_STORE, forcePlanRenamed),
    },
    // unknown: a description the census cannot see is not checked against its pins (description-budget says why)
    {
      name: "editor: force_plan's description built by a call",
      ...inBuffer(FULL_QUERY_STORE, (text) => edit(text, `description: ${FORCE_PLAN_DESCRIPTION},`, 'description: describeWrite("sp_query_store_force_plan"),')),
    },
  ],
  invalid: [
    {
      name: "red: phrase-missing (only the missing one of two pins)",
      ...phraseMissing,
      errors: [
        {
          messageId: "missing",
          data: { tool: "get_wait_stats", phrase: '"benign waits removed"' },
          ...at(
            phraseMissing.code,
            11,
            9,
            '"Top waits on one server over the last hours_back hours, benign waits excluded, largest first. " +\n        "Read wait_ms against signal_ms."',
          ),
        },
      ],
    },
    {
      name: "red: unknown-tool, on the helpers module at 1:1",
      ...unknownToolHelpers,
      errors: [{ messageId: "unknownTool", data: { tool: "get_waits_stats" }, ...FIRST_CHARACTER }],
    },
    {
      name: "editor: full waits.ts, the pinned phrase reworded in a split head",
      ...fullReworded,
      errors: [
        {
          messageId: "missing",
          data: { tool: "get_wait_stats", phrase: '"benign waits removed"' },
          ...at(
            fullReworded.code,
            59,
            9,
            '"Top waits on a server over the last hours, benign waits left out, with what each usually means. " +\n        "Reading guide: get_tool_guide."',
          ),
        },
      ],
    },
    {
      name: "editor: full queryStore.ts, one word dropped from force_plan's pinned sentence",
      ...forcePlanReworded,
      errors: [
        {
          messageId: "missing",
          data: { tool: "force_plan", phrase: '"Writes to the monitored database."' },
          ...at(forcePlanReworded.code, 137, 18, '"Forces one Query Store plan for its query (sp_query_store_force_plan). Writes to the database."'),
        },
      ],
    },
    {
      name: "editor: lite waits.ts, the phrase capitalised (pins match byte for byte)",
      ...liteCapitalised,
      errors: [
        {
          messageId: "missing",
          data: { tool: "get_wait_stats", phrase: '"benign waits removed"' },
          ...at(liteCapitalised.code, 21, 20, '"Top waits on a server over the last hours. Benign waits removed. Reading guide: get_tool_guide."'),
        },
      ],
    },
    {
      name: "editor: full helpers.ts while force_plan is renamed (unknownTool, on the first SKU's helpers)",
      ...onDisk("monitor/full/src/mcp/helpers.ts"),
      ...withOtherBuffer(FULL_QUERY_STORE, forcePlanRenamed),
      errors: [{ messageId: "unknownTool", data: { tool: "force_plan" }, ...FIRST_CHARACTER }],
    },
  ],
});

describeOptionsSchema(RULE, rule);
