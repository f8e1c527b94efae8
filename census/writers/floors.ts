// `floors --raise`: raises each configured floor to today's count, never lowers one, and keeps the config's comments.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { applyEdits, modify, type FormattingOptions } from "jsonc-parser";
import type { ResolvedFloor } from "../../src/config/types.js";
import { PartialCensusError } from "../../src/errors.js";
import { countAt, type CensusResult, type Counts } from "../../src/model.js";
import { writeAtomically } from "./atomic.js";

export interface FloorChange {
  count: string;
  floor: number;
  /** Today's count; undefined when the key names no count (the config loader should have refused it). */
  actual: number | undefined;
}

export interface FloorPlan {
  raised: FloorChange[];
  /** At their count already. */
  level: FloorChange[];
  /** Above their count: left as they are, since lowering a floor would hide the matcher going dark. */
  above: FloorChange[];
  unknown: FloorChange[];
}

export function planFloors(floors: readonly ResolvedFloor[], counts: Counts): FloorPlan {
  const plan: FloorPlan = { raised: [], level: [], above: [], unknown: [] };
  for (const f of floors) {
    const change: FloorChange = { count: f.count, floor: f.floor, actual: countAt(counts, f.count) };
    if (change.actual === undefined) plan.unknown.push(change);
    else if (change.actual > f.floor) plan.raised.push(change);
    else if (change.actual === f.floor) plan.level.push(change);
    else plan.above.push(change);
  }
  return plan;
}

/** The config text with each raised floor's number replaced in place: comments, order and layout stay as written. */
export function raiseInText(text: string, raised: readonly FloorChange[]): string {
  const formattingOptions = inferFormatting(text);
  let out = text;
  for (const change of raised) {
    if (change.actual === undefined) continue;
    out = applyEdits(out, modify(out, ["floors", change.count], change.actual, { formattingOptions }));
  }
  return out;
}

/** Only matters when jsonc-parser has to insert text; a replaced number keeps its place, but stay in the file's style. */
export function inferFormatting(text: string): FormattingOptions {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const indent = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indent?.startsWith("\t")) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent?.length ?? 2, eol };
}

/** Refuses on a partial census (its counts are too low to trust), raises, writes atomically, returns a summary. */
export async function raiseFloors(result: CensusResult): Promise<string> {
  const config = result.config;
  const shown = basename(config.configFile);
  if (result.unparsed.length > 0) {
    const n = result.unparsed.length;
    throw new PartialCensusError(
      `${n} ${n === 1 ? "file fails" : "files fail"} to parse: fix them first, the counts leave out what they hold: ${result.unparsed.join(", ")}`,
    );
  }
  if (config.floors.length === 0) {
    return `no floors are configured in ${shown}: nothing to raise (add "floors": { "passThroughs.total": N } to start)\n`;
  }
  const plan = planFloors(config.floors, result.report.counts);
  if (plan.raised.length > 0) {
    const text = await readFile(config.configFile, "utf8");
    await writeAtomically(config.configFile, raiseInText(text, plan.raised), `the config ${shown}`);
  }
  return summarize(plan, shown);
}

export function summarize(plan: FloorPlan, shown: string): string {
  const lines: string[] = [];
  const n = plan.raised.length;
  if (n === 0) lines.push(`no floor to raise in ${shown}: none is below its count`);
  else {
    lines.push(`raised ${n} ${n === 1 ? "floor" : "floors"} in ${shown}:`);
    const width = Math.max(...plan.raised.map((c) => c.count.length));
    for (const c of plan.raised) lines.push(`  ${c.count.padEnd(width)}  ${c.floor} → ${c.actual}`);
  }
  if (plan.level.length > 0) {
    lines.push(`at their count already: ${plan.level.map((c) => `${c.count} ${c.floor}`).join(", ")}`);
  }
  if (plan.above.length > 0) {
    lines.push(
      `left above their count (floors are never lowered; check runs report them): ${plan.above.map((c) => `${c.count} ${c.floor} > ${c.actual}`).join(", ")}`,
    );
  }
  if (plan.unknown.length > 0) lines.push(`not a count, left as is: ${plan.unknown.map((c) => c.count).join(", ")}`);
  return lines.join("\n") + "\n";
}
