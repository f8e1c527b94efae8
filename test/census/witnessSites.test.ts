// The witness (SPEC §6) at its edges: small monitors written out for the test, each holding the sites one check's mutation
// must find (producers written as arrow functions, literals in single quotes, a file that starts with a BOM, ...).
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { WitnessReport } from "../../census/witness/run.js";
import { captureIo } from "./io.js";
import { twoToolMonitor } from "./tempMonitor.js";


// The helpers module: the builder, and its two producers written as a const arrow (an expression body) and a const
// function expression, after top-level statements that are not they: a nameless default export, a declaration without
// an initializer, a destructuring and another const arrow.
const helpers = `// Shared helpers.
export default function () {
  return null;
}
let pending: string | undefined;
const { label } = { label: "helpers" };
const errorLabel = (operation: string): string => \`\${operation} \${label} \${pending}\`;

export function status(word: string, message: string, hints: Record<string, unknown> = {}): string {
  return JSON.stringify({ status: word, message, hints });
}

export const formatError = (operation: string, ex: unknown): string => (status("error", \`\${errorLabel(operation)}: \${String(ex)}\`, { operation }));

export const refusal = function (parameter: string, sentence: string): string {
  return status("invalid", sentence, { parameter });
};

export function validateTop(top: number): string | null {
  if (!Number.isInteger(top) || top < 1) return refusal("top", "top must be a positive integer.");
  return null;
}
`;

// Tool alpha: its file starts with a BOM, its definition and single-quoted description on line 1, its pass-through below.
const alpha = `\ufeffexport function registerAlpha(server: any): void { server.registerTool("alpha", { description: 'Alpha lists things.' }, async (args: { top: number }) => {
    try {
      const invalid = validateTop(args.top);
      if (invalid !== null) return invalid;
      return JSON.stringify({ things: [] });
    } catch (ex) {
      return formatError("alpha", ex);
    }
  });
}
import { formatError, validateTop } from "../helpers.js";
`;

// Tool beta, in a second file: its name in single quotes on line 1 of a file without a BOM.
const beta = `export function registerBeta(server: any): void { server.registerTool('beta', { description: "Beta counts things." }, async () => {
    try {
      return JSON.stringify({ count: 1 });
    } catch (ex) {
      return formatError("beta", ex);
    }
  });
}
import { formatError } from "../helpers.js";
`;

function baseConfig(): Record<string, any> {
  return {
    skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [{ module: "src/helpers.ts", category: "validator", names: ["validate*"] }], tools: ["src/tools/*.ts"] }],
    floors: { tools: 2 },
    descriptions: { pins: { alpha: ["lists things"] } },
  };
}

/** A monitor written to a fresh folder: the base files with `files` over them, and the base config changed by `edit`. */
function monitor(files: Record<string, string | null> = {}, edit: (config: Record<string, any>) => void = () => {}): string {
  const config = baseConfig();
  edit(config);
  return twoToolMonitor("witness-sites", config, { helpers, a: alpha, b: beta }, files);
}

async function witness(dir: string): Promise<{ code: number; report: WitnessReport }> {
  const io = captureIo(dir);
  const code = await main(["witness", dir, "--format", "json"], io);
  return { code, report: JSON.parse(io.out.join("")) as WitnessReport };
}

/** Each row as one line: rule, status, where it fired, and the change. */
function lines(report: WitnessReport): string[] {
  return report.checks.map((c) => `${c.rule} ${c.status}${c.firedAt ? ` ${c.firedAt.file}:${c.firedAt.line}:${c.firedAt.column}` : ""} | ${c.change}`);
}

