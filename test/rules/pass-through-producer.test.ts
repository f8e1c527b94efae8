// Rule pass-through-producer: a guarded pass-through reports at its `if` (to the condition's closing parenthesis) unless its value comes from a shared producer.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import rule from "../../rules/pass-through-producer.js";
import { sessionFor } from "../../src/session.js";
import { at, describeOptionsSchema, edit, fixture, inBuffer, lintWith, onDisk, ruleTester } from "./ruleTester.js";

const RULE = "pass-through-producer";
const nearMiss = (name: string, file = "src/tools/top.ts") => onDisk(`near-miss/${RULE}/${name}/${file}`);
const red = (name: string, file = "src/tools/top.ts") => onDisk(`red/${RULE}/${name}/${file}`);

// Red cases, read once so that each expected span is located in the very text that is linted.
const forOf = red("for-of-untraceable", "src/tools/health.ts");
const unmappedAlias = red("import-unmapped-alias");
const inlineConst = red("inline-string-const", "src/tools/plan.ts");
const inlineLetBranch = red("inline-string-let-branch");
const localHelper = red("local-helper");
const methodOfObject = red("method-call-object");
const methodOfThis = red("method-call-this");
const closureWriteLocal = red("nested-closure-write-local");
const closureWrite = red("nested-closure-write");
const nonCarrier = red("non-carrier-parameter", "src/tools/health.ts");
const nonProducerImport = red("non-producer-import");
const nullishOperand = red("nullish-unshared-operand");
const shadowedInBlock = red("shadowed-in-block");
const catchDefinition = red("try-catch-definition");
const nameMismatch = red("validator-name-mismatch");

// Editor buffers: clean files of the reference monitor with a defect typed in and not saved.
const FULL_WAITS = "monitor/full/src/mcp/tools/waits.ts";
const LITE_WAITS = "monitor/lite/src/mcp/tools/waits.ts";
const waitsLocalHelper = inBuffer(FULL_WAITS, (text) =>
  edit(
    edit(text, "const topError = validateTop(top);\n      if (topError !== null)", "const topError = topProblem(top);\n      if (topError !== null)"),
    "\n    }),\n  );\n}\n",
    '\n    }),\n  );\n}\n\nfunction topProblem(top: number | undefined): string | null {\n  return top === 0 ? "top is at least 1." : null;\n}\n',
  ),
);
const queryStoreUnknownCall = inBuffer("monitor/full/src/mcp/tools/queryStore.ts", (text) =>
  edit(
    text,
    "const [target, miss] = resolveOrError(ctx.servers, server_name);\n      if (\n",
    "const [target, miss] = lookUpServer(ctx.servers, server_name);\n      if (\n",
  ),
);
const liteStringBranch = inBuffer(LITE_WAITS, (text) =>
  edit(text, "const topError = validateTop(top);", 'const topError = top === 0 ? "top is at least 1." : validateTop(top);'),
);
const liteNullOnly = inBuffer(LITE_WAITS, (text) => edit(text, "const topError = validateTop(top);", "const topError = null;"));
const healthNotCarrier = inBuffer("monitor/full/src/mcp/tools/health.ts", (text) =>
  edit(text, "export function parseHealthSummary(", "export function renderHealthSummary("),
);

// A monitor whose config sits in a sibling folder: only the `config` option or the shared setting leads to it.
const BESIDE_CONFIG = fixture("rules/config-beside/census/payload-census.config.json");
const beside = onDisk("rules/config-beside/monitor/src/tools/top.ts");

