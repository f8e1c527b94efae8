// The witness (SPEC §6) changes a monitor only where the change means what the row says: a description or a tool's name
// edited where it is one literal (never a known expression, an escaped name or a lone tool), a pinned fragment where
// the instructions hold it.
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { WitnessReport } from "../../census/witness/run.js";
import { captureIo } from "./io.js";
import { twoToolMonitor } from "./tempMonitor.js";


const helpers = `export function status(word: string, message: string, hints: Record<string, unknown> = {}): string {
  return JSON.stringify({ status: word, message, hints });
}
export function formatError(operation: string, ex: unknown): string {
  return status("error", \`\${operation}: \${String(ex)}\`, { operation });
}
export function refusal(parameter: string, sentence: string): string {
  return status("invalid", sentence, { parameter });
}
`;

// Alpha's description is known, but written as `T + "…" + T`: it starts and ends with `T`, not with a quote.
const alpha = `import { formatError } from "../helpers.js";
const T = "Alpha.";
export function registerAlpha(server: any): void {
  server.registerTool("alpha", { description: T + " Lists things. " + T }, async () => {
    try {
      return JSON.stringify({ things: [] });
    } catch (ex) {
      return formatError("alpha", ex);
    }
  });
}
`;

const beta = `import { formatError } from "../helpers.js";
export function registerBeta(server: any): void {
  server.registerTool("beta", { description: "Beta counts things." }, async () => {
    try {
      return JSON.stringify({ count: 1 });
    } catch (ex) {
      return formatError("beta", ex);
    }
  });
}
`;

/** A monitor of the files above with `files` over them (null: left out), its config changed by `edit`. */
function monitor(files: Record<string, string | null> = {}, edit: (config: Record<string, any>) => void = () => {}): string {
  const config: Record<string, any> = { skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }] };
  edit(config);
  return twoToolMonitor("witness-edges", config, { helpers, a: alpha, b: beta }, files);
}

async function witnessRows(dir: string): Promise<(rule: string) => WitnessReport["checks"][number] | undefined> {
  const io = captureIo(dir);
  const code = await main(["witness", dir, "--format", "json"], io);
  if (io.out.length === 0) throw new Error(`witness exited ${code}: ${io.err.join("")}`);
  const report = JSON.parse(io.out.join("")) as WitnessReport;
  return (rule: string) => report.checks.find((c) => c.rule === rule);
}

describe("witness: descriptions written as expressions", () => {
  it("passes over a known description that is no literal, for every check that edits a literal in place", async () => {
    const row = await witnessRows(monitor());
    for (const rule of ["description-budget", "description-pointer", "description-issue-ref", "status-route"]) {
      expect(row(rule)?.status, rule).toBe("witnessed");
      expect(row(rule)?.firedAt?.file, rule).toBe("src/tools/b.ts");
      expect(row(rule)?.change, rule).toMatch(/ of tool beta$|tool beta made to name/);
    }
  });
});

describe("witness: a tool renamed to another's name", () => {
  it("has no site in a SKU of one tool", async () => {
    const row = await witnessRows(monitor({ "src/tools/b.ts": null }));
    expect(row("tool-discovery")).toEqual({ rule: "tool-discovery", status: "no-site", change: "the SKU has no two tools named by string literals", firedAt: null });
  });

  it("renames a tool named in backquotes", async () => {
    const row = await witnessRows(monitor({ "src/tools/b.ts": beta.replace('"beta"', "`beta`") }));
    expect(row("tool-discovery")).toEqual({
      rule: "tool-discovery",
      status: "witnessed",
      change: "tool beta renamed to alpha, a name another tool has",
      firedAt: { file: "src/tools/b.ts", line: 3, column: 23 },
    });
  });

  it("leaves alone a name whose literal is not the name as written (an escape)", async () => {
    const row = await witnessRows(monitor({ "src/tools/b.ts": beta.replace('"beta"', '"be\\u0074a"') }));
    expect(row("tool-discovery")).toEqual({ rule: "tool-discovery", status: "no-site", change: "the SKU has no two tools named by string literals", firedAt: null });
  });
});

describe("witness: a pinned fragment changed", () => {
  it("changes the first pinned fragment the instructions hold, past one they do not", async () => {
    const instructions = 'export const INSTRUCTIONS = "Every tool answers with one payload: data as JSON, or an envelope.";\n';
    const dir = monitor({ "src/instructions.ts": instructions }, (c) => {
      c.skus[0].instructions = "src/instructions.ts";
      c.parity = [
        { name: "absent", text: "Nothing here says this." },
        { name: "payload", text: "Every tool answers with one payload." },
      ];
    });
    const row = await witnessRows(dir);
    expect(row("parity-pin")).toMatchObject({ status: "witnessed", change: 'the shared fragment "payload" changed in SKU main' });
  });

  /** The witness's parity-pin row on a monitor whose instructions are `instructions`, with one pin named "shared". */
  async function parityRow(instructions: string, pin: string) {
    const dir = monitor({ "src/instructions.ts": instructions }, (c) => {
      c.skus[0].instructions = "src/instructions.ts";
      c.parity = [{ name: "shared", text: pin }];
    });
    return (await witnessRows(dir))("parity-pin");
  }

  const PAYLOAD = "Every tool answers with one payload.";
  it.each([
    // The fragment's first words also stand in a comment, or open the file: the change goes into the string.
    [
      "where its first words are also quoted in a comment above the string",
      '// Every tool answers with one payload, as the shared text says.\nexport const INSTRUCTIONS = `Read this. ${"Every tool answers with one payload."}`;\n',
      PAYLOAD,
      2,
    ],
    ["where its first words also open the file as code", 'export const INSTRUCTIONS = "export const INSTRUCTIONS holds the shared text.";\n', "export const INSTRUCTIONS holds", 1],
    // Several literals hold its first words: the one that goes on as the pin does the furthest, the first of those.
    [
      "in the literal that carries it furthest, past one that holds only its first words",
      'export const SHORT = "Every tool answers, in short.";\nexport const LONG = "Every tool answers " + "with one payload.";\n',
      PAYLOAD,
      1,
    ],
    [
      "in the first of the literals that carry it as far",
      'export const LONG = "Every tool answers " + "with one payload.";\nexport const OTHER = "Every tool answers " + "in its own words.";\n',
      PAYLOAD,
      1,
    ],
  ])("changes the fragment %s", async (_label, instructions, pin, line) => {
    expect(await parityRow(instructions, pin)).toEqual({
      rule: "parity-pin",
      status: "witnessed",
      change: 'the shared fragment "shared" changed in SKU main',
      firedAt: { file: "src/instructions.ts", line, column: 14 },
    });
  });
});