describe("witness on a small monitor of two tool files", () => {
  it("finds each site where it is written: producers as arrow and function expressions, single quotes, a BOM", async () => {
    const { code, report } = await witness(monitor());
    expect(lines(report)).toEqual([
      "pass-through-producer witnessed src/tools/a.ts:5:1 | `invalid` reassigned from a local helper before the guard at line 4",
      "bare-sentence-roster no-site | no tool returns a bare sentence written as a literal",
      'hand-built-status witnessed src/tools/a.ts:15:10 | a hand-built status("error", …) split across a line',
      'one-failure-producer witnessed src/helpers.ts:13:1 | formatError builds "error" a second time',
      'one-refusal-producer witnessed src/helpers.ts:15:1 | refusal builds "invalid" a second time',
      "validator-builds-refusal witnessed src/helpers.ts:20:33 | validator validateTop returns a bare sentence",
      "floor witnessed payload-census.config.json:22:5 | the floor tools raised above today's count",
      "parse-error witnessed src/tools/a.ts:13:1 | a tool file left with a syntax error",
      "description-budget witnessed src/tools/a.ts:1:96 | the description pushed over its cap of tool alpha",
      "description-pointer witnessed src/tools/a.ts:1:96 | a pointer sentence with no tail behind it added to the description of tool alpha",
      "description-issue-ref witnessed src/tools/a.ts:1:96 | an issue reference added to the description of tool alpha",
      'description-pin witnessed src/tools/a.ts:1:96 | the pinned phrase "lists things" of tool alpha changed',
      "parity-pin no-site | no fragment is pinned as shared (parity)",
      "tool-discovery witnessed src/tools/b.ts:1:71 | tool beta renamed to alpha, a name another tool has",
      'status-route witnessed src/tools/a.ts:1:96 | the description of tool alpha made to name "no_data", which it never returns',
    ]);
    expect(report.ok).toBe(false);
    expect(code).toBe(1);
  });
});