ruleTester.run(RULE, rule, {
  valid: [
    // clean reference monitor: resolver tuples, `!= null`, `!== null`, reversed `null != miss`, `&&` of two checks,
    // `??` of two validators, a property path `r.error`, `Boolean(...)!`, a destructured `{ error }`
    { name: "monitor: full waits.ts", ...onDisk(FULL_WAITS) },
    // clean reference monitor: a guard broken over four lines, a cast inside the guard, a `null` initialiser then a
    // conditional assignment, defineTool `run` methods
    { name: "monitor: full queryStore.ts", ...onDisk("monitor/full/src/mcp/tools/queryStore.ts") },
    // carrier: parseHealthSummary/parseHealthReplicas pass their parameter through and match "parseHealth*"
    { name: "monitor: full health.ts (carriers)", ...onDisk("monitor/full/src/mcp/tools/health.ts") },
    // namespace import `v.validateX(...)` and a comment inside the guard's parentheses
    { name: "monitor: full storage.ts (namespace import)", ...onDisk("monitor/full/src/mcp/tools/storage.ts") },
    // barrel import from ../index.js, element path `pair[1]`, a handler passed by reference
    { name: "monitor: lite sessions.ts (barrel)", ...onDisk("monitor/lite/src/mcp/tools/sessions.ts") },
    // near miss: validateTimeRange's own pass-through lives in a producer module, not a tool file: not traced
    { name: "monitor: full helpers.ts (not a tool file)", ...onDisk("monitor/full/src/mcp/helpers.ts") },
    // property path `found.error` and element path `pair[1]`
    { name: "near miss: access-paths", ...nearMiss("access-paths") },
    // block scoping: the inner `topError` string never reaches the outer guard
    { name: "near miss: block-shadowing", ...nearMiss("block-shadowing") },
    // carried: a parameter of a function matching a configured carrier glob
    { name: "near miss: carrier-parameter", ...nearMiss("carrier-parameter", "src/tools/health.ts") },
    // try/catch: the catch returns, so only the assignment in `try` reaches the guard
    { name: "near miss: catch-returns-early", ...nearMiss("catch-returns-early") },
    // `?:` whose other branch is literally null: that branch cannot pass the guard
    { name: "near miss: conditional-with-null-branch", ...nearMiss("conditional-with-null-branch") },
    // destructuring `{ error }` and `{ error: baselineError }` after `await`
    { name: "near miss: destructured-object", ...nearMiss("destructured-object") },
    // tuple destructuring, once with a hole
    { name: "near miss: destructured-tuple", ...nearMiss("destructured-tuple") },
    // early return: the local helper's value dies on the branch that returns
    { name: "near miss: early-return-kills-path", ...nearMiss("early-return-kills-path") },
    // guard spellings: `!= null`, `!== null`, `!== undefined`, `!= undefined`, reversed operands, `&&` of both
    { name: "near miss: guard-comparisons", ...nearMiss("guard-comparisons") },
    // guard spellings with comments, line breaks, parentheses, `as`, `<T>` assertions, `!` and a block consequent
    { name: "near miss: guard-syntax-noise", ...nearMiss("guard-syntax-noise") },
    // guard spellings: `P`, `!!P`, `Boolean(P)`, `typeof P === "string"` both ways, `typeof P == "string"`
    { name: "near miss: guard-truthiness", ...nearMiss("guard-truthiness") },
    // both branches of an if/else assign a validator's result; the `null` initialiser never reaches the guard
    { name: "near miss: if-else-assignments", ...nearMiss("if-else-assignments") },
    // aliased named imports `validateTop as checkTop`
    { name: "near miss: import-aliased", ...nearMiss("import-aliased") },
    // a barrel re-exporting by name and with `export *`
    { name: "near miss: import-barrel", ...nearMiss("import-barrel") },
    // a gate reached through a default import
    { name: "near miss: import-default", ...nearMiss("import-default", "src/tools/purge.ts") },
    // a validator that is its module's default export, matched by its declared name
    { name: "near miss: import-default-validator", ...nearMiss("import-default-validator", "src/tools/purge.ts") },
    // namespace imports `helpers.validateTop`, `servers.resolveOrError`
    { name: "near miss: import-namespace", ...nearMiss("import-namespace") },
    // tsconfig.json "paths" aliases `@app/*` and `#resolver`
    { name: "near miss: import-tsconfig-paths", ...nearMiss("import-tsconfig-paths") },
    // extensionless specifiers as bundler resolution writes them
    { name: "near miss: import-without-extension", ...nearMiss("import-without-extension") },
    // walk back to the LAST assignment: the local helper's value is overwritten before the guard
    { name: "near miss: last-assignment-wins", ...nearMiss("last-assignment-wins") },
    // loops: reassignment in a loop that may break early, a guard inside a while loop
    { name: "near miss: loop-reassignment", ...nearMiss("loop-reassignment") },
    // not a pass-through: an `else` branch, another value returned, a negated guard
    { name: "near miss: not-a-pass-through", ...nearMiss("not-a-pass-through") },
    // a `null` initialiser and a bare `let` reach the guard but cannot pass it
    { name: "near miss: null-initialiser-ignored", ...nearMiss("null-initialiser-ignored") },
    // `??`, `||` and `?:` whose every operand is a producer call
    { name: "near miss: split-operands", ...nearMiss("split-operands") },
    // switch: every case assigns a validator's result or returns
    { name: "near miss: switch-branches", ...nearMiss("switch-branches") },
    // value wrappers: `await`, parentheses, `as`, `satisfies`, `!`
    { name: "near miss: value-wrappers", ...nearMiss("value-wrappers") },
    // editor: the disk copy passes through a local helper's result, the unsaved buffer a shared validator's
    {
      name: "editor: red local-helper fixed in the buffer",
      ...inBuffer(`red/${RULE}/local-helper/src/tools/top.ts`, (text) =>
        edit(text, "const limitError = checkLimit(limit);", "const limitError = validateTop(limit);"),
      ),
    },
    // editor: a clean file with its guard re-spelt in the buffer (typeof, a comment and a line break): still a producer's
    {
      name: "editor: lite waits.ts with a re-spelt guard",
      ...inBuffer(LITE_WAITS, (text) =>
        edit(text, "if (topError !== null) return topError;", 'if (typeof /* refused? */ topError ===\n        "string") return topError;'),
      ),
    },
    // no config: a monitor file with no payload-census.config.json in its folder or above is not linted
    { name: "no config above the file", ...beside },
    // option: the named config wins over the nearest one; this file is not in that config's monitor
    { name: "option: a config whose monitor does not hold the file", ...localHelper, options: [{ config: BESIDE_CONFIG }] },
    // option over setting: the option names a monitor without this file, the setting the one with it
    {
      name: "option: wins over the shared setting",
      ...beside,
      options: [{ config: fixture(`red/${RULE}/local-helper/payload-census.config.json`) }],
      settings: { "payload-census": { config: BESIDE_CONFIG } },
    },
  ],
  invalid: [
    {
      name: "red: for-of-untraceable",
      ...forOf,
      errors: [{ messageId: "notShared", ...at(forOf.code, 12, 9, "if (problem != null)") }],
    },
    {
      name: "red: import-unmapped-alias",
      ...unmappedAlias,
      errors: [{ messageId: "notShared", ...at(unmappedAlias.code, 12, 7, "if (topError != null)") }],
    },
    {
      name: "red: inline-string-const",
      ...inlineConst,
      errors: [{ messageId: "notShared", ...at(inlineConst.code, 14, 7, "if (unsupported)") }],
    },
    {
      name: "red: inline-string-let-branch",
      ...inlineLetBranch,
      errors: [{ messageId: "notShared", ...at(inlineLetBranch.code, 12, 7, "if (topError != null)") }],
    },
    {
      name: "red: local-helper",
      ...localHelper,
      errors: [
        {
          messageId: "notShared",
          data: {
            tool: "Tool get_top_queries: ",
            path: "limitError",
            line: "18",
            definition: "const limitError = checkLimit(limit)",
            reason: "`checkLimit` is a local helper of src/tools/top.ts, not a shared producer",
          },
          ...at(localHelper.code, 19, 7, "if (limitError != null)"),
        },
      ],
    },
    {
      name: "red: method-call-object",
      ...methodOfObject,
      errors: [{ messageId: "notShared", ...at(methodOfObject.code, 17, 7, "if (topError != null)") }],
    },
    {
      name: "red: method-call-this",
      ...methodOfThis,
      errors: [{ messageId: "notShared", ...at(methodOfThis.code, 19, 9, "if (topError != null)") }],
    },
    {
      name: "red: nested-closure-write-local",
      ...closureWriteLocal,
      errors: [{ messageId: "notShared", ...at(closureWriteLocal.code, 19, 7, "if (problem)") }],
    },
    {
      name: "red: nested-closure-write",
      ...closureWrite,
      errors: [{ messageId: "notShared", ...at(closureWrite.code, 14, 7, "if (topError != null)") }],
    },
    {
      name: "red: non-carrier-parameter (outside a tool body: no tool prefix)",
      ...nonCarrier,
      errors: [
        {
          messageId: "notShared",
          data: {
            tool: "",
            path: "problem",
            line: "5",
            definition: "problem: string | null",
            reason: "`problem` is a parameter of `renderHealth`, which is not a configured carrier",
          },
          ...at(nonCarrier.code, 6, 3, "if (problem != null)"),
        },
      ],
    },
    {
      name: "red: non-producer-import",
      ...nonProducerImport,
      errors: [{ messageId: "notShared", ...at(nonProducerImport.code, 15, 7, "if (limitError != null)") }],
    },
    {
      name: "red: nullish-unshared-operand",
      ...nullishOperand,
      errors: [{ messageId: "notShared", ...at(nullishOperand.code, 16, 7, "if (problem)") }],
    },
    {
      name: "red: shadowed-in-block",
      ...shadowedInBlock,
      errors: [{ messageId: "notShared", ...at(shadowedInBlock.code, 19, 9, "if (limitError != null)") }],
    },
    {
      name: "red: try-catch-definition",
      ...catchDefinition,
      errors: [{ messageId: "notShared", ...at(catchDefinition.code, 16, 7, "if (topError)") }],
    },
    {
      name: "red: validator-name-mismatch",
      ...nameMismatch,
      errors: [{ messageId: "notShared", ...at(nameMismatch.code, 14, 7, "if (limitError != null)") }],
    },
    {
      name: "editor: full waits.ts with a validator replaced by a local helper",
      ...waitsLocalHelper,
      errors: [
        {
          messageId: "notShared",
          data: {
            tool: "Tool get_wait_stats: ",
            path: "topError",
            line: "72",
            definition: "const topError = topProblem(top)",
            reason: "`topProblem` is a local helper of full/src/mcp/tools/waits.ts, not a shared producer",
          },
          ...at(waitsLocalHelper.code, 73, 7, "if (topError !== null)"),
        },
      ],
    },
    {
      name: "editor: full queryStore.ts, a guard over four lines on an unknown call",
      ...queryStoreUnknownCall,
      errors: [
        {
          messageId: "notShared",
          ...at(queryStoreUnknownCall.code, 43, 7, "if (\n        miss !== null &&\n        miss !== undefined\n      )"),
        },
      ],
    },
    {
      name: "editor: lite waits.ts, a `?:` with a string branch",
      ...liteStringBranch,
      errors: [{ messageId: "notShared", ...at(liteStringBranch.code, 34, 7, "if (topError !== null)") }],
    },
    {
      name: "editor: lite waits.ts, only null reaches the guard",
      ...liteNullOnly,
      errors: [
        {
          messageId: "noValue",
          data: { tool: "Tool get_wait_stats: ", path: "topError" },
          ...at(liteNullOnly.code, 34, 7, "if (topError !== null)"),
        },
      ],
    },
    {
      name: "editor: full health.ts, a carrier renamed out of the carrier glob",
      ...healthNotCarrier,
      errors: [{ messageId: "notShared", ...at(healthNotCarrier.code, 37, 3, "if (err)") }],
    },
    {
      name: "option: config names the sibling census folder",
      ...beside,
      options: [{ config: BESIDE_CONFIG }],
      errors: [{ messageId: "notShared", ...at(beside.code, 19, 7, "if (limitError != null)") }],
    },
    {
      name: 'setting: settings["payload-census"].config names it for every rule',
      ...beside,
      settings: { "payload-census": { config: BESIDE_CONFIG } },
      errors: [{ messageId: "notShared", ...at(beside.code, 19, 7, "if (limitError != null)") }],
    },
  ],
});

