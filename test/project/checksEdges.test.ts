// Edges of the checks that turn per-file facts into findings: small monitors written at test time, each census's
// exact findings (rule, file, line, column, tool, message).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (relative path → text) into a new folder and returns its path. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-edges-"));
  made.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const HELPERS = `export function status(word: string, message: string, hints: Record<string, unknown> = {}): string {
  return JSON.stringify({ status: word, message, hints });
}

export function formatError(operation: string, ex: unknown): string {
  return status("error", \`\${operation} failed: \${String(ex)}\`, { operation });
}

export function refusal(parameter: string, sentence: string): string {
  return status("invalid", sentence, { parameter });
}

export function validateTop(top: number): string | null {
  if (!Number.isInteger(top) || top < 1) return refusal("top", "top must be a positive integer.");
  return null;
}
`;

/** A config of one SKU "main" rooted at the folder, with `extra` merged in at the top level and `sku` into the SKU. */
function config(extra: Record<string, unknown> = {}, sku: Record<string, unknown> = {}): string {
  return `${JSON.stringify(
    {
      skus: [
        {
          name: "main",
          root: ".",
          helpers: "src/helpers.ts",
          producers: [{ module: "src/helpers.ts", category: "validator", names: ["validate*"] }],
          tools: ["src/tools/*.ts"],
          ...sku,
        },
      ],
      ...extra,
    },
    null,
    2,
  )}\n`;
}

/** A tool file registering `tools` (name → description expression as source), each answering through formatError. */
function toolFile(tools: [string, string | null][]): string {
  const lines = ['import { formatError } from "../helpers.js";', "", "export function register(server: any): void {"];
  for (const [name, description] of tools) {
    lines.push(`  server.registerTool(${JSON.stringify(name)}, { ${description === null ? "" : `description: ${description}`} }, async () => {`);
    lines.push("    try {", '      return JSON.stringify({ ok: true });', "    } catch (ex) {", `      return formatError(${JSON.stringify(name)}, ex);`, "    }", "  });");
  }
  lines.push("}", "");
  return lines.join("\n");
}

function census(dir: string) {
  const result = runCensus(loadConfig({ dir }));
  return result.report.findings.map(({ rule, file, line, column, tool, message }) => ({ rule, file, line, column, tool, message }));
}

describe("status-route: quoted status words", () => {
  const run = (description: string) =>
    census(tree({ "payload-census.config.json": config(), "src/helpers.ts": HELPERS, "src/tools/t.ts": toolFile([["get_x", JSON.stringify(description)]]) }));

  it.each([
    ["curly double quotes", "An empty window answers \u201cno_data\u201d."],
    ["curly single quotes", "An empty window answers \u2018no_data\u2019."],
  ])("a word in %s is a name of the status", (_how, description) => {
    expect(run(description)).toEqual([
      {
        rule: "status-route",
        file: "src/tools/t.ts",
        line: 4,
        column: 47,
        tool: "get_x",
        message: "Tool get_x's description names the status \"no_data\", which the tool can never return (it can return \"error\"); remove the word, or return that status where the description says it comes",
      },
    ]);
  });

  it.each([
    ["a curly double quote closed by a straight one", "An empty window answers \u201cno_data\"."],
    ["a curly single quote closed by a straight one", "An empty window answers \u2018no_data\"."],
    ["a straight quote closed by a curly single one", "An empty window answers \"no_data\u2019."],
    ["a straight quote closed by a curly double one", "An empty window answers \"no_data\u201d."],
    ["a straight single quote closed by a double one", "An empty window answers 'no_data\"."],
  ])("a word between %s is no name", (_how, description) => {
    expect(run(description)).toEqual([]);
  });
});

