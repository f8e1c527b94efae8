// dropcheck's judgement, a pure function of two revisions' served descriptions: every old sentence must still be served somewhere.
import { compareText, type ServedDescription } from "../../src/model.js";

/** One side of the comparison, as the census read it. */
export interface RevisionDescriptions {
  /** Every named tool's served head and guide tail, per SKU. */
  served: readonly ServedDescription[];
  /** The pointer sentence of that revision's config: convention, not content, so never counted as a sentence. */
  pointer: string;
}

export type ToolStatus =
  /** The tool is still served (in the same SKU): its old sentences are looked up in its new head and tail. */
  | "present"
  /** The tool is gone from its SKU: every old sentence is missing. */
  | "removed"
  /** The census cannot see the head in one revision (see `unseen`): nothing can be compared, and unknown never passes. */
  | "unseen";

export interface ToolDrop {
  sku: string;
  tool: string;
  status: ToolStatus;
  /** Old head+tail length in UTF-16 code units; null when the old head cannot be seen. */
  old: number | null;
  /** New head+tail length; 0 when removed, null when the new head cannot be seen. */
  new: number | null;
  /** Distinct old sentences, the pointer sentence left out; null when the old head cannot be seen. */
  sentences: number | null;
  /** Old sentences absent from the new text, in the order the old text has them. */
  missing: string[];
  /** Which revision's head the census cannot see. */
  unseen: "base" | "head" | null;
}

// One segmenter for the process: building one loads ICU's break rules. English rules: the descriptions are English.
const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/**
 * The text's sentences, whitespace normalised: runs collapsed to one space (before segmenting, since a line break is
 * a sentence boundary to ICU, and a reflowed line must not split a sentence in two), each sentence trimmed.
 */
export function sentencesOf(text: string): string[] {
  const flat = text.replace(/\s+/g, " ").trim();
  const out: string[] = [];
  for (const { segment } of segmenter.segment(flat)) {
    const sentence = segment.trim();
    if (sentence !== "") out.push(sentence);
  }
  return out;
}

/**
 * Every tool of the old revision (only those named in `tools`, when any), compared with the same SKU's tool of the
 * new one. Head and tail are segmented apart: a head that ends without a full stop must not run into its tail's first
 * sentence. Sorted by tool, then SKU.
 */
export function compareRevisions(before: RevisionDescriptions, after: RevisionDescriptions, tools: readonly string[] = []): ToolDrop[] {
  const wanted = new Set(tools);
  const current = new Map(after.served.map((s) => [keyOf(s), s]));
  // The pointer is convention, not content: each of its sentences (a pointer may have more than one) is left out.
  const pointer = new Set(sentencesOf(before.pointer));
  const drops: ToolDrop[] = [];
  for (const old of before.served) {
    if (wanted.size > 0 && !wanted.has(old.tool)) continue;
    const now = current.get(keyOf(old));
    const base = { sku: old.sku, tool: old.tool };
    if (old.head === null) {
      drops.push({ ...base, status: "unseen", old: null, new: now ? lengthOf(now) : 0, sentences: null, missing: [], unseen: "base" });
      continue;
    }
    const sentences = distinct([...sentencesOf(old.head), ...sentencesOf(old.tail ?? "")]).filter((s) => !pointer.has(s));
    if (now === undefined) {
      drops.push({ ...base, status: "removed", old: lengthOf(old), new: 0, sentences: sentences.length, missing: sentences, unseen: null });
      continue;
    }
    if (now.head === null) {
      drops.push({ ...base, status: "unseen", old: lengthOf(old), new: null, sentences: sentences.length, missing: [], unseen: "head" });
      continue;
    }
    const kept = new Set([...sentencesOf(now.head), ...sentencesOf(now.tail ?? "")]);
    const missing = sentences.filter((s) => !kept.has(s));
    drops.push({ ...base, status: "present", old: lengthOf(old), new: lengthOf(now), sentences: sentences.length, missing, unseen: null });
  }
  return drops.sort((a, b) => compareText(a.tool, b.tool) || compareText(a.sku, b.sku));
}

/** Whether the comparison loses nothing: no sentence missing, and nothing the census could not see. */
export function dropsOk(drops: readonly ToolDrop[]): boolean {
  return drops.every((d) => d.missing.length === 0 && d.status !== "unseen");
}

function lengthOf(s: ServedDescription): number {
  return (s.head?.length ?? 0) + (s.tail?.length ?? 0);
}

function keyOf(s: { sku: string; tool: string }): string {
  return JSON.stringify([s.sku, s.tool]);
}

function distinct(items: string[]): string[] {
  return [...new Set(items)];
}

/** By UTF-16 code units, not locale: the output must come out the same on every machine. */
