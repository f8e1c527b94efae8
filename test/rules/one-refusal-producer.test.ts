// Rule one-refusal-producer: per SKU, refusal must build the refusal word exactly once; reported at its declaration (to the end of its name), or at 1:1 when it is missing.
import rule from "../../rules/one-refusal-producer.js";
import { FIRST_CHARACTER, at, describeOptionsSchema, edit, inBuffer, onDisk, ruleTester } from "./ruleTester.js";

const RULE = "one-refusal-producer";
const red = (name: string, file = "src/helpers.ts") => onDisk(`red/${RULE}/${name}/${file}`);

const twice = red("builds-twice");
const zero = red("builds-zero");

const REFUSAL_BUILD = 'return status("invalid", sentence, { parameter });';
const fullObjectAndCall = inBuffer("monitor/full/src/mcp/helpers.ts", (text) =>
  edit(
    text,
    REFUSAL_BUILD,
    `if (sentence === "") return JSON.stringify({ status: "invalid", message: parameter, hints: { parameter } }) as Envelope;\n  ${REFUSAL_BUILD}`,
  ),
);
const liteMissing = inBuffer("monitor/lite/src/mcp/helpers.ts", (text) => edit(text, "export function refusal(", "export function refuse("));
const liteOtherWord = inBuffer("monitor/lite/src/mcp/helpers.ts", (text) => edit(text, REFUSAL_BUILD, 'return status("not_found", sentence, { parameter });'));

/** The count message's data for refusal in `helpers`. */
const count = (helpers: string, times: string) => ({ fn: "refusal", helpers, word: '"invalid"', times });

ruleTester.run(RULE, rule, {
  valid: [
    // exactly once: refusal builds status("invalid", ...) once in the full edition's helpers
    { name: "monitor: full helpers.ts", ...onDisk("monitor/full/src/mcp/helpers.ts") },
    // exactly once: the lite edition has a producer of its own, counted per SKU
    { name: "monitor: lite helpers.ts", ...onDisk("monitor/lite/src/mcp/helpers.ts") },
    // exactly once: the build is a hand-serialised string inside refusal
    { name: "near miss: serialised-build", ...onDisk(`near-miss/${RULE}/serialised-build/src/helpers.ts`) },
    // exactly once: formatError's object-literal build does not touch refusal's count
    { name: "near miss: one-failure-producer/object-literal-build", ...onDisk("near-miss/one-failure-producer/object-literal-build/src/helpers.ts") },
    // re-export: the package's runtime refusal, re-exported by helpers.ts
    { name: "near miss: helpers-reexport-runtime", ...onDisk("near-miss/one-failure-producer/helpers-reexport-runtime/src/helpers.ts") },
    // allow-list: outcome() may build "invalid" too; refusal still builds it exactly once
    { name: "near miss: allow-listed-outcome", ...onDisk("near-miss/hand-built-status/allow-listed-outcome/src/helpers.ts") },
    // home: the finding is on the helpers module, not on the tool file
    { name: "home: builds-twice's tool file", ...red("builds-twice", "src/tools/top.ts") },
    // editor: builds-zero answering with the refusal word in the buffer
    {
      name: "editor: builds-zero fixed in the buffer",
      ...inBuffer(`red/${RULE}/builds-zero/src/helpers.ts`, (text) =>
        edit(text, 'return status("no_data", sentence, { parameter });', 'return status("invalid", sentence, { parameter });'),
      ),
    },
  ],
  invalid: [
    {
      name: "red: builds-twice",
      ...twice,
      errors: [{ messageId: "count", data: count("src/helpers.ts", "2 times"), ...at(twice.code, 12, 1, "export function refusal") }],
    },
    {
      name: "red: builds-zero",
      ...zero,
      errors: [{ messageId: "count", data: count("src/helpers.ts", "nowhere"), ...at(zero.code, 12, 1, "export function refusal") }],
    },
    {
      name: "editor: full helpers.ts, an object literal and a builder call",
      ...fullObjectAndCall,
      errors: [{ messageId: "count", data: count("full/src/mcp/helpers.ts", "2 times"), ...at(fullObjectAndCall.code, 29, 1, "export function refusal") }],
    },
    {
      name: "editor: lite helpers.ts, refusal builds another word",
      ...liteOtherWord,
      errors: [{ messageId: "count", data: count("lite/src/mcp/helpers.ts", "nowhere"), ...at(liteOtherWord.code, 28, 1, "export function refusal") }],
    },
    {
      name: "editor: lite helpers.ts, refusal renamed (at 1:1, no span)",
      ...liteMissing,
      errors: [
        {
          messageId: "missing",
          data: { fn: "refusal", helpers: "lite/src/mcp/helpers.ts", word: '"invalid"', builder: "status" },
          ...FIRST_CHARACTER,
        },
      ],
    },
  ],
});

describeOptionsSchema(RULE, rule);