describe("description-budget: the catalog's largest descriptions", () => {
  // Sizes 20, 20, 0 (no description: served as ""), and unknown (the census cannot see it): ties by name, the unknown last.
  const files = (descriptions: Record<string, unknown>) => ({
    "payload-census.config.json": config({ descriptions }),
    "src/helpers.ts": HELPERS,
    "src/tools/t.ts": toolFile([
      ["a_unseen", "process.env.DESCRIPTION"],
      ["d_tie", JSON.stringify("d".repeat(20))],
      ["b_none", null],
      ["c_tie", JSON.stringify("c".repeat(20))],
      ["e_unseen", "process.env.DESCRIPTION"],
    ]),
  });
  const unseen = ["a_unseen", "e_unseen"].map((tool, i) => ({
    rule: "tool-discovery",
    file: "src/tools/t.ts",
    line: 4 + 28 * i,
    column: 50,
    tool,
    message: `The census cannot see the served description of tool ${tool} (\`process\` is not declared in this file); build it from literals and constants so its size can be checked`,
  }));

  it("names the three largest served sizes, ties by name, a tool without description as 0 and one unseen last", () => {
    expect(census(tree(files({ total: 10 })))).toEqual([
      {
        rule: "description-budget",
        file: "payload-census.config.json",
        line: 22,
        column: 5,
        tool: null,
        message:
          "The main catalog serves 40 characters of tool descriptions, over its budget of 10; shorten the largest (c_tie 20, d_tie 20, b_none 0) or split them into a head and a reading guide",
      },
      ...unseen,
    ]);
  });

  it("rows: an unseen description has no size, no tokens and no entry; no description is served as empty", () => {
    const rows = runCensus(loadConfig({ dir: tree(files({})) })).report.descriptions;
    expect(rows.map((r) => [r.tool, r.served, r.tokens, r.entryUnknown ?? null])).toEqual([
      ["a_unseen", null, null, "the census cannot see its description"],
      ["b_none", 0, 0, null],
      ["c_tie", 20, 5, null],
      ["d_tie", 20, 5, null],
      ["e_unseen", null, null, "the census cannot see its description"],
    ]);
  });

  it("names the three largest token counts the same way", () => {
    expect(census(tree(files({ tokenTotal: 1 })))).toEqual([
      {
        rule: "description-budget",
        file: "payload-census.config.json",
        line: 22,
        column: 5,
        tool: null,
        message:
          "The main catalog serves 10 tokens (o200k_base) of tool descriptions, over its token budget of 1; shorten the largest (c_tie 5, d_tie 5, b_none 0) or split them into a head and a reading guide",
      },
      ...unseen,
    ]);
  });
});

describe("parity-pin: instructions the census cannot read", () => {
  const run = (instructions: Record<string, string>) =>
    census(
      tree({
        "payload-census.config.json": config({ parity: [{ name: "scope", text: "Read-only." }] }, { instructions: "src/instructions.ts" }),
        "src/helpers.ts": HELPERS,
        "src/tools/t.ts": toolFile([["get_x", '"Lists x."']]),
        ...instructions,
      }),
    );
  const finding = (line: number, column: number, message: string) => ({ rule: "parity-pin", file: "src/instructions.ts", line, column, tool: null, message });

  it("an `export *` is unseen text, and with no export declared in the module the finding is at its first line", () => {
    expect(run({ "src/instructions.ts": 'export * from "./more.js";\n', "src/more.ts": 'export const MORE = "Read-only.";\n' })).toEqual([
      finding(1, 1, "Parity pin \"scope\" cannot be checked in SKU main: the census cannot see the text of its instructions (`export * from \"./more.js\"`: the census does not read instructions through `export *`); build them from literals and constants"),
    ]);
  });

  it("a re-export the census cannot follow is unseen text, with why", () => {
    expect(run({ "src/instructions.ts": '// Re-exported from a module that is not there.\nexport { GONE } from "./missing.js";\n' })).toEqual([
      finding(1, 1, "Parity pin \"scope\" cannot be checked in SKU main: the census cannot see the text of its instructions (`GONE`: module \"./missing.js\" imported by src/instructions.ts does not exist); build them from literals and constants"),
    ]);
  });

  it("an exported constant that is not a string is unseen text, at its declaration", () => {
    expect(run({ "src/instructions.ts": "// A number computed at run time.\nexport const LIMIT = Math.max(1, 2);\n" })).toEqual([finding(2, 14, "Parity pin \"scope\" cannot be checked in SKU main: the census cannot see the text of its instructions (`LIMIT` is not a constant string); build them from literals and constants")]);
  });

  it("a pin whose first character occurs nowhere: no part of its start is there", () => {
    expect(run({ "src/instructions.ts": '// The server\'s instructions.\nexport const TEXT = "Use the tools.";\n' })).toEqual([
      finding(2, 14, "Parity pin \"scope\" is not byte-identical in the instructions of SKU main: no part of its start is there; copy the shared text exactly as pinned in the config's parity list"),
    ]);
  });
});

