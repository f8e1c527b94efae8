// Rule description-issue-ref: an issue reference (#1234, GH-12) in a served description reports at the description's expression, once per reference.
import rule from "../../rules/description-issue-ref.js";
import { at, describeOptionsSchema, diskText, edit, inBuffer, onDisk, ruleTester, withOtherBuffer } from "./ruleTester.js";

const RULE = "description-issue-ref";
const red = (name: string) => onDisk(`red/${RULE}/${name}/src/tools/waits.ts`);

const WAIT_STATS_HEAD = '"Top waits on one server over the last hours_back hours, largest first. " +\n        ';

// Red cases.
const hashNumber = red("hash-number");
const ghPrefix = red("gh-prefix");
const closesKeyword = red("closes-keyword");
const twoInOne = red("two-in-one-description");
const crossRepository = red("cross-repository");

// Editor buffers.
const FULL_WAITS = "monitor/full/src/mcp/tools/waits.ts";
const LITE_WAITS = "monitor/lite/src/mcp/tools/waits.ts";
const LITE_HEAD = '"Top waits on a server over the last hours, benign waits removed. Reading guide: get_tool_guide."';
const fullHash = inBuffer(FULL_WAITS, (text) => edit(text, "benign waits removed, with what", "benign waits removed (#1234), with what"));
const liteGh = inBuffer(LITE_WAITS, (text) => edit(text, LITE_HEAD, '"Top waits on a server over the last hours, benign waits removed (GH-12). Reading guide: get_tool_guide."'));
// "📈" is two UTF-16 code units: ESLint's columns, and the census's, count code units.
const LITE_ASTRAL = '"Top waits on a server over the last hours, benign waits removed; rising waits marked 📈 since #1234. Reading guide: get_tool_guide."';
const liteAstral = inBuffer(LITE_WAITS, (text) => edit(text, LITE_HEAD, LITE_ASTRAL));
const CONSTS = "near-miss/description-budget/imported-consts-and-templates";
const partsWithRef = edit(
  diskText(`${CONSTS}/src/descriptionParts.ts`),
  '"server_name picks one monitored server; list_servers shows them."',
  '"server_name picks one monitored server; list_servers shows them (#42)."',
);
const consts = onDisk(`${CONSTS}/src/tools/waits.ts`);