describe("witness on monitors written another way", () => {
  it("a tool file broken for the parse-error check is whole again for the checks after it", async () => {
    // Alpha has no description, so every description check edits b.ts and leaves a.ts as the parse-error check found it.
    const dir = monitor({ "src/tools/a.ts": alpha.replace("{ description: 'Alpha lists things.' }", "{}") }, (c) => {
      c.descriptions.pins = { beta: ["counts things"] };
    });
    const { report } = await witness(dir);
    expect(lines(report)).toEqual([
      "pass-through-producer witnessed src/tools/a.ts:5:1 | `invalid` reassigned from a local helper before the guard at line 4",
      "bare-sentence-roster no-site | no tool returns a bare sentence written as a literal",
      'hand-built-status witnessed src/tools/a.ts:15:10 | a hand-built status("error", …) split across a line',
      'one-failure-producer witnessed src/helpers.ts:13:1 | formatError builds "error" a second time',
      'one-refusal-producer witnessed src/helpers.ts:15:1 | refusal builds "invalid" a second time',
      "validator-builds-refusal witnessed src/helpers.ts:20:33 | validator validateTop returns a bare sentence",
      "floor witnessed payload-census.config.json:22:5 | the floor tools raised above today's count",
      "parse-error witnessed src/tools/a.ts:13:1 | a tool file left with a syntax error",
      "description-budget witnessed src/tools/b.ts:1:94 | the description pushed over its cap of tool beta",
      "description-pointer witnessed src/tools/b.ts:1:94 | a pointer sentence with no tail behind it added to the description of tool beta",
      "description-issue-ref witnessed src/tools/b.ts:1:94 | an issue reference added to the description of tool beta",
      'description-pin witnessed src/tools/b.ts:1:94 | the pinned phrase "counts things" of tool beta changed',
      "parity-pin no-site | no fragment is pinned as shared (parity)",
      "tool-discovery witnessed src/tools/b.ts:1:71 | tool beta renamed to alpha, a name another tool has",
      'status-route witnessed src/tools/b.ts:1:94 | the description of tool beta made to name "invalid", which it never returns',
    ]);
  });

  it("a file that starts with an empty line, a description in backquotes, a refusal that is not a function", async () => {
    const dir = monitor({
      "src/tools/a.ts": `\n${alpha.slice(1).replace("'Alpha lists things.'", "`Alpha lists things.`")}`,
      "src/helpers.ts": helpers.replace(/export const refusal = function[^]*?\n};\n/, 'export const refusal = status.bind(null, "invalid");\n'),
    });
    const { report } = await witness(dir);
    expect(lines(report)).toEqual([
      "pass-through-producer witnessed src/tools/a.ts:6:1 | `invalid` reassigned from a local helper before the guard at line 5",
      "bare-sentence-roster no-site | no tool returns a bare sentence written as a literal",
      'hand-built-status witnessed src/tools/a.ts:16:10 | a hand-built status("error", …) split across a line',
      'one-failure-producer witnessed src/helpers.ts:13:1 | formatError builds "error" a second time',
      "one-refusal-producer no-site | the helpers module declares no function refusal",
      "validator-builds-refusal witnessed src/helpers.ts:18:33 | validator validateTop returns a bare sentence",
      "floor witnessed payload-census.config.json:22:5 | the floor tools raised above today's count",
      "parse-error witnessed src/tools/a.ts:14:1 | a tool file left with a syntax error",
      "description-budget witnessed src/tools/a.ts:2:96 | the description pushed over its cap of tool alpha",
      "description-pointer witnessed src/tools/a.ts:2:96 | a pointer sentence with no tail behind it added to the description of tool alpha",
      "description-issue-ref witnessed src/tools/a.ts:2:96 | an issue reference added to the description of tool alpha",
      'description-pin witnessed src/tools/a.ts:2:96 | the pinned phrase "lists things" of tool alpha changed',
      "parity-pin no-site | no fragment is pinned as shared (parity)",
      "tool-discovery witnessed src/tools/b.ts:1:71 | tool beta renamed to alpha, a name another tool has",
      'status-route witnessed src/tools/a.ts:2:96 | the description of tool alpha made to name "no_data", which it never returns',
    ]);
  });

  it("a census with findings before any change: each check is witnessed by the findings its change adds", async () => {
    // A tool whose name the census cannot see, in the first tool file: its bare sentence is no tool's, and it comes first.
    const named = `// A tool whose name the caller gives.
export function registerNamed(server: any, name: string): void {
  server.registerTool(name, { description: "Gamma has a name the census cannot read." }, async () => "Gamma is not ready.");
}
`;
    const dir = monitor({
      "src/tools/0.ts": named,
      "src/tools/a.ts": alpha.replace("const invalid = validateTop(args.top);", 'if (args.top > 10) return "Alpha lists ten things at most.";\n      const invalid = validateTop(args.top);'),
    });
    const { report } = await witness(dir);
    expect(lines(report)).toEqual([
      "pass-through-producer witnessed src/tools/a.ts:6:1 | `invalid` reassigned from a local helper before the guard at line 5",
      "bare-sentence-roster witnessed src/tools/a.ts:3:33 | the bare sentence at line 3 edited",
      'hand-built-status witnessed src/tools/0.ts:8:10 | a hand-built status("error", …) split across a line',
      'one-failure-producer witnessed src/helpers.ts:13:1 | formatError builds "error" a second time',
      'one-refusal-producer witnessed src/helpers.ts:15:1 | refusal builds "invalid" a second time',
      "validator-builds-refusal witnessed src/helpers.ts:20:33 | validator validateTop returns a bare sentence",
      "floor witnessed payload-census.config.json:22:5 | the floor tools raised above today's count",
      "parse-error witnessed src/tools/0.ts:6:1 | a tool file left with a syntax error",
      "description-budget witnessed src/tools/a.ts:1:96 | the description pushed over its cap of tool alpha",
      "description-pointer witnessed src/tools/a.ts:1:96 | a pointer sentence with no tail behind it added to the description of tool alpha",
      "description-issue-ref witnessed src/tools/a.ts:1:96 | an issue reference added to the description of tool alpha",
      'description-pin witnessed src/tools/a.ts:1:96 | the pinned phrase "lists things" of tool alpha changed',
      "parity-pin no-site | no fragment is pinned as shared (parity)",
      "tool-discovery witnessed src/tools/b.ts:1:71 | tool beta renamed to alpha, a name another tool has",
      'status-route witnessed src/tools/a.ts:1:96 | the description of tool alpha made to name "no_data", which it never returns',
    ]);
  });
});