// One file linted with three texts in a row and no buffer closed in between: each lint sees its own text.
const SEQUENCE = `red/${RULE}/inline-string-let-branch/src/tools/top.ts`;
const sequenceDisk = onDisk(SEQUENCE);
const sequenceFixed = edit(sequenceDisk.code, '  if (raw) topError = "raw output is not available together with top.";\n', "");
const sequenceMoved = edit(sequenceDisk.code, "      let topError = validateTop(top);\n", "      let topError = validateTop(top);\n\n\n");
ruleTester.run(`${RULE} (one file, successive texts)`, rule, {
  valid: [
    // editor: the buffer drops the string assignment; the disk still has it
    { name: "1. the fixed buffer", filename: sequenceDisk.filename, code: sequenceFixed },
  ],
  invalid: [
    {
      name: "2. the disk text again: the string assignment is back",
      ...sequenceDisk,
      errors: [{ messageId: "notShared", ...at(sequenceDisk.code, 12, 7, "if (topError != null)") }],
    },
    {
      name: "3. two lines inserted above: the finding moves with the text",
      filename: sequenceDisk.filename,
      code: sequenceMoved,
      errors: [{ messageId: "notShared", ...at(sequenceMoved, 14, 7, "if (topError != null)") }],
    },
  ],
});

