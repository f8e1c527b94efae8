// The witness (SPEC §6) on files whose lines end another way than \n (a lone \r, U+2028 inside a comment), and on
// pinned phrases it must break wherever they are written in the description: one character long, or written twice.
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
  return twoToolMonitor("witness-line-ends", config, { helpers, a: alpha, b: beta }, files);
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

/** The rows whose status is not what a sound monitor gives: a dark check is one whose change went unnoticed. */
function dark(report: WitnessReport): string[] {
  return report.checks.filter((c) => c.status === "dark").map((c) => `${c.rule} | ${c.change}`);
}

function row(report: WitnessReport, rule: string): string | undefined {
  const c = report.checks.find((r) => r.rule === rule);
  return c && `${c.status}${c.firedAt ? ` ${c.firedAt.file}:${c.firedAt.line}:${c.firedAt.column}` : ""} | ${c.change}`;
}

describe("witness on files whose lines end otherwise", () => {
  it("finds every site of a tool file whose lines end with a lone carriage return", async () => {
    const { report } = await witness(monitor({ "src/tools/a.ts": alpha.replace(/\n/g, "\r") }));
    expect(dark(report)).toEqual([]);
    expect(row(report, "pass-through-producer")).toBe("witnessed src/tools/a.ts:5:1 | `invalid` reassigned from a local helper before the guard at line 4");
  });

  it("finds every site of a tool file with a line separator inside a comment before its guard", async () => {
    const text = alpha.replace("    try {\n", "    /* a comment\u2028that goes on */\n    try {\n");
    const { report } = await witness(monitor({ "src/tools/a.ts": text }));
    expect(dark(report)).toEqual([]);
    expect(row(report, "pass-through-producer")).toBe("witnessed src/tools/a.ts:7:1 | `invalid` reassigned from a local helper before the guard at line 6");
  });
});

describe("witness on pinned phrases", () => {
  it("breaks a pinned phrase of one character", async () => {
    const { report } = await witness(monitor({}, (c) => (c.descriptions.pins = { beta: ["B"] })));
    expect(row(report, "description-pin")).toBe('witnessed src/tools/b.ts:1:94 | the pinned phrase "B" of tool beta changed');
  });

  it("breaks a pinned phrase written twice in the description", async () => {
    const text = beta.replace('"Beta counts things."', '"Beta counts things. Beta counts things."');
    const { report } = await witness(monitor({ "src/tools/b.ts": text }, (c) => (c.descriptions.pins = { beta: ["counts things"] })));
    expect(row(report, "description-pin")).toBe('witnessed src/tools/b.ts:1:94 | the pinned phrase "counts things" of tool beta changed');
  });
});