describe("hand-built-status: the builder handed on as a value, and builds near served text", () => {
  // The helpers module takes the builder from another module and keeps a reference of its own: that is no finding.
  const files = (tool: string) => ({
    "payload-census.config.json": config({ contract: { allow: [{ callee: "outcome", words: ["invalid"] }] } }),
    "src/core.ts": "export function status(word: string, message: string): string {\n  return JSON.stringify({ status: word, message });\n}\n",
    "src/helpers.ts": [
      'import { status } from "./core.js";',
      "export { status };",
      "export function formatError(operation: string, ex: unknown): string {",
      '  return status("error", `${operation} failed: ${String(ex)}`);',
      "}",
      "export function refusal(parameter: string, sentence: string): string {",
      '  return status("invalid", `${parameter}: ${sentence}`);',
      "}",
      "export const BUILDERS = [status];",
      "",
    ].join("\n"),
    "src/tools/t.ts": tool,
  });

  it("a renamed import handed on is named as imported; inside the helpers module or an allowed function it is no finding", () => {
    const tool = [
      'import { formatError, status as say } from "../helpers.js";',
      "",
      "export function outcome(applied: boolean, word: string): string {",
      "  const table = [say];",
      '  return table[0]!(word, applied ? "applied" : "nothing applied");',
      "}",
      "",
      "export const KEPT = [say];",
      "",
      "export function register(server: any): void {",
      '  server.registerTool("get_x", { description: "Lists x." }, async () => {',
      "    try {",
      '      return JSON.stringify({ ok: true });',
      "    } catch (ex) {",
      '      return formatError("get_x", ex);',
      "    }",
      "  });",
      "}",
      "",
    ].join("\n");
    expect(census(tree(files(tool)))).toEqual([
      {
        rule: "hand-built-status",
        file: "src/tools/t.ts",
        line: 8,
        column: 22,
        tool: null,
        message:
          "`say` hands the builder status on as a value (stored, bound or passed), so the census cannot see the words it will build; call status(word, message) where the envelope is built, or the word's producer",
      },
    ]);
  });

  it("an allow-listed producer called with a word it cannot see is named as called; a JSON string before a description is no served text", () => {
    const tool = [
      'import { formatError, status } from "../helpers.js";',
      "",
      "export function outcome(word: string, applied: boolean): string {",
      '  return status(word, applied ? "applied" : "nothing applied");',
      "}",
      "",
      "export function register(server: any): void {",
      `  const refused = '{"status":"invalid","message":"no"}';`,
      "  server.registerTool(",
      '    "get_x",',
      "    {",
      "      description:",
      '        "Lists x.",',
      "    },",
      "    async ({ kind }: { kind: string }) => {",
      "      try {",
      "        return outcome(kind, refused.length > 0);",
      "      } catch (ex) {",
      '        return formatError("get_x", ex);',
      "      }",
      "    },",
      "  );",
      "}",
      "",
    ].join("\n");
    expect(census(tree(files(tool)))).toEqual([
      {
        rule: "hand-built-status",
        file: "src/tools/t.ts",
        line: 8,
        column: 19,
        tool: null,
        message:
          'this hand-serialised JSON string builds a refusal envelope (status "invalid") by hand; use refusal(parameter, sentence) from a shared validator or resolver for a refusal',
      },
      {
        rule: "hand-built-status",
        file: "src/tools/t.ts",
        line: 17,
        column: 16,
        tool: "get_x",
        message:
          "Tool get_x: the census cannot see the status word of this outcome(…) call (`kind` is a parameter); pass a literal word or a constant so the census can check it",
      },
    ]);
  });

  it("JSON strings on the description's line, before and after it, are builds; a key other than status names no word", () => {
    const tool = [
      'import { formatError } from "../helpers.js";',
      "",
      "export function register(server: any): void {",
      `  server.registerTool("get_x", { title: '{"status":"invalid"}', description: "Lists x.", note: '{"status":"error"}' }, async () => {`,
      "    try {",
      `      return '{"status":"ok","kind":"invalid"}';`,
      "    } catch (ex) {",
      '      return formatError("get_x", ex);',
      "    }",
      "  });",
      "}",
      "",
    ].join("\n");
    expect(census(tree(files(tool)))).toEqual([
      {
        rule: "hand-built-status",
        file: "src/tools/t.ts",
        line: 4,
        column: 41,
        tool: null,
        message:
          'this hand-serialised JSON string builds a refusal envelope (status "invalid") by hand; use refusal(parameter, sentence) from a shared validator or resolver for a refusal',
      },
      {
        rule: "hand-built-status",
        file: "src/tools/t.ts",
        line: 4,
        column: 96,
        tool: null,
        message:
          'this hand-serialised JSON string builds a failure envelope (status "error") by hand; use formatError(operation, ex) for a failure, or refusal(parameter, sentence) if the caller must change a parameter',
      },
      {
        rule: "bare-sentence-roster",
        file: "src/tools/t.ts",
        line: 6,
        column: 14,
        tool: "get_x",
        message:
          'Tool get_x returns the bare sentence "{\\"status\\":\\"ok\\",\\"kind\\":\\"invalid\\"}", which is not in the roster; return an envelope (refusal(parameter, sentence) for a refusal) or, if it is deliberate, add it to the roster (payload-census roster --write)',
      },
    ]);
  });
});