describe(`${RULE}: a file linted once, then changed on disk`, () => {
  // eslint_d and editor servers keep one process. A file linted earlier (helpers.ts) and then rewritten on disk (a
  // pull, a save from another tool) must count with its new text when another file (top.ts) is linted: the session
  // promises to recompute when "a file they came from changes on disk or in an editor's buffer".
  function copyOfImportAliased(): { dir: string; helpers: string; top: string } {
    const dir = mkdtempSync(path.join(os.tmpdir(), "payload-census-rules-"));
    cpSync(fixture(`near-miss/${RULE}/import-aliased`), dir, { recursive: true });
    // The copy's session, made before the rule makes it, checks the disk on every file linted: no waiting for an interval.
    sessionFor(path.join(dir, "payload-census.config.json"), { revalidateMs: 0 });
    return { dir, helpers: path.join(dir, "src", "helpers.ts"), top: path.join(dir, "src", "tools", "top.ts") };
  }

  /** validateTop leaves the validator module: top.ts's pass-through of `checkTop(top)` (12:7) loses its producer. */
  function renameValidatorOnDisk(helpers: string): void {
    writeFileSync(helpers, readFileSync(helpers, "utf8").replace("export function validateTop(", "export function checkTopValue("));
  }

  it("reads the changed file again when another file is linted", () => {
    const { dir, helpers, top } = copyOfImportAliased();
    try {
      const topText = readFileSync(top, "utf8");
      expect(lintWith(RULE, rule, [], readFileSync(helpers, "utf8"), helpers)).toEqual([]);
      expect(lintWith(RULE, rule, [], topText, top)).toEqual([]);
      renameValidatorOnDisk(helpers);
      const messages = lintWith(RULE, rule, [], topText, top);
      expect(messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([[`payload-census/${RULE}`, 12, 7]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("control: the finding appears once the changed file itself is linted again", () => {
    const { dir, helpers, top } = copyOfImportAliased();
    try {
      const topText = readFileSync(top, "utf8");
      expect(lintWith(RULE, rule, [], readFileSync(helpers, "utf8"), helpers)).toEqual([]);
      expect(lintWith(RULE, rule, [], topText, top)).toEqual([]);
      renameValidatorOnDisk(helpers);
      expect(lintWith(RULE, rule, [], readFileSync(helpers, "utf8"), helpers)).toEqual([]);
      const messages = lintWith(RULE, rule, [], topText, top);
      expect(messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([[`payload-census/${RULE}`, 12, 7]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeOptionsSchema(RULE, rule);

