// Edges of the verdicts on traced values (src/project/qualify.ts): a copy of a producer's result, a validator returning
// its own parameter (a carrier's name does not excuse it) or a resolver's result, an anonymous function's parameter,
// a local helper the file exports; and, on definitions written by hand, a trace nested deeper than the bound, a
// definition that cannot be traced with no reason given, and one with no operands.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import type { Definition, Operand } from "../../src/facts/types.js";
import type { TraceDefinition } from "../../src/model.js";
import { runCensus } from "../../src/project/census.js";
import type { SkuContext } from "../../src/project/context.js";
import { qualifyDefinitions } from "../../src/project/qualify.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS } from "./monitorReport.js";

const VALIDATORS =
  'import { refusal } from "./helpers.js";\n' +
  'import { resolveTop } from "./resolve.js";\n' +
  'export function validateTop(top: number): string | null { return top < 1 ? refusal("top", "top must be positive.") : null; }\n' +
  "export function validateOwn(message: string): string | null { return message; }\n" +
  "export function validateVia(top: number): string | null { return resolveTop(top); }\n";
const RESOLVER =
  'import { refusal } from "./helpers.js";\n' +
  'export function resolveTop(top: number): string | null { return top < 1 ? refusal("top", "top must be positive.") : null; }\n';

/** The census of a server whose one tool runs `body` (after `head` at the top of its file). */
function census(body: string, head = "", extra: Record<string, unknown> = {}) {
  const sku = {
    name: "main",
    root: ".",
    helpers: "src/helpers.ts",
    producers: [
      { module: "src/validate.ts", category: "validator" },
      { module: "src/resolve.ts", category: "resolver" },
    ],
    tools: ["src/server.ts"],
  };
  const server =
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
    'import { z } from "zod";\n' +
    'import { validateTop } from "./validate.js";\n' +
    `${head}\n` +
    'const server = new McpServer({ name: "s", version: "1" });\n' +
    'server.registerTool("get_top", { description: "Lists the top.", inputSchema: { top: z.number() } }, async ({ top }) => {\n' +
    body +
    "  return JSON.stringify({ top });\n" +
    "});\n";
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [sku], ...extra }),
    "src/helpers.ts": CONTRACT_HELPERS,
    "src/validate.ts": VALIDATORS,
    "src/resolve.ts": RESOLVER,
    "src/server.ts": server,
  });
  const { report } = runCensus(loadConfig({ dir }));
  return {
    passThroughs: report.counts.passThroughs,
    tool: report.findings.filter((f) => f.rule === "pass-through-producer").map((f) => ({ line: f.line, message: f.message, trace: f.trace })),
    validators: report.findings.filter((f) => f.rule === "validator-builds-refusal").map((f) => `${f.line}: ${f.message}`),
  };
}

const ADVICE = "a validator returns null when the input is fine, else refusal(parameter, sentence) or another shared validator's result";

describe("a validator's returns", () => {
  it("its own parameter fails, even when a carrier's name matches the validator; a resolver's result fails, and says so", () => {
    const expected = [
      `4: Validator validateOwn returns \`message\`: \`message\` is the validator's own parameter; ${ADVICE}`,
      `5: Validator validateVia returns \`resolveTop(top)\`: \`resolveTop\` is a shared resolver, and a validator may pass through only another validator's result; ${ADVICE}`,
    ];
    expect(census("").validators).toEqual(expected);
    expect(census("", "", { carriers: ["validateOwn"] }).validators).toEqual(expected);
  });
});

describe("a tool's pass-through", () => {
  it("a copy of a validator's result counts as the validator's", () => {
    const result = census("  const first = validateTop(top);\n  const err = first;\n  if (err != null) return err;\n");
    expect(result.tool).toEqual([]);
    expect(result.passThroughs).toMatchObject({ total: 1, validator: 1, carried: 0 });
  });

  it("a value that is null or undefined on some paths, a validator's on the others, counts as the validator's", () => {
    const result = census("  const none = top > 1 ? null : undefined;\n  const err = top > 2 ? none : validateTop(top);\n  if (err != null) return err;\n");
    expect(result.tool).toEqual([]);
    expect(result.passThroughs).toMatchObject({ total: 1, validator: 1, carried: 0 });
  });

  it("a parameter of an anonymous function names it so", () => {
    const result = census("  [1].map((err: unknown) => { if (err != null) return err; return null; });\n");
    expect(result.tool.map((f) => f.message)).toEqual([
      "Tool get_top: `err` is passed through, but its value from line 7 (`err: unknown`) does not come from a shared producer: " +
        "`err` is a parameter of an anonymous function, which is not a configured carrier; pass through only what a shared validator, resolver or gate returned",
    ]);
  });

  it("a local helper the file exports: its trace says where it is declared", () => {
    const result = census("  const err = check(top);\n  if (err != null) return err;\n", "export function check(t: number): string | null { return null; }");
    expect(result.tool.map((f) => f.trace?.map((d) => [d.via, d.reason]))).toEqual([
      [[["declared in src/server.ts as `check`"], "`check` is a local helper of src/server.ts, not a shared producer"]],
    ]);
  });
});

describe("definitions written by hand", () => {
  const ctx = { rel: (file: string) => file } as unknown as SkuContext;
  const loc = { line: 1, column: 1 };
  const at = (text: string, operands?: Operand[]): Definition => ({ kind: "initializer", loc, text, ...(operands ? { operands } : {}) });
  /** The deepest failing part's reason, following the first part at each level. */
  const deepest = (d: TraceDefinition): string | undefined => (d.parts?.[0] ? deepest(d.parts[0]) : d.reason);

  it("a chain of variables deeper than the bound stops, and says so", () => {
    let def = at("x = 'bare'", [{ k: "string", loc, text: "'bare'" }]);
    for (let i = 0; i < 40; i++) def = at(`x${i} = y`, [{ k: "variable", loc, text: "y", name: "y", defs: [def, at("z = null", [{ k: "nullish", loc, text: "null" }])] }]);
    const [verdict] = qualifyDefinitions(ctx, "src/x.ts", [def], "x", "passThrough");
    expect(verdict!.ok).toBe(false);
    expect(deepest(verdict!)).toBe("the value passes through too many definitions to follow (more than 64)");
  });

  it("a definition the tracer could not follow, with no reason given, and one with no operands", () => {
    const untraceable: Definition = { kind: "untraceable", loc, text: "x" };
    expect(qualifyDefinitions(ctx, "src/x.ts", [untraceable, at("x = y")], "x", "passThrough")).toEqual([
      { file: "src/x.ts", line: 1, column: 1, text: "x", via: [], ok: false, reason: "the tracer cannot see this value" },
      { file: "src/x.ts", line: 1, column: 1, text: "x = y", via: [], ok: true, parts: [] },
    ]);
  });
});
