// Rule parse-error: a file the census cannot parse is reported at its first syntax error; what ESLint can show of it, and what it cannot.
import { describe, expect, it } from "vitest";
import floorRule from "../../rules/floor.js";
import rule from "../../rules/parse-error.js";
import { FIRST_CHARACTER, describeOptionsSchema, diskText, edit, inBuffer, lintWith, onDisk, ruleTester, withOtherBuffer } from "./ruleTester.js";

const RULE = "parse-error";
const MISSING = `red/${RULE}/missing-initialiser`;
const UNCLOSED = `red/${RULE}/unclosed-brace`;
const DROPS = "red/floor/parse-error-drops-count";

/*
 * Why this rule has no invalid case. The census parses with TypeScript's parser, and so does typescript-eslint's
 * parser, with the same script kind for a .ts file: a .ts text that the census cannot parse is a text ESLint cannot
 * parse either. ESLint then reports its own fatal "Parsing error" and runs no rule at all (the last describe below),
 * so this rule never reports on the file ESLint is linting; the census CLI reports those files. What ESLint can show
 * is the rest: no parse-error where the text parses (even when the disk copy does not), none on the other files of a
 * monitor that holds a broken file, and the floors that fire because the broken file's counts dropped out.
 * The .jsx case below is the one place where the two parsers part: the census parses every file that is not .tsx
 * as TypeScript without JSX, while TypeScript and typescript-eslint parse a .jsx file with JSX.
 * (The rule does report a broken config, once per file for every payload-census rule: configError.test.ts.)
 */
ruleTester.run(RULE, rule, {
  valid: [
    // parses: the reference monitor's helpers module
    { name: "monitor: full helpers.ts", ...onDisk("monitor/full/src/mcp/helpers.ts") },
    // parses: a reference monitor tool file
    { name: "monitor: full waits.ts", ...onDisk("monitor/full/src/mcp/tools/waits.ts") },
    // home: plan.ts does not parse on disk; its parse-error is homed on plan.ts, not on the tool file beside it
    { name: "home: missing-initialiser's top.ts", ...onDisk(`${MISSING}/src/tools/top.ts`) },
    // home: nor on the helpers module, where project-wide findings go
    { name: "home: missing-initialiser's helpers.ts", ...onDisk(`${MISSING}/src/helpers.ts`) },
    // home: an unclosed brace (an error at the end of the file) stays on its file too
    { name: "home: unclosed-brace's top.ts", ...onDisk(`${UNCLOSED}/src/tools/top.ts`) },
    // home: the floor fires on this helpers module (see below), the parse-error does not
    { name: "home: parse-error-drops-count's helpers.ts", ...onDisk(`${DROPS}/src/helpers.ts`) },
    // editor: the disk copy does not parse, the buffer does: the buffer is what the census reads
    {
      name: "editor: missing-initialiser's plan.ts fixed in the buffer",
      ...inBuffer(`${MISSING}/src/tools/plan.ts`, (text) => edit(text, "const operators = ;", "const operators: string[] = [];")),
    },
    // editor: a file cut short on disk, completed in the buffer
    {
      name: "editor: unclosed-brace's plan.ts closed in the buffer",
      ...inBuffer(`${UNCLOSED}/src/tools/plan.ts`, (text) => `${text}}\n`),
    },
    // editor: another file's buffer parses although its disk copy does not; this file still has nothing
    {
      name: "editor: top.ts while plan.ts is fixed in another buffer",
      ...onDisk(`${MISSING}/src/tools/top.ts`),
      ...withOtherBuffer(`${MISSING}/src/tools/plan.ts`, edit(diskText(`${MISSING}/src/tools/plan.ts`), "const operators = ;", "const operators = 0;")),
    },
    // parses: a .jsx tool file, which TypeScript and typescript-eslint parse with JSX syntax
    { name: "jsx: a .jsx tool file with JSX", ...onDisk("rules/jsx-tool/src/tools/card.jsx") },
    // parses: the .ts tool file beside it
    { name: "jsx: the monitor's .ts tool file", ...onDisk("rules/jsx-tool/src/tools/top.ts") },
  ],
  invalid: [],
});

// A parse error in another file drops that file's facts: the counts it held fall below the floor, on the helpers module.
ruleTester.run(`floor (${RULE} in another file)`, floorRule, {
  valid: [
    // editor: the broken file parses in its buffer, so the count is back at the floor
    {
      name: "plan.ts fixed in another buffer",
      ...onDisk(`${DROPS}/src/helpers.ts`),
      ...withOtherBuffer(`${DROPS}/src/tools/plan.ts`, edit(diskText(`${DROPS}/src/tools/plan.ts`), "const limit = ;", "const limit = 10;")),
    },
  ],
  invalid: [
    {
      name: "plan.ts does not parse on disk",
      ...onDisk(`${DROPS}/src/helpers.ts`),
      errors: [{ messageId: "below", data: { count: "passThroughs.total", actual: "2", floor: "3" }, ...FIRST_CHARACTER }],
    },
  ],
});

describe(`${RULE}: a text the ESLint parser cannot parse`, () => {
  it("is ESLint's own fatal parsing error, and no rule runs", () => {
    for (const broken of [onDisk(`${MISSING}/src/tools/plan.ts`), onDisk(`${UNCLOSED}/src/tools/plan.ts`)]) {
      const messages = lintWith(RULE, rule, [], broken.code, broken.filename);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ ruleId: null, fatal: true, severity: 2 });
      expect(messages[0]!.message).toMatch(/^Parsing error: /);
    }
  });
  it("is the first syntax error the census reports too (expected.json: line 9, Expression expected.)", () => {
    const broken = onDisk(`${MISSING}/src/tools/plan.ts`);
    expect(lintWith(RULE, rule, [], broken.code, broken.filename)[0]).toMatchObject({ line: 9, message: "Parsing error: Expression expected." });
  });
});

describeOptionsSchema(RULE, rule);