describe("witness on a monitor of two SKUs", () => {
  it("each check's site comes from the first SKU that has one: the pass-through from the second", async () => {
    const unguarded = alpha.replace("const invalid = validateTop(args.top);\n      if (invalid !== null) return invalid;\n", "");
    const instructions = 'export const INSTRUCTIONS = "Every tool answers with one payload: data as JSON, or an envelope.";\n';
    const sku = (name: string) => ({
      name,
      root: name,
      helpers: "src/helpers.ts",
      producers: [{ module: "src/helpers.ts", category: "validator", names: ["validate*"] }],
      tools: ["src/tools/*.ts"],
      instructions: "src/instructions.ts",
    });
    const dir = monitor(
      {
        "src/helpers.ts": null,
        "src/tools/a.ts": null,
        "src/tools/b.ts": null,
        "first/src/helpers.ts": helpers,
        "first/src/tools/a.ts": unguarded,
        "first/src/tools/b.ts": beta,
        "first/src/instructions.ts": instructions,
        "second/src/helpers.ts": helpers,
        "second/src/tools/a.ts": alpha,
        "second/src/tools/b.ts": beta,
        "second/src/instructions.ts": instructions,
      },
      (c) => {
        c.skus = [sku("first"), sku("second")];
        c.parity = [{ name: "payload", text: "Every tool answers with one payload: data as JSON, or an envelope." }];
      },
    );
    const { code, report } = await witness(dir);
    expect(lines(report)).toEqual([
      "pass-through-producer witnessed second/src/tools/a.ts:5:1 | `invalid` reassigned from a local helper before the guard at line 4",
      "bare-sentence-roster no-site | no tool returns a bare sentence written as a literal",
      'hand-built-status witnessed first/src/tools/a.ts:13:10 | a hand-built status("error", …) split across a line',
      'one-failure-producer witnessed first/src/helpers.ts:13:1 | formatError builds "error" a second time',
      'one-refusal-producer witnessed first/src/helpers.ts:15:1 | refusal builds "invalid" a second time',
      "validator-builds-refusal witnessed first/src/helpers.ts:20:33 | validator validateTop returns a bare sentence",
      "floor witnessed payload-census.config.json:41:5 | the floor tools raised above today's count",
      "parse-error witnessed first/src/tools/a.ts:11:1 | a tool file left with a syntax error",
      "description-budget witnessed first/src/tools/a.ts:1:96 | the description pushed over its cap of tool alpha",
      "description-pointer witnessed first/src/tools/a.ts:1:96 | a pointer sentence with no tail behind it added to the description of tool alpha",
      "description-issue-ref witnessed first/src/tools/a.ts:1:96 | an issue reference added to the description of tool alpha",
      'description-pin witnessed first/src/tools/a.ts:1:96 | the pinned phrase "lists things" of tool alpha changed',
      'parity-pin witnessed first/src/instructions.ts:1:14 | the shared fragment "payload" changed in SKU first',
      "tool-discovery witnessed first/src/tools/b.ts:1:71 | tool beta renamed to alpha, a name another tool has",
      'status-route witnessed first/src/tools/a.ts:1:96 | the description of tool alpha made to name "invalid", which it never returns',
    ]);
    expect(code).toBe(1);
  });
});

describe("witness on a tool defined from an object", () => {
  it("a tool renamed to another's name: the witness points at the name, not at the pin its description now misses", async () => {
    const defined = `// Beta, defined from an object whose description comes before its name.
import { formatError } from "../helpers.js";
export const betaTool = defineTool({
  description: "Beta counts things.",
  name: "beta",
  run: async () => {
    try {
      return JSON.stringify({ count: 1 });
    } catch (ex) {
      return formatError("beta", ex);
    }
  },
});
declare function defineTool(tool: unknown): unknown;
`;
    const { report } = await witness(monitor({ "src/tools/b.ts": defined }));
    expect(report.checks.find((c) => c.rule === "tool-discovery")).toEqual({
      rule: "tool-discovery",
      status: "witnessed",
      change: "tool beta renamed to alpha, a name another tool has",
      firedAt: { file: "src/tools/b.ts", line: 5, column: 9 },
    });
  });
});