describe("validator-builds-refusal: the validator table's edges", () => {
  it("a refusal given no parameter leaves the validator's parameters unseen; a caller taking no parameter is said to take none", () => {
    const helpers = `${HELPERS}
export function validateMode(mode: string): string | null {
  if (mode === "") return refusal();
  return null;
}
`;
    const tool = [
      'import { formatError, validateMode, validateTop } from "../helpers.js";',
      "",
      "export function register(server: any): void {",
      '  server.registerTool("get_x", { description: "Lists x.", inputSchema: {} }, async () => {',
      "    const topError = validateTop(10);",
      "    if (topError != null) return topError;",
      '    const modeError = validateMode("fast");',
      "    if (modeError != null) return modeError;",
      "    try {",
      "      return JSON.stringify({ ok: true });",
      "    } catch (ex) {",
      '      return formatError("get_x", ex);',
      "    }",
      "  });",
      "}",
      "",
    ].join("\n");
    const result = runCensus(loadConfig({ dir: tree({ "payload-census.config.json": config(), "src/helpers.ts": helpers, "src/tools/t.ts": tool }) }));
    expect(result.report.findings.map(({ rule, file, line, column, tool, message }) => ({ rule, file, line, column, tool, message }))).toEqual([
      {
        rule: "validator-builds-refusal",
        file: "src/helpers.ts",
        line: 14,
        column: 49,
        tool: null,
        message:
          'Validator validateTop refuses with parameter "top", which no tool that calls it takes (get_x takes none); name in refusal(parameter, sentence) the parameter the caller must change',
      },
    ]);
    expect(result.report.validators).toEqual([
      { sku: "main", validator: "validateTop", module: "src/helpers.ts", parameters: ["top"], callers: ["get_x"] },
      { sku: "main", validator: "validateMode", module: "src/helpers.ts", parameters: [], parametersUnseen: "no parameter is passed", callers: ["get_x"] },
    ]);
  });
});

