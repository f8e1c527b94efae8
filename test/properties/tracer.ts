// What the census says about a generated program: the definitions its pass-through facts list at the guard.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import type { Printed, Program } from "./language.js";
import type { OracleAnswer } from "./oracle.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");

/** A one-SKU monitor with shared validators (`validateTop`) in src/helpers.ts: the template of generated monitors. */
export const TEMPLATE_MONITOR = path.join(fixtures, "red", "pass-through-producer", "local-helper");

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

/** How a definition is compared: by line (every definition prints on its own line), parameters marked as such. */
export function expectedAtGuard(program: Program, printed: Printed, answer: OracleAnswer): string[] {
  if (!answer.reached) return ["unreachable"];
  return [...answer.defs]
    .map((d) => `${program.values.get(d) === "parameter" ? "parameter" : "write"} at line ${printed.defLines.get(d)}`)
    .sort();
}

export function tracedAtGuard(printed: Printed): string[] {
  return tracedAt(printed.text, printed.guardLine);
}

/** The definitions the pass-through fact of the `if` on `line` lists: "write at line N", "parameter at line N", "unreachable". */
export function tracedAt(text: string, line: number): string[] {
  const facts = extractFileFacts("generated.ts", text, options);
  if (facts.parseErrors.length > 0) return [`parse error: ${facts.parseErrors[0]!.message} at line ${facts.parseErrors[0]!.loc.line}`];
  const found = facts.passThroughs.filter((p) => p.loc.line === line);
  if (found.length !== 1) return [`${found.length} pass-throughs at line ${line}`];
  return found[0]!.defs
    .map((d) => {
      if (d.kind === "untraceable" && d.reason?.includes("unreachable")) return "unreachable";
      if (d.kind === "parameter") return `parameter at line ${d.loc.line}`;
      if (d.kind === "initializer" || d.kind === "assignment") return `write at line ${d.loc.line}`;
      return `${d.kind} at line ${d.loc.line}: ${d.reason ?? ""}`;
    })
    .sort();
}

/** The program with its lines numbered, for a failure report. */
export function numbered(text: string): string {
  return text
    .split("\n")
    .map((l, i) => `${String(i + 1).padStart(3)}  ${l}`)
    .join("\n");
}