describe("witness on monitors whose helpers module is written another way", () => {
  // The hand-built status is imported from the helpers module: its specifier must reach the builder from the tool file.
  for (const [kind, helpersFile, toolDir, specifier] of [
    ["a helpers module in the tool files' folder", "src/helpers.ts", "src", "./helpers.js"],
    ["an .mts helpers module", "src/helpers.mts", "src/tools", "../helpers.mjs"],
    ["a .tsx helpers module", "src/helpers.tsx", "src/tools", "../helpers.js"],
    ["a .js helpers module", "src/helpers.js", "src/tools", "../helpers.js"],
  ] as const) {
    it(`${kind}: a hand-built status imports the builder from it; no pass-through and no pin offer a site`, async () => {
      const tool = (text: string) =>
        text.replaceAll('"../helpers.js"', JSON.stringify(specifier)).replace("const invalid = validateTop(args.top);\n      if (invalid !== null) return invalid;\n", "");
      const dir = monitor(
        { "src/helpers.ts": null, "src/tools/a.ts": null, "src/tools/b.ts": null, [helpersFile]: helpers, [`${toolDir}/a.ts`]: tool(alpha), [`${toolDir}/b.ts`]: tool(beta) },
        (c) => {
          c.skus[0].helpers = helpersFile;
          c.skus[0].producers[0].module = helpersFile;
          c.skus[0].tools = [`${toolDir}/a.ts`, `${toolDir}/b.ts`];
          c.descriptions.pins = {};
        },
      );
      const { report } = await witness(dir);
      expect(lines(report)).toEqual([
        "pass-through-producer no-site | the census finds no guarded pass-through that passes",
        "bare-sentence-roster no-site | no tool returns a bare sentence written as a literal",
        `hand-built-status witnessed ${toolDir}/a.ts:13:10 | a hand-built status("error", …) split across a line`,
        `one-failure-producer witnessed ${helpersFile}:13:1 | formatError builds "error" a second time`,
        `one-refusal-producer witnessed ${helpersFile}:15:1 | refusal builds "invalid" a second time`,
        `validator-builds-refusal witnessed ${helpersFile}:20:33 | validator validateTop returns a bare sentence`,
        "floor witnessed payload-census.config.json:23:5 | the floor tools raised above today's count",
        `parse-error witnessed ${toolDir}/a.ts:11:1 | a tool file left with a syntax error`,
        `description-budget witnessed ${toolDir}/a.ts:1:96 | the description pushed over its cap of tool alpha`,
        `description-pointer witnessed ${toolDir}/a.ts:1:96 | a pointer sentence with no tail behind it added to the description of tool alpha`,
        `description-issue-ref witnessed ${toolDir}/a.ts:1:96 | an issue reference added to the description of tool alpha`,
        "description-pin no-site | no phrase is pinned (descriptions.pins)",
        "parity-pin no-site | no fragment is pinned as shared (parity)",
        `tool-discovery witnessed ${toolDir}/b.ts:1:71 | tool beta renamed to alpha, a name another tool has`,
        `status-route witnessed ${toolDir}/a.ts:1:96 | the description of tool alpha made to name "invalid", which it never returns`,
      ]);
    });
  }
});


describe("witness on a bare sentence that does not start with a literal", () => {
  it("a sentence built from a call and a literal offers the roster check no site to edit", async () => {
    const a = alpha.replace(
      "const invalid = validateTop(args.top);",
      'if (args.top > 10) return String(args.top) + " is more things than alpha lists.";\n      const invalid = validateTop(args.top);',
    );
    const { report } = await witness(monitor({ "src/tools/a.ts": a }));
    expect(report.checks.find((c) => c.rule === "bare-sentence-roster")).toEqual({
      rule: "bare-sentence-roster",
      status: "no-site",
      change: "no tool returns a bare sentence written as a literal",
      firedAt: null,
    });
  });
});