describe("status-route: the words of envelopes the census reads in a tool's body", () => {
  // The description names “no_data”, which the tool never returns: the finding lists what it can return.
  const run = (body: string) =>
    census(
      tree({
        "payload-census.config.json": config(),
        "src/helpers.ts": HELPERS,
        "src/words.ts": "export const WORD = String(Date.now());\nexport const OTHER = String(Math.random());\n",
        "src/tools/t.ts": [
          'import { formatError } from "../helpers.js";',
          'import { OTHER, WORD } from "../words.js";',
          "",
          "export function register(server: any): void {",
          '  server.registerTool("get_x", { description: "Answers \u201cno_data\u201d when empty." }, async ({ flag }: { flag: boolean }) => {',
          body,
          '    return formatError("get_x", null);',
          "  });",
          "}",
          "",
        ].join("\n"),
      }),
    );
  const unreturned = (returnable: string) => ({
    rule: "status-route",
    file: "src/tools/t.ts",
    line: 5,
    column: 47,
    tool: "get_x",
    message: `Tool get_x's description names the status "no_data", which the tool can never return (it can return ${returnable}); remove the word, or return that status where the description says it comes`,
  });

  it("an object whose word is an unseen constant is data: no route, and no route left unseen", () => {
    expect(run("    if (flag) return JSON.stringify({ status: WORD });")).toEqual([unreturned('"error"')]);
  });

  it("an object whose word may be either of two unseen constants is data too", () => {
    expect(run("    if (flag) return JSON.stringify({ status: flag ? WORD : OTHER });")).toEqual([unreturned('"error"')]);
  });

  it("an object whose word may be a literal or an unseen constant returns the literal only", () => {
    expect(run('    if (flag) return JSON.stringify({ status: flag ? "empty" : WORD });')).toEqual([unreturned('"error", "empty"')]);
  });

  it("a serialised status that is no valid JSON string names no route", () => {
    expect(run(`    if (flag) return '{"status":"\\\\q"}';`)).toEqual([
      unreturned('"error"'),
      {
        rule: "bare-sentence-roster",
        file: "src/tools/t.ts",
        line: 6,
        column: 22,
        tool: "get_x",
        message:
          'Tool get_x returns the bare sentence "{\\"status\\":\\"\\\\q\\"}", which is not in the roster; return an envelope (refusal(parameter, sentence) for a refusal) or, if it is deliberate, add it to the roster (payload-census roster --write)',
      },
    ]);
  });
});

describe("one-failure-producer, one-refusal-producer: a builder the helpers module does not export", () => {
  it("is still the builder its producers call", () => {
    const helpers = HELPERS.replace("export function status(", "function status(");
    expect(census(tree({ "payload-census.config.json": config(), "src/helpers.ts": helpers, "src/tools/t.ts": toolFile([["get_x", '"Lists x."']]) }))).toEqual([]);
  });
});

describe("description-issue-ref: every form of an issue reference, each named as written", () => {
  it("reports each reference in the description (findings sorted by message)", () => {
    const text =
      "See #1234, x#5 and C# 12 and &#35; here. close#11 closes#12 closed#13 fix#21 fixes#22 fixed#23 " +
      "resolve#31 resolves#32 resolved#33 owner/repo#41 own.er/re-po#42 GH-51 GH-5234.";
    const found = census(tree({ "payload-census.config.json": config(), "src/helpers.ts": HELPERS, "src/tools/t.ts": toolFile([["get_x", JSON.stringify(text)]]) }));
    // Not `x#5`, `C# 12` or `&#35;`.
    const refs = ["#1234", "GH-51", "GH-5234", "close#11", "closed#13", "closes#12", "fix#21", "fixed#23", "fixes#22", "own.er/re-po#42", "owner/repo#41", "resolve#31", "resolved#33", "resolves#32"];
    expect(found).toEqual(
      refs.map((ref) => ({
        rule: "description-issue-ref",
        file: "src/tools/t.ts",
        line: 4,
        column: 47,
        tool: "get_x",
        message: `Tool get_x's served description carries the issue reference "${ref}", which no client or model can follow; say what it means in words, or keep it in a code comment`,
      })),
    );
  });
});

