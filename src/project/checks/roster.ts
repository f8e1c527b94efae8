// bare-sentence-roster: roster exactness both ways (SPEC §2.3); a tool body the census cannot see is tool-discovery's.
// Every bare sentence is rostered (with its count), every roster entry still occurs.
import type { Roster } from "../../config/types.js";
import { compareText, type BareSentence, type Finding } from "../../model.js";
import { findingOf, messages } from "../messages.js";

export interface RosterOutcome {
  findings: Finding[];
  /** Per SKU: rostered, unrostered and stale counts. */
  perSku: Map<string, { rostered: number; unrostered: number; stale: number }>;
}

/**
 * Matches occurrences to entries by (file, tool, sentence) with counts: the first `count` occurrences in source
 * order are rostered, later ones are not; an entry with fewer occurrences than its count is stale.
 */
export function checkRoster(
  sentences: readonly BareSentence[],
  roster: Roster,
  rosterFile: string,
  skuOfFile: (file: string) => string,
  extra: { toolUnknown: Map<BareSentence, string> },
): RosterOutcome {
  const findings: Finding[] = [];
  const perSku = new Map<string, { rostered: number; unrostered: number; stale: number }>();
  const tally = (sku: string) => {
    let t = perSku.get(sku);
    if (!t) perSku.set(sku, (t = { rostered: 0, unrostered: 0, stale: 0 }));
    return t;
  };
  const key = (file: string, tool: string, sentence: string) => JSON.stringify([file, tool, sentence]);
  const allowance = new Map<string, number>();
  for (const e of roster.entries) {
    const k = key(e.file, e.tool, e.sentence);
    allowance.set(k, (allowance.get(k) ?? 0) + (e.count ?? 1));
  }
  const found = new Map<string, number>();
  const ordered = [...sentences].sort((a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column);
  for (const s of ordered) {
    const t = tally(s.sku);
    if (s.tool === null) {
      t.unrostered++;
      const why = extra.toolUnknown.get(s) ?? "its name is not a constant";
      findings.push(findingOf(messages.unrosteredUnknownTool(s.sentence, why), s.file, s, s.end, s.sku, null));
      continue;
    }
    const k = key(s.file, s.tool, s.sentence);
    const n = (found.get(k) ?? 0) + 1;
    found.set(k, n);
    const allowed = allowance.get(k) ?? 0;
    if (n <= allowed) {
      t.rostered++;
      continue;
    }
    t.unrostered++;
    const message = allowed === 0 ? messages.unrostered(s.tool, s.sentence) : messages.unrosteredExtra(s.tool, s.sentence, allowed);
    findings.push(findingOf(message, s.file, s, s.end, s.sku, s.tool));
  }
  // Entries repeat only by mistake; each entry answers for its own count, in file order.
  const consumed = new Map<string, number>();
  for (const e of roster.entries) {
    const k = key(e.file, e.tool, e.sentence);
    const available = (found.get(k) ?? 0) - (consumed.get(k) ?? 0);
    const expected = e.count ?? 1;
    const taken = Math.max(0, Math.min(expected, available));
    consumed.set(k, (consumed.get(k) ?? 0) + taken);
    if (taken >= expected) continue;
    const sku = skuOfFile(e.file);
    tally(sku).stale++;
    findings.push(findingOf(messages.stale(e.tool, e.file, e.sentence, expected, taken), rosterFile, e, undefined, sku, e.tool));
  }
  return { findings, perSku };
}
