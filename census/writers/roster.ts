// `roster --write`: rebuilds the roster file from the bare sentences the census found, keeping each surviving note.
import { readFile } from "node:fs/promises";
import { PartialCensusError } from "../../src/errors.js";
import { writeAtomically } from "./atomic.js";
import { slashRelative } from "../../src/paths.js";
import { compareText, type BareSentence, type CensusResult } from "../../src/model.js";

/** One entry as the roster file stores it (SPEC §3): `count` only when the sentence repeats, `note` only when kept. */
export interface RosterFileEntry {
  file: string;
  tool: string;
  sentence: string;
  count?: number;
  note?: string;
}

export interface RosterFile {
  schemaVersion: 1;
  entries: RosterFileEntry[];
}

export interface RosterPlan {
  roster: RosterFile;
  added: RosterFileEntry[];
  removed: RosterFileEntry[];
  kept: number;
  /** Kept entries whose number of occurrences in the code changed. */
  recounted: { entry: RosterFileEntry; from: number; to: number }[];
  /** Bare sentences in a tool whose name is unknown: a roster entry needs the tool's name, so they stay findings. */
  skipped: BareSentence[];
}

/** The roster the code asks for, compared with the one on disk. Pure: the census result is all it reads. */
export function planRoster(result: CensusResult): RosterPlan {
  const notes = new Map<string, string | undefined>();
  const old = new Map<string, RosterFileEntry>();
  for (const e of result.roster.entries) {
    const key = keyOf(e);
    if (old.has(key)) continue;
    const before: RosterFileEntry = { file: e.file, tool: e.tool, sentence: e.sentence };
    if (e.count !== undefined) before.count = e.count;
    old.set(key, before);
    notes.set(key, e.note);
  }

  const counts = new Map<string, { entry: RosterFileEntry; count: number }>();
  const skipped: BareSentence[] = [];
  // A file shared by two SKUs is seen twice; the roster counts places in the code, so a location counts once.
  const seen = new Set<string>();
  for (const s of result.bareSentences) {
    const place = JSON.stringify([s.file, s.line, s.column, s.tool, s.sentence]);
    if (seen.has(place)) continue;
    seen.add(place);
    if (s.tool === null) {
      skipped.push(s);
      continue;
    }
    const key = keyOf({ file: s.file, tool: s.tool, sentence: s.sentence });
    const slot = counts.get(key);
    if (slot) slot.count++;
    else counts.set(key, { entry: { file: s.file, tool: s.tool, sentence: s.sentence }, count: 1 });
  }

  const entries: RosterFileEntry[] = [];
  const added: RosterFileEntry[] = [];
  const recounted: RosterPlan["recounted"] = [];
  let kept = 0;
  for (const [key, { entry, count }] of counts) {
    const out: RosterFileEntry = { file: entry.file, tool: entry.tool, sentence: entry.sentence };
    if (count > 1) out.count = count;
    const note = notes.get(key);
    if (note !== undefined) out.note = note;
    entries.push(out);
    const before = old.get(key);
    if (before === undefined) added.push(out);
    else {
      kept++;
      if ((before.count ?? 1) !== count) recounted.push({ entry: out, from: before.count ?? 1, to: count });
    }
  }
  entries.sort(compareEntries);
  added.sort(compareEntries);
  const removed = [...old].filter(([key]) => !counts.has(key)).map(([key, e]) => withNote(e, notes.get(key)));
  removed.sort(compareEntries);
  recounted.sort((a, b) => compareEntries(a.entry, b.entry));
  skipped.sort((a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column);
  return { roster: { schemaVersion: 1, entries }, added, removed, kept, recounted, skipped };
}

export function serializeRoster(roster: RosterFile): string {
  return JSON.stringify(roster, null, 2) + "\n";
}

/**
 * Refuses on a partial census (a file that does not parse has no sentences, so its entries would be dropped), then
 * writes the roster atomically and returns what changed, for the CLI to print.
 */
export async function writeRoster(result: CensusResult): Promise<string> {
  if (result.unparsed.length > 0) {
    const n = result.unparsed.length;
    throw new PartialCensusError(
      `${n} ${n === 1 ? "file fails" : "files fail"} to parse: fix them first, the roster would lose their sentences: ${result.unparsed.join(", ")}`,
    );
  }
  const plan = planRoster(result);
  const file = result.roster.file;
  const shown = slashRelative(result.config.dir, file);
  const text = serializeRoster(plan.roster);
  // Leave an identical file alone: its timestamp is what watchers and make-style tools look at.
  if ((await readFile(file, "utf8").catch(() => undefined)) === text) return summarize(plan, shown, "unchanged");
  await writeAtomically(file, text, `the roster ${shown}`);
  return summarize(plan, shown, result.roster.exists ? "wrote" : "created");
}

export function summarize(plan: RosterPlan, shown: string, action: "created" | "wrote" | "unchanged"): string {
  const lines = [
    action === "unchanged"
      ? `${shown} is up to date: ${countEntries(plan)}`
      : `${action} ${shown}: ${countEntries(plan)} (${plan.added.length} added, ${plan.removed.length} removed, ${plan.kept} kept)`,
  ];
  for (const e of plan.added) lines.push(`  + ${describe(e)}`);
  for (const r of plan.recounted) lines.push(`  ~ ${describe({ ...r.entry, count: r.from })} → ×${r.to}`);
  for (const e of plan.removed) lines.push(`  - ${describe(e)}${e.note !== undefined ? `  (its note is gone: ${JSON.stringify(e.note)})` : ""}`);
  if (plan.skipped.length > 0) {
    const k = plan.skipped.length;
    lines.push(
      `not rostered: ${k} bare ${k === 1 ? "sentence" : "sentences"} in a tool whose name the census cannot see (${k === 1 ? "it stays a finding" : "they stay findings"}):`,
    );
    for (const s of plan.skipped) lines.push(`  ${s.file}:${s.line}:${s.column}  ${JSON.stringify(s.sentence)}`);
  }
  return lines.join("\n") + "\n";
}

function countEntries(plan: RosterPlan): string {
  const n = plan.roster.entries.length;
  return `${n} ${n === 1 ? "entry" : "entries"}`;
}

function describe(e: RosterFileEntry): string {
  return `${e.file}  ${e.tool}  ${JSON.stringify(e.sentence)}${e.count !== undefined && e.count !== 1 ? ` ×${e.count}` : ""}`;
}

function withNote(e: RosterFileEntry, note: string | undefined): RosterFileEntry {
  return note === undefined ? e : { ...e, note };
}

function keyOf(e: { file: string; tool: string; sentence: string }): string {
  return JSON.stringify([e.file, e.tool, e.sentence]);
}

function compareEntries(a: RosterFileEntry, b: RosterFileEntry): number {
  return compareText(a.file, b.file) || compareText(a.tool, b.tool) || compareText(a.sentence, b.sentence);
}

/** By UTF-16 code units, not locale: the file must come out the same on every machine. */