describe("witness on monitors where the first site a check looks at will not do", () => {
  it("tool files that do not parse, no validator, no floor: each check says why it has no site", async () => {
    const dir = monitor({ "src/tools/a.ts": `${alpha})(\n`, "src/tools/b.ts": `${beta})(\n` }, (c) => {
      delete c.floors;
      c.skus[0].producers = [];
    });
    const { report } = await witness(dir);
    expect(lines(report)).toEqual([
      "pass-through-producer no-site | the census finds no guarded pass-through that passes",
      "bare-sentence-roster no-site | no tool returns a bare sentence written as a literal",
      "hand-built-status no-site | the SKU has no tool file",
      'one-failure-producer witnessed src/helpers.ts:13:1 | formatError builds "error" a second time',
      'one-refusal-producer witnessed src/helpers.ts:15:1 | refusal builds "invalid" a second time',
      "validator-builds-refusal no-site | no validator is declared in a validator module",
      "floor no-site | no floor is configured",
      "parse-error no-site | the SKU has no tool file that parses",
      "description-budget no-site | no tool's description is written as a literal",
      "description-pointer no-site | no tool's description without a tail is written as a literal",
      "description-issue-ref no-site | no tool's description is written as a literal",
      "description-pin no-site | no pinned phrase is written in place in its tool's description",
      "parity-pin no-site | no fragment is pinned as shared (parity)",
      "tool-discovery no-site | the SKU has no two tools named by string literals",
      "status-route no-site | no tool's description is written as a literal, with every route of the tool in sight and a configured word it never returns",
    ]);
  });

  it("a description of two quote kinds is passed by; a description of one character is pushed over its cap; a pointer in a comment is no pointer", async () => {
    const a = alpha.replace("'Alpha lists things.'", `"Alpha " + 'lists things.'`);
    const b = beta.replace('"Beta counts things."', '"B"') + "// Reading guide: get_tool_guide.\n";
    const { report } = await witness(monitor({ "src/tools/a.ts": a, "src/tools/b.ts": b }));
    expect(lines(report)).toEqual([
      "pass-through-producer witnessed src/tools/a.ts:5:1 | `invalid` reassigned from a local helper before the guard at line 4",
      "bare-sentence-roster no-site | no tool returns a bare sentence written as a literal",
      'hand-built-status witnessed src/tools/a.ts:15:10 | a hand-built status("error", …) split across a line',
      'one-failure-producer witnessed src/helpers.ts:13:1 | formatError builds "error" a second time',
      'one-refusal-producer witnessed src/helpers.ts:15:1 | refusal builds "invalid" a second time',
      "validator-builds-refusal witnessed src/helpers.ts:20:33 | validator validateTop returns a bare sentence",
      "floor witnessed payload-census.config.json:22:5 | the floor tools raised above today's count",
      "parse-error witnessed src/tools/a.ts:13:1 | a tool file left with a syntax error",
      "description-budget witnessed src/tools/b.ts:1:94 | the description pushed over its cap of tool beta",
      "description-pointer witnessed src/tools/b.ts:1:94 | a pointer sentence with no tail behind it added to the description of tool beta",
      "description-issue-ref witnessed src/tools/b.ts:1:94 | an issue reference added to the description of tool beta",
      'description-pin witnessed src/tools/a.ts:1:96 | the pinned phrase "lists things" of tool alpha changed',
      "parity-pin no-site | no fragment is pinned as shared (parity)",
      "tool-discovery witnessed src/tools/b.ts:1:71 | tool beta renamed to alpha, a name another tool has",
      'status-route witnessed src/tools/b.ts:1:94 | the description of tool beta made to name "invalid", which it never returns',
    ]);
  });

  it("a description that already points to a guide, a pin not in place, a tool that returns every word, a sentence in single quotes, two floors", async () => {
    const a = alpha
      .replace("'Alpha lists things.'", "'Alpha lists things. Reading guide: get_tool_guide.'")
      .replace(
        "const invalid = validateTop(args.top);",
        `if (args.top > 10) return 'Alpha lists ten things at most.';\n      if (args.top === 0) return status("empty", "Alpha lists nothing.");\n      const invalid = validateTop(args.top);`,
      )
      .replace("import { formatError, validateTop }", "import { formatError, status, validateTop }");
    const dir = monitor({ "src/tools/a.ts": a }, (c) => {
      c.descriptions.pins = { beta: ["an absent phrase"], alpha: ["lists things"] };
      c.floors = { tools: 2, "passThroughs.total": 1 };
      c.contract = { words: { other: ["empty"] } };
    });
    const { report } = await witness(dir);
    expect(lines(report)).toEqual([
      "pass-through-producer witnessed src/tools/a.ts:7:1 | `invalid` reassigned from a local helper before the guard at line 6",
      "bare-sentence-roster witnessed src/tools/a.ts:3:33 | the bare sentence at line 3 edited",
      'hand-built-status witnessed src/tools/a.ts:17:10 | a hand-built status("error", …) split across a line',
      'one-failure-producer witnessed src/helpers.ts:13:1 | formatError builds "error" a second time',
      'one-refusal-producer witnessed src/helpers.ts:15:1 | refusal builds "invalid" a second time',
      "validator-builds-refusal witnessed src/helpers.ts:20:33 | validator validateTop returns a bare sentence",
      "floor witnessed payload-census.config.json:22:5 | the floor tools raised above today's count",
      "parse-error witnessed src/tools/a.ts:15:1 | a tool file left with a syntax error",
      "description-budget witnessed src/tools/a.ts:1:96 | the description pushed over its cap of tool alpha",
      "description-pointer witnessed src/tools/b.ts:1:94 | a pointer sentence with no tail behind it added to the description of tool beta",
      "description-issue-ref witnessed src/tools/a.ts:1:96 | an issue reference added to the description of tool alpha",
      'description-pin witnessed src/tools/a.ts:1:96 | the pinned phrase "lists things" of tool alpha changed',
      "parity-pin no-site | no fragment is pinned as shared (parity)",
      "tool-discovery witnessed src/tools/b.ts:1:71 | tool beta renamed to alpha, a name another tool has",
      'status-route witnessed src/tools/b.ts:1:94 | the description of tool beta made to name "invalid", which it never returns',
    ]);
  });

  it("a tool whose tail is in the guide: the pointer check passes it by, the others do not", async () => {
    const guide = 'export const TOOL_GUIDE: Record<string, string> = {\n  alpha: "The whole of what alpha lists, and how.",\n};\n';
    const dir = monitor({ "src/toolGuide.ts": guide }, (c) => {
      c.skus[0].guide = "src/toolGuide.ts";
    });
    const { report } = await witness(dir);
    expect(lines(report)).toEqual([
      "pass-through-producer witnessed src/tools/a.ts:5:1 | `invalid` reassigned from a local helper before the guard at line 4",
      "bare-sentence-roster no-site | no tool returns a bare sentence written as a literal",
      'hand-built-status witnessed src/tools/a.ts:15:10 | a hand-built status("error", …) split across a line',
      'one-failure-producer witnessed src/helpers.ts:13:1 | formatError builds "error" a second time',
      'one-refusal-producer witnessed src/helpers.ts:15:1 | refusal builds "invalid" a second time',
      "validator-builds-refusal witnessed src/helpers.ts:20:33 | validator validateTop returns a bare sentence",
      "floor witnessed payload-census.config.json:23:5 | the floor tools raised above today's count",
      "parse-error witnessed src/tools/a.ts:13:1 | a tool file left with a syntax error",
      "description-budget witnessed src/tools/a.ts:1:96 | the description pushed over its cap of tool alpha",
      "description-pointer witnessed src/tools/b.ts:1:94 | a pointer sentence with no tail behind it added to the description of tool beta",
      "description-issue-ref witnessed src/tools/a.ts:1:96 | an issue reference added to the description of tool alpha",
      'description-pin witnessed src/tools/a.ts:1:96 | the pinned phrase "lists things" of tool alpha changed',
      "parity-pin no-site | no fragment is pinned as shared (parity)",
      "tool-discovery witnessed src/tools/b.ts:1:71 | tool beta renamed to alpha, a name another tool has",
      'status-route witnessed src/tools/a.ts:1:96 | the description of tool alpha made to name "no_data", which it never returns',
    ]);
  });
});

