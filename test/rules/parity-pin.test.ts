// Rule parity-pin: a shared fragment not byte-identical in a SKU's instructions reports on that module's first exported string constant (no span); a SKU without instructions on its helpers module at 1:1.
import rule from "../../rules/parity-pin.js";
import { FIRST_CHARACTER, at, describeOptionsSchema, diskText, edit, inBuffer, onDisk, ruleTester, withOtherBuffer } from "./ruleTester.js";

const RULE = "parity-pin";
const PIN = '"payload-paragraph"';
const red = (name: string, file: string) => onDisk(`red/${RULE}/${name}/${file}`);
const nearMiss = (file: string) => onDisk(`near-miss/${RULE}/identical-paragraph/${file}`);

/** The differs message's data for the payload-paragraph pin. */
const differs = (sku: string, where: string) => ({ name: PIN, sku, where });

// Red cases.
const differsLite = red("differs-by-one-character", "lite/src/instructions.ts");
const missingLiteHelpers = red("missing-instructions", "lite/src/helpers.ts");
const notConstantLite = red("instructions-not-constant", "lite/src/instructions.ts");

// Editor buffers.
const FULL_INSTRUCTIONS = "monitor/full/src/mcp/instructions.ts";
const LITE_INSTRUCTIONS = "monitor/lite/src/mcp/instructions.ts";
const liteOneCharacter = edit(diskText(LITE_INSTRUCTIONS), "data as JSON", "data as json");
const liteOneCharacterBuffer = inBuffer(LITE_INSTRUCTIONS, () => liteOneCharacter);
const fullOneCharacter = inBuffer(FULL_INSTRUCTIONS, (text) => edit(text, "A refusal names in", "A refusal lists in"));
const liteUnknown = inBuffer(LITE_INSTRUCTIONS, (text) => edit(text, '"shows them).";', '"shows them). " + footer();'));
const liteTitleFirst = inBuffer(LITE_INSTRUCTIONS, (text) =>
  edit(edit(text, "export const INSTRUCTIONS =", 'export const TITLE = "SQL Server monitor, lite edition.";\nexport const INSTRUCTIONS ='), "data as JSON", "data as json"),
);
const nearMissLite = nearMiss("lite/src/instructions.ts");
const sharedTextRetyped = edit(diskText(`near-miss/${RULE}/identical-paragraph/lite/src/sharedText.ts`), "A refusal's", "A refusal’s");
const LITE_PARAGRAPH =
  "Every tool answers with one payload: data as JSON, or an envelope with a status word, a message and hints. A refusal names in hints.parameter the argument to change; an error is a fault of the monitor or the server, not of the request. When several servers are monitored, pass server_name (list_servers shows them).";