describe("description-budget: token counts without report rows (an editor's census)", () => {
  const dir = () =>
    tree({ "payload-census.config.json": config(), "src/helpers.ts": HELPERS, "src/tools/t.ts": toolFile([["get_x", JSON.stringify("Lists every x of the server.")]]) });

  it("a token cap still has the descriptions counted", () => {
    const root = dir();
    writeFileSync(path.join(root, "payload-census.config.json"), config({ descriptions: { tokenCap: 2 } }));
    const result = runCensus(loadConfig({ dir: root }), { measureTokens: false });
    expect(result.report.findings.map(({ rule, file, line, column, tool, message }) => ({ rule, file, line, column, tool, message }))).toEqual([
      {
        rule: "description-budget",
        file: "src/tools/t.ts",
        line: 4,
        column: 47,
        tool: "get_x",
        message:
          'Tool get_x serves a description of 7 tokens (o200k_base), over the token cap of 2; keep the head short and move the detail to the tool\'s reading guide, ending the head with "Reading guide: get_tool_guide."',
      },
    ]);
  });

  it("no token budget: the rows carry no token counts", () => {
    const result = runCensus(loadConfig({ dir: dir() }), { measureTokens: false });
    expect(result.report.findings).toEqual([]);
    expect(result.report.descriptions.map((r) => [r.tool, r.served, r.tokens])).toEqual([["get_x", 28, null]]);
  });
});

describe("hand-built-status and the producers: how the builder and the producers are reached", () => {
  const run = (files: Record<string, string>) => census(tree({ "payload-census.config.json": config(), "src/helpers.ts": HELPERS, ...files }));

  it("a call of the builder imported under another name is named by the builder's name", () => {
    const tool = toolFile([["get_x", '"Lists x."']])
      .replace('import { formatError } from "../helpers.js";', 'import { formatError, status as say } from "../helpers.js";')
      .replace("      return JSON.stringify({ ok: true });", '      if (Math.random() > 2) return say("invalid", "No x.");\n      return JSON.stringify({ ok: true });');
    expect(run({ "src/tools/t.ts": tool })).toEqual([
      {
        rule: "hand-built-status",
        file: "src/tools/t.ts",
        line: 6,
        column: 37,
        tool: "get_x",
        message:
          'Tool get_x: this status(…) call builds a refusal envelope (status "invalid") by hand; use refusal(parameter, sentence) from a shared validator or resolver for a refusal',
      },
    ]);
  });

  it("a failure producer declared in the helpers module that never builds its word is counted nowhere", () => {
    const helpers = HELPERS.replace("return status(\"error\", `${operation} failed: ${String(ex)}`, { operation });", "return refusal(\"operation\", `${operation} failed: ${String(ex)}`);");
    expect(run({ "src/helpers.ts": helpers, "src/tools/t.ts": toolFile([["get_x", '"Lists x."']]) })).toEqual([
      {
        rule: "one-failure-producer",
        file: "src/helpers.ts",
        line: 5,
        column: 1,
        tool: null,
        message: 'formatError in src/helpers.ts builds the word "error" nowhere; it must build it exactly once, so that it is the word\'s one producer',
      },
    ]);
  });

  it("with a failure word of its own, a failure producer that never builds it is counted nowhere too", () => {
    const helpers = HELPERS.replace("return status(\"error\", `${operation} failed: ${String(ex)}`, { operation });", "return refusal(\"operation\", `${operation} failed: ${String(ex)}`);");
    const files = { "src/helpers.ts": helpers, "src/tools/t.ts": toolFile([["get_x", '"Lists x."']]) };
    expect(census(tree({ "payload-census.config.json": config({ contract: { words: { failure: "fault" } } }), ...files }))).toEqual([
      {
        rule: "one-failure-producer",
        file: "src/helpers.ts",
        line: 5,
        column: 1,
        tool: null,
        message: 'formatError in src/helpers.ts builds the word "fault" nowhere; it must build it exactly once, so that it is the word\'s one producer',
      },
    ]);
  });

  it("a failure producer the helpers module re-exports from another module of the project is missing from it", () => {
    const helpers = HELPERS.replace(/export function formatError[\s\S]*?\n}\n/, 'export { formatError } from "./errors.js";\n');
    const errors = 'import { status } from "./helpers.js";\n\nexport function formatError(operation: string, ex: unknown): string {\n  return status("error", `${operation} failed: ${String(ex)}`);\n}\n';
    expect(run({ "src/helpers.ts": helpers, "src/errors.ts": errors, "src/tools/t.ts": toolFile([["get_x", '"Lists x."']]) })).toEqual([
      {
        rule: "hand-built-status",
        file: "src/errors.ts",
        line: 4,
        column: 10,
        tool: null,
        message:
          'this status(…) call builds a failure envelope (status "error") by hand; use formatError(operation, ex) for a failure, or refusal(parameter, sentence) if the caller must change a parameter',
      },
      {
        rule: "one-failure-producer",
        file: "src/helpers.ts",
        line: 1,
        column: 1,
        tool: null,
        message: 'src/helpers.ts has no function formatError; declare it there, building status("error", …) exactly once',
      },
    ]);
  });
});