describe("witness on a validator module with an export that is no function", () => {
  it("a validator made by a call is passed by: the validator declared as a function is the site", async () => {
    const withMadeValidator = helpers.replace(
      "export function validateTop",
      "declare function makeValidator(): (n: number) => string | null;\nexport const validateAny = makeValidator();\n\nexport function validateTop",
    );
    const { report } = await witness(monitor({ "src/helpers.ts": withMadeValidator }));
    expect(report.checks.find((c) => c.rule === "validator-builds-refusal")).toEqual({
      rule: "validator-builds-refusal",
      status: "witnessed",
      change: "validator validateTop returns a bare sentence",
      firedAt: { file: "src/helpers.ts", line: 23, column: 33 },
    });
  });
});

describe("witness on a tool whose routes the census cannot all see", () => {
  it("a status word built at run time: the status-route check takes the next tool, whose routes are all in sight", async () => {
    const a = alpha
      .replace("const invalid = validateTop(args.top);", 'if (args.top === 7) return status(String(args.top), "Alpha has a word of its own.");\n      const invalid = validateTop(args.top);')
      .replace("import { formatError, validateTop }", "import { formatError, status, validateTop }");
    const { report } = await witness(monitor({ "src/tools/a.ts": a }));
    expect(report.checks.find((c) => c.rule === "status-route")).toEqual({
      rule: "status-route",
      status: "witnessed",
      change: 'the description of tool beta made to name "invalid", which it never returns',
      firedAt: { file: "src/tools/b.ts", line: 1, column: 94 },
    });
  });
});