ruleTester.run(RULE, rule, {
  valid: [
    // no reference: the full edition's descriptions
    { name: "monitor: full waits.ts", ...onDisk(FULL_WAITS) },
    // no reference: definer descriptions
    { name: "monitor: full queryStore.ts", ...onDisk("monitor/full/src/mcp/tools/queryStore.ts") },
    // no reference: the lite edition's descriptions
    { name: "monitor: lite waits.ts", ...onDisk(LITE_WAITS) },
    // not a reference: a "# Usage" heading, "C# 12", "&#35;" and "issue number 12" written in words
    { name: "near miss: hash-not-a-reference", ...onDisk(`near-miss/${RULE}/hash-not-a-reference/src/tools/waits.ts`) },
    // not served: a reference in a code comment beside the description
    {
      name: "editor: full waits.ts, #1234 in a comment above the description",
      ...inBuffer(FULL_WAITS, (text) =>
        edit(text, '      description:\n        "Top waits on a server', '      // Benign waits are removed since #1234.\n      description:\n        "Top waits on a server'),
      ),
    },
    // not served by tools/list: a reference in the tool's tail (the reading guide), not in its head
    {
      name: "editor: full waits.ts while the guide's tail carries #1234",
      ...onDisk(FULL_WAITS),
      ...withOtherBuffer(
        "monitor/full/src/mcp/toolGuide.ts",
        edit(diskText("monitor/full/src/mcp/toolGuide.ts"), "WAITFOR) are never returned.", "WAITFOR) are never returned (#1234)."),
      ),
    },
    // fixed: hash-number's reference said in words in the buffer
    {
      name: "editor: hash-number reworded in the buffer",
      ...inBuffer(`red/${RULE}/hash-number/src/tools/waits.ts`, (text) => edit(text, '"Benign waits are removed since #1234."', '"Benign waits are removed."')),
    },
  ],
  invalid: [
    {
      name: "red: hash-number",
      ...hashNumber,
      errors: [
        { messageId: "issueRef", data: { tool: "get_wait_stats", ref: '"#1234"' }, ...at(hashNumber.code, 11, 9, `${WAIT_STATS_HEAD}"Benign waits are removed since #1234."`) },
      ],
    },
    {
      name: "red: gh-prefix",
      ...ghPrefix,
      errors: [{ messageId: "issueRef", data: { tool: "get_wait_stats", ref: '"GH-12"' }, ...at(ghPrefix.code, 11, 9, `${WAIT_STATS_HEAD}"Benign waits are removed (GH-12)."`) }],
    },
    {
      name: "red: closes-keyword (on the second tool)",
      ...closesKeyword,
      errors: [
        {
          messageId: "issueRef",
          data: { tool: "get_top_queries", ref: '"#12"' },
          ...at(
            closesKeyword.code,
            32,
            9,
            '"The costliest queries in Query Store over the window, by total duration, largest first. " +\n        "Sorted by total duration (Closes #12)."',
          ),
        },
      ],
    },
    {
      name: "red: two-in-one-description (one finding per reference, same span)",
      ...twoInOne,
      errors: [
        {
          messageId: "issueRef",
          data: { tool: "get_wait_stats", ref: '"#1234"' },
          ...at(twoInOne.code, 11, 9, `${WAIT_STATS_HEAD}"Benign waits are removed (#1234); signal_ms was added in GH-56."`),
        },
        {
          messageId: "issueRef",
          data: { tool: "get_wait_stats", ref: '"GH-56"' },
          ...at(twoInOne.code, 11, 9, `${WAIT_STATS_HEAD}"Benign waits are removed (#1234); signal_ms was added in GH-56."`),
        },
      ],
    },
    {
      name: "red: cross-repository (owner/repo#88 and fixes#7, in the order of their messages)",
      ...crossRepository,
      errors: [
        {
          messageId: "issueRef",
          data: { tool: "get_wait_stats", ref: '"fixes#7"' },
          ...at(crossRepository.code, 11, 9, `${WAIT_STATS_HEAD}"Benign waits are removed (see sqlmon/collector#88; fixes#7)."`),
        },
        {
          messageId: "issueRef",
          data: { tool: "get_wait_stats", ref: '"sqlmon/collector#88"' },
          ...at(crossRepository.code, 11, 9, `${WAIT_STATS_HEAD}"Benign waits are removed (see sqlmon/collector#88; fixes#7)."`),
        },
      ],
    },
    {
      name: "editor: full waits.ts, #1234 added to a split head",
      ...fullHash,
      errors: [
        {
          messageId: "issueRef",
          data: { tool: "get_wait_stats", ref: '"#1234"' },
          ...at(
            fullHash.code,
            59,
            9,
            '"Top waits on a server over the last hours, benign waits removed (#1234), with what each usually means. " +\n        "Reading guide: get_tool_guide."',
          ),
        },
      ],
    },
    {
      name: "editor: lite waits.ts, GH-12 added",
      ...liteGh,
      errors: [
        {
          messageId: "issueRef",
          data: { tool: "get_wait_stats", ref: '"GH-12"' },
          ...at(liteGh.code, 21, 20, '"Top waits on a server over the last hours, benign waits removed (GH-12). Reading guide: get_tool_guide."'),
        },
      ],
    },
    {
      name: "editor: lite waits.ts, a reference in a description holding an astral character (columns in UTF-16 code units)",
      ...liteAstral,
      errors: [{ messageId: "issueRef", data: { tool: "get_wait_stats", ref: '"#1234"' }, ...at(liteAstral.code, 21, 20, LITE_ASTRAL) }],
    },
    {
      name: "editor: a reference in an imported constant, reported at each description that serves it",
      ...consts,
      ...withOtherBuffer(`${CONSTS}/src/descriptionParts.ts`, partsWithRef),
      errors: [
        {
          messageId: "issueRef",
          data: { tool: "get_wait_stats", ref: '"#42"' },
          ...at(consts.code, 16, 20, "`Top waits on one server over the last hours_back hours, largest first. ${HOURS_BACK_SENTENCE} ${SERVER_NAME_SENTENCE}`"),
        },
        { messageId: "issueRef", data: { tool: "get_top_queries", ref: '"#42"' }, ...at(consts.code, 35, 20, "TOP_QUERIES_DESCRIPTION") },
      ],
    },
  ],
});

describeOptionsSchema(RULE, rule);
