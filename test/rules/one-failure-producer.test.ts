// Rule one-failure-producer: per SKU, formatError must build the failure word exactly once; reported at its declaration (to the end of its name), or at 1:1 when it is missing.
import rule from "../../rules/one-failure-producer.js";
import { FIRST_CHARACTER, at, describeOptionsSchema, edit, inBuffer, onDisk, ruleTester } from "./ruleTester.js";

const RULE = "one-failure-producer";
const red = (name: string, file = "src/helpers.ts") => onDisk(`red/${RULE}/${name}/${file}`);

const twice = red("builds-twice");
const zero = red("builds-zero");
const missing = red("missing");

const FULL_HELPERS = "monitor/full/src/mcp/helpers.ts";
const FAILURE_BUILD = "return status(\"error\", `${operation} failed: ${detail}`, { operation });";
const fullTwice = inBuffer(FULL_HELPERS, (text) =>
  edit(text, FAILURE_BUILD, `if (ex === undefined) return status("error", \`\${operation} failed.\`, { operation });\n  ${FAILURE_BUILD}`),
);
const fullMissing = inBuffer(FULL_HELPERS, (text) => edit(text, "export function formatError(", "export function failure("));
const liteArrowZero = inBuffer("monitor/lite/src/mcp/helpers.ts", (text) =>
  edit(
    text,
    `export function formatError(operation: string, ex: unknown): Envelope {\n  const detail = ex instanceof Error ? ex.message : String(ex);\n  ${FAILURE_BUILD}\n}`,
    `export const formatError = (operation: string, ex: unknown): Envelope =>\n  status("unavailable", \`\${operation} failed: \${String(ex)}\`, { operation });`,
  ),
);

/** The count message's data for formatError in `helpers`. */
const count = (helpers: string, times: string) => ({ fn: "formatError", helpers, word: '"error"', times });

ruleTester.run(RULE, rule, {
  valid: [
    // exactly once: formatError builds status("error", ...) once in the full edition's helpers
    { name: "monitor: full helpers.ts", ...onDisk(FULL_HELPERS) },
    // exactly once: the lite edition has a producer of its own, counted per SKU
    { name: "monitor: lite helpers.ts", ...onDisk("monitor/lite/src/mcp/helpers.ts") },
    // exactly once: the build is an object literal `{ status: "error", ... }` inside formatError
    { name: "near miss: object-literal-build", ...onDisk(`near-miss/${RULE}/object-literal-build/src/helpers.ts`) },
    // re-export: helpers.ts adopts the package's runtime producers instead of declaring its own
    { name: "near miss: helpers-reexport-runtime", ...onDisk(`near-miss/${RULE}/helpers-reexport-runtime/src/helpers.ts`) },
    // exactly once: refusal's hand-serialised build does not touch formatError's count
    { name: "near miss: one-refusal-producer/serialised-build", ...onDisk("near-miss/one-refusal-producer/serialised-build/src/helpers.ts") },
    // home: the finding is on the helpers module, not on the tool file that calls formatError
    { name: "home: builds-twice's tool file", ...red("builds-twice", "src/tools/top.ts") },
    // editor: builds-twice with its first build removed in the buffer
    {
      name: "editor: builds-twice fixed in the buffer",
      ...inBuffer(`red/${RULE}/builds-twice/src/helpers.ts`, (text) =>
        edit(text, '  if (ex instanceof Error) return status("error", `${operation} failed: ${ex.message}`, { operation });\n', ""),
      ),
    },
  ],
  invalid: [
    {
      name: "red: builds-twice",
      ...twice,
      errors: [{ messageId: "count", data: count("src/helpers.ts", "2 times"), ...at(twice.code, 7, 1, "export function formatError") }],
    },
    {
      name: "red: builds-zero",
      ...zero,
      errors: [{ messageId: "count", data: count("src/helpers.ts", "nowhere"), ...at(zero.code, 7, 1, "export function formatError") }],
    },
    {
      name: "red: missing (at 1:1, no span)",
      ...missing,
      errors: [
        {
          messageId: "missing",
          data: { fn: "formatError", helpers: "src/helpers.ts", word: '"error"', builder: "status" },
          ...FIRST_CHARACTER,
        },
      ],
    },
    {
      name: "editor: full helpers.ts, a second build on an early return",
      ...fullTwice,
      errors: [{ messageId: "count", data: count("full/src/mcp/helpers.ts", "2 times"), ...at(fullTwice.code, 23, 1, "export function formatError") }],
    },
    {
      name: "editor: full helpers.ts, formatError renamed",
      ...fullMissing,
      errors: [
        {
          messageId: "missing",
          data: { fn: "formatError", helpers: "full/src/mcp/helpers.ts", word: '"error"', builder: "status" },
          ...FIRST_CHARACTER,
        },
      ],
    },
    {
      // The declaration of a const arrow is its `export const` statement: the span runs from it to the end of the name.
      name: "editor: lite helpers.ts, formatError as a const arrow building another word",
      ...liteArrowZero,
      errors: [
        { messageId: "count", data: count("lite/src/mcp/helpers.ts", "nowhere"), ...at(liteArrowZero.code, 22, 1, "export const formatError") },
      ],
    },
  ],
});

describeOptionsSchema(RULE, rule);