describe("description-budget: a tool whose name the census cannot see", () => {
  it("serves its description all the same: its size and tokens count in the catalog's totals", () => {
    const tool = toolFile([
      ["get_x", JSON.stringify("x".repeat(8))],
      ["NAME", JSON.stringify("y".repeat(40))],
    ]).replace('registerTool("NAME"', "registerTool(process.env.TOOL_NAME");
    const found = census(tree({ "payload-census.config.json": config({ descriptions: { total: 10, tokenTotal: 2 } }), "src/helpers.ts": HELPERS, "src/tools/t.ts": tool }));
    expect(found).toEqual([
      {
        rule: "description-budget",
        file: "payload-census.config.json",
        line: 22,
        column: 5,
        tool: null,
        message:
          "The main catalog serves 48 characters of tool descriptions, over its budget of 10; shorten the largest (get_x 8) or split them into a head and a reading guide",
      },
      {
        rule: "description-budget",
        file: "payload-census.config.json",
        line: 23,
        column: 5,
        tool: null,
        message:
          "The main catalog serves 11 tokens (o200k_base) of tool descriptions, over its token budget of 2; shorten the largest (get_x 1) or split them into a head and a reading guide",
      },
      {
        rule: "tool-discovery",
        file: "src/tools/t.ts",
        line: 11,
        column: 23,
        tool: null,
        message:
          "The census cannot see the name of this tool (`process` is not declared in this file), so it cannot count it, nor check its description against a cap, a guide or pins; give the tool a constant name",
      },
    ]);
  });
});

describe("description findings: homed where the description's text is written", () => {
  it("a description spread in from another module's object has its findings in that module", () => {
    const tool = toolFile([["get_x", "DESCRIPTION"]])
      .replace('import { formatError } from "../helpers.js";', 'import { formatError } from "../helpers.js";\nimport { META } from "../texts.js";')
      .replace("{ description: DESCRIPTION }", "{ ...META }");
    const texts = '// Served texts.\nexport const META = { description: "Lists x (see #12)." };\n';
    expect(census(tree({ "payload-census.config.json": config(), "src/helpers.ts": HELPERS, "src/texts.ts": texts, "src/tools/t.ts": tool }))).toEqual([
      {
        rule: "description-issue-ref",
        file: "src/texts.ts",
        line: 2,
        column: 36,
        tool: "get_x",
        message:
          'Tool get_x\'s served description carries the issue reference "#12", which no client or model can follow; say what it means in words, or keep it in a code comment',
      },
    ]);
  });
});
