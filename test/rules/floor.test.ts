// Rule floor: a census count below its configured floor reports on the SKU's helpers module at 1:1 (its home, the config file, cannot be linted).
import rule from "../../rules/floor.js";
import { FIRST_CHARACTER, describeOptionsSchema, diskText, edit, inBuffer, onDisk, ruleTester, withOtherBuffer } from "./ruleTester.js";

const RULE = "floor";
const EQUAL = "near-miss/floor/equal-to-count";
const DROPS = "red/floor/parse-error-drops-count";

/** The floor message's data: which count, its value today, its floor. */
const below = (count: string, actual: number, floor: number) => ({ count, actual: String(actual), floor: String(floor) });

// equal-to-count's tool file without its validator pass-through: passThroughs.total 2 -> 1, .validator 1 -> 0.
const equalWithoutValidatorGuard = edit(diskText(`${EQUAL}/src/tools/top.ts`), "if (topError != null) return topError;", "console.warn(topError);");
// parse-error-drops-count's broken tool file, fixed in an editor: its pass-through counts again.
const dropsFixed = edit(diskText(`${DROPS}/src/tools/plan.ts`), "const limit = ;", "const limit = 10;");
// The reference monitor's lite waits.ts without one validator pass-through: the monitor's totals drop below its floors.
const LITE_WAITS = "monitor/lite/src/mcp/tools/waits.ts";
const liteWaitsUnguarded = edit(diskText(LITE_WAITS), "if (topError !== null) return topError;", "console.warn(topError);");

ruleTester.run(RULE, rule, {
  valid: [
    // at the floor: every count equals its floor
    { name: "near miss: equal-to-count", ...onDisk(`${EQUAL}/src/helpers.ts`) },
    // at the floor: the reference monitor's floors are today's counts (reported, if ever, on the first SKU's helpers)
    { name: "monitor: full helpers.ts", ...onDisk("monitor/full/src/mcp/helpers.ts") },
    // home: the second SKU's helpers module never holds a floor of a two-SKU monitor
    { name: "monitor: lite helpers.ts", ...onDisk("monitor/lite/src/mcp/helpers.ts") },
    // home: a floor below its count is reported on the helpers module, never on a tool file
    { name: "home: above-count's tool file", ...onDisk("red/floor/above-count/src/tools/top.ts") },
    // home: likewise when the count dropped because another file does not parse
    { name: "home: parse-error-drops-count's tool file", ...onDisk(`${DROPS}/src/tools/top.ts`) },
    // home: a floor of a monitor with two SKUs is reported on the first SKU's helpers module only
    {
      name: "home: lite helpers.ts while lite drops below the floors",
      ...onDisk("monitor/lite/src/mcp/helpers.ts"),
      ...withOtherBuffer(LITE_WAITS, liteWaitsUnguarded),
    },
    // editor: the file that does not parse on disk is fixed in its buffer; its pass-through counts again
    {
      name: "editor: parse-error-drops-count with plan.ts fixed in a buffer",
      ...onDisk(`${DROPS}/src/helpers.ts`),
      ...withOtherBuffer(`${DROPS}/src/tools/plan.ts`, dropsFixed),
    },
  ],
  invalid: [
    {
      name: "red: above-count",
      ...onDisk("red/floor/above-count/src/helpers.ts"),
      errors: [{ messageId: "below", data: below("passThroughs.total", 2, 99), ...FIRST_CHARACTER }],
    },
    {
      // plan.ts does not parse on disk: its pass-through drops out of the counts (its parse-error is homed on plan.ts)
      name: "red: parse-error-drops-count",
      ...onDisk(`${DROPS}/src/helpers.ts`),
      errors: [{ messageId: "below", data: below("passThroughs.total", 2, 3), ...FIRST_CHARACTER }],
    },
    {
      name: "editor: equal-to-count's tool file loses its validator pass-through in a buffer",
      ...onDisk(`${EQUAL}/src/helpers.ts`),
      ...withOtherBuffer(`${EQUAL}/src/tools/top.ts`, equalWithoutValidatorGuard),
      errors: [
        { messageId: "below", data: below("passThroughs.total", 1, 2), ...FIRST_CHARACTER },
        { messageId: "below", data: below("passThroughs.validator", 0, 1), ...FIRST_CHARACTER },
      ],
    },
    {
      // The helpers module itself in the buffer: validateTop renamed out of the `validate*` names, so top.ts's
      // pass-through is still counted (total) but no longer a validator's.
      name: "editor: equal-to-count's helpers.ts renames its validator",
      ...inBuffer(`${EQUAL}/src/helpers.ts`, (text) => edit(text, "export function validateTop(", "export function checkTop(")),
      errors: [{ messageId: "below", data: below("passThroughs.validator", 0, 1), ...FIRST_CHARACTER }],
    },
    {
      name: "editor: the monitor's totals drop below its floors (reported on the first SKU's helpers)",
      ...onDisk("monitor/full/src/mcp/helpers.ts"),
      ...withOtherBuffer(LITE_WAITS, liteWaitsUnguarded),
      errors: [
        { messageId: "below", data: below("passThroughs.total", 88, 89), ...FIRST_CHARACTER },
        { messageId: "below", data: below("passThroughs.validator", 39, 40), ...FIRST_CHARACTER },
      ],
    },
  ],
});

describeOptionsSchema(RULE, rule);
