// parity-pin over instructions whose exports the census sees but cannot read as text: a `let` (no constant), an export
// that leads into the runtime module of producers, and several such exports named in one finding.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS } from "./monitorReport.js";

const TOOLS =
  'import { formatError } from "./helpers.js";\n' +
  'export function register(server: any): void {\n' +
  '  server.registerTool("get_x", { description: "Lists x." }, async () => {\n' +
  "    try { return JSON.stringify({ ok: true }); } catch (ex) { return formatError(\"get_x\", ex); }\n" +
  "  });\n" +
  "}\n";

/** The parity-pin findings of a monitor whose instructions module is `instructions`, pinned to hold "Read-only.". */
function parity(instructions: string): { line: number; column: number; message: string }[] {
  const sku = { name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools.ts"], instructions: "src/instructions.ts" };
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [sku], parity: [{ name: "scope", text: "Read-only." }] }),
    "src/helpers.ts": CONTRACT_HELPERS,
    "src/tools.ts": TOOLS,
    "src/instructions.ts": instructions,
  });
  const { report } = runCensus(loadConfig({ dir }));
  return report.findings.filter((f) => f.rule === "parity-pin").map(({ line, column, message }) => ({ line, column, message }));
}

const unknown = (why: string) =>
  `Parity pin "scope" cannot be checked in SKU main: the census cannot see the text of its instructions (${why}); build them from literals and constants`;

describe("parity-pin: exports that are no constant string", () => {
  it("two `let` exports: each is named, in order, and the finding stands at the module's first line (a let declares no constant)", () => {
    expect(parity('export let FIRST = "Read-only.";\nexport let SECOND = "More.";\n')).toEqual([
      { line: 1, column: 1, message: unknown("`FIRST` is not a constant string; `SECOND` is not a constant string") },
    ]);
  });

  it("a name re-exported from the runtime module of producers is not a constant string", () => {
    expect(parity('export { refusal as TEXT } from "payload-census/envelope";\n')).toEqual([
      { line: 1, column: 1, message: unknown("`TEXT` is not a constant string") },
    ]);
  });
});