ruleTester.run(RULE, rule, {
  valid: [
    // identical: the full edition's instructions hold the paragraph, across three `+` operands
    { name: "monitor: full instructions.ts", ...onDisk(FULL_INSTRUCTIONS) },
    // identical: the lite edition's, with other text before it
    { name: "monitor: lite instructions.ts", ...onDisk(LITE_INSTRUCTIONS) },
    // identical: the full edition of the near miss, from literals
    { name: "near miss: identical-paragraph full", ...nearMiss("full/src/instructions.ts") },
    // identical: the lite edition builds it from a literal and an imported constant
    { name: "near miss: identical-paragraph lite", ...nearMissLite },
    // home: the differing SKU is lite; the full SKU's instructions have nothing
    { name: "home: differs-by-one-character's full instructions.ts", ...red("differs-by-one-character", "full/src/instructions.ts") },
    // home: a differing text is reported on the instructions module, not on the helpers module
    { name: "home: differs-by-one-character's lite helpers.ts", ...red("differs-by-one-character", "lite/src/helpers.ts") },
    // home: the SKU without instructions is lite; the full SKU's helpers module has nothing
    { name: "home: missing-instructions's full helpers.ts", ...red("missing-instructions", "full/src/helpers.ts") },
    // identical: the full SKU of missing-instructions holds the paragraph
    { name: "home: missing-instructions's full instructions.ts", ...red("missing-instructions", "full/src/instructions.ts") },
    // fixed: differs-by-one-character's typographic apostrophe typed back as ' in the buffer
    {
      name: "editor: differs-by-one-character fixed in the buffer",
      ...inBuffer(`red/${RULE}/differs-by-one-character/lite/src/instructions.ts`, (text) => edit(text, "A refusal’s hints", "A refusal's hints")),
    },
    // fragment: the text around the pinned paragraph may differ between SKUs
    {
      name: "editor: lite instructions.ts edited outside the pinned paragraph",
      ...inBuffer(LITE_INSTRUCTIONS, (text) => edit(text, "SQL Server monitor, lite edition.", "SQL Server monitor, lite edition (seven days of samples).")),
    },
    // home: lite's text differs in another buffer; the full SKU's instructions have nothing
    { name: "home: full instructions.ts while lite's differs", ...onDisk(FULL_INSTRUCTIONS), ...withOtherBuffer(LITE_INSTRUCTIONS, liteOneCharacter) },
    // identical: the paragraph in one template literal
    {
      name: "editor: lite instructions.ts as one template literal",
      ...inBuffer(LITE_INSTRUCTIONS, () => `// The server instructions, in one template literal.\nexport const INSTRUCTIONS = \`SQL Server monitor, lite edition. ${LITE_PARAGRAPH}\`;\n`),
    },
    // identical: the constant exported by an export list
    {
      name: "editor: lite instructions.ts exported by `export { INSTRUCTIONS }`",
      ...inBuffer(LITE_INSTRUCTIONS, (text) => `${edit(text, "export const INSTRUCTIONS =", "const INSTRUCTIONS =")}export { INSTRUCTIONS };\n`),
    },
  ],
  invalid: [
    {
      // The finding has no span: ESLint shows it at the declaration's name, and its end is its start.
      name: "red: differs-by-one-character (a typographic apostrophe)",
      ...differsLite,
      errors: [
        {
          messageId: "differs",
          data: differs("lite", 'the first 116 characters match, then the pin has "\'s hints.par" where the instructions have "’s hints.par"'),
          ...at(differsLite.code, 3, 14, ""),
        },
      ],
    },
    {
      name: "red: missing-instructions, on lite's helpers module at 1:1",
      ...missingLiteHelpers,
      errors: [{ messageId: "noInstructions", data: { name: PIN, sku: "lite" }, ...FIRST_CHARACTER }],
    },
    {
      // No exported string constant: ESLint shows it at the exported function's declaration, and its end is its start.
      name: "red: instructions-not-constant (unknownText, a function)",
      ...notConstantLite,
      errors: [{ messageId: "unknownText", data: { name: PIN, sku: "lite", why: "`instructions` is a function" }, ...at(notConstantLite.code, 2, 1, "") }],
    },
    {
      name: "editor: lite instructions.ts, one character of the paragraph changed",
      ...liteOneCharacterBuffer,
      errors: [
        {
          messageId: "differs",
          data: differs("lite", 'the first 45 characters match, then the pin has "JSON, or an " where the instructions have "json, or an "'),
          ...at(liteOneCharacterBuffer.code, 2, 14, ""),
        },
      ],
    },
    {
      name: "editor: full instructions.ts, one word of the paragraph changed",
      ...fullOneCharacter,
      errors: [
        {
          messageId: "differs",
          data: differs("full", 'the first 117 characters match, then the pin has "names in hin" where the instructions have "lists in hin"'),
          ...at(fullOneCharacter.code, 2, 14, ""),
        },
      ],
    },
    {
      name: "editor: lite instructions.ts, two exported constants: reported at the first",
      ...liteTitleFirst,
      errors: [
        {
          messageId: "differs",
          data: differs("lite", 'the first 45 characters match, then the pin has "JSON, or an " where the instructions have "json, or an "'),
          ...at(liteTitleFirst.code, 2, 14, ""),
        },
      ],
    },
    {
      name: "editor: lite instructions.ts ends with a call (unknownText)",
      ...liteUnknown,
      errors: [{ messageId: "unknownText", data: { name: PIN, sku: "lite", why: "`INSTRUCTIONS`: call to `footer()`" }, ...at(liteUnknown.code, 2, 14, "") }],
    },
    {
      name: "editor: near miss's lite instructions.ts while the imported sentence is retyped in another buffer",
      ...nearMissLite,
      ...withOtherBuffer(`near-miss/${RULE}/identical-paragraph/lite/src/sharedText.ts`, sharedTextRetyped),
      errors: [
        {
          messageId: "differs",
          data: differs("lite", 'the first 116 characters match, then the pin has "\'s hints.par" where the instructions have "’s hints.par"'),
          ...at(nearMissLite.code, 5, 14, ""),
        },
      ],
    },
  ],
});

describeOptionsSchema(RULE, rule);
