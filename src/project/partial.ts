// The partial report of `check --shard I/N` and how `merge` reads it back (SPEC §7): a shard extracts the facts of its
// slice of the files, and merge runs the project stage once over all of them, so the merged report is the one a single
// run gives, byte for byte.
import path from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import { UsageError } from "../errors.js";
import type { FileFacts } from "../facts/types.js";
import { slashRelative } from "../paths.js";
import { contentHash, isFactsShaped } from "./factCache.js";
import type { FactStore } from "./factStore.js";

/** The `partial` field's value: what tells a partial report from any other JSON. */
export const PARTIAL_FORMAT = "payload-census-partial/1";

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export interface PartialReport {
  partial: typeof PARTIAL_FORMAT;
  /** The version of payload-census that wrote it: merge reads the partials of its own version only. */
  version: string;
  /** The extraction key (code and options the facts depend on): every partial of one census has the same. */
  key: string;
  shard: Shard;
  /** The config file, relative to the folder the shard ran in (where merge looks for it unless given --config). */
  config: string;
  /** The facts of every file the shard read, by path relative to the config's folder, sorted. */
  files: { file: string; content: string; facts: FileFacts }[];
}

/** The I-th of N slices of `files` (sorted): every N-th file from the I-th on, so the slices stay even as files come and go. */
export function sliceOf(files: readonly string[], shard: Shard): string[] {
  return [...files].sort().filter((_, k) => k % shard.count === shard.index - 1);
}

export function partialReport(config: ResolvedConfig, store: FactStore, shard: Shard, version: string, key: string, cwd: string): PartialReport {
  const files = store
    .withFacts()
    .map(({ file, text, facts }) => ({ file: slashRelative(config.dir, file), content: contentHash(text), facts }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { partial: PARTIAL_FORMAT, version, key, shard, config: slashRelative(cwd, config.configFile), files };
}

/** One partial report as given to merge: its name as typed and its text. */
export interface GivenPartial {
  name: string;
  text: string;
}

/**
 * Reads the partials of one sharded census: each must be a partial report of this version, all of the same census
 * (one key, one shard count, one config) and together every shard exactly once. Anything else is the user's to fix.
 */
export function readPartials(given: readonly GivenPartial[], version: string): PartialReport[] {
  const partials = given.map(({ name, text }) => parsePartial(name, text, version));
  const first = partials[0]!;
  const firstName = given[0]!.name;
  partials.forEach((p, i) => {
    const name = given[i]!.name;
    if (p.shard.count !== first.shard.count) {
      throw new UsageError(`${name} is shard ${p.shard.index}/${p.shard.count} but ${firstName} is ${first.shard.index}/${first.shard.count}: give the partials of one run of check --shard`);
    }
    if (p.key !== first.key || p.config !== first.config) {
      throw new UsageError(`${name} and ${firstName} come from different censuses (another config or another build of payload-census): give the partials of one run of check --shard`);
    }
  });
  for (let index = 1; index <= first.shard.count; index++) {
    const holders = partials.filter((p) => p.shard.index === index);
    if (holders.length === 0) throw new UsageError(`shard ${index}/${first.shard.count} is missing: give the partial report of every shard of the run`);
    if (holders.length > 1) throw new UsageError(`shard ${index}/${first.shard.count} is given ${holders.length} times: give each shard's partial report once`);
  }
  return partials;
}

/** The facts of every partial, by absolute path: the seeds of the store merge censuses with. */
export function seedsOf(partials: readonly PartialReport[], config: ResolvedConfig): Map<string, { content: string; facts: FileFacts }> {
  const seeds = new Map<string, { content: string; facts: FileFacts }>();
  for (const p of partials) for (const f of p.files) seeds.set(path.resolve(config.dir, f.file), { content: f.content, facts: f.facts });
  return seeds;
}

function parsePartial(name: string, text: string, version: string): PartialReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${name} is not JSON: give the partial reports written by payload-census check --shard I/N --output FILE`);
  }
  const p = value as Partial<PartialReport> | null;
  if (typeof p !== "object" || p === null || p.partial !== PARTIAL_FORMAT) {
    throw new UsageError(`${name} is not a partial report: give the files written by payload-census check --shard I/N --output FILE`);
  }
  if (p.version !== version) throw new UsageError(`${name} was written by payload-census ${String(p.version)} and this is ${version}: run the shards and merge with one version`);
  const shard = p.shard;
  const wellFormed =
    typeof p.key === "string" &&
    typeof p.config === "string" &&
    typeof shard === "object" &&
    shard !== null &&
    Number.isSafeInteger(shard.index) &&
    Number.isSafeInteger(shard.count) &&
    shard.index >= 1 &&
    shard.index <= shard.count &&
    Array.isArray(p.files) &&
    p.files.every((f) => typeof f === "object" && f !== null && typeof f.file === "string" && typeof f.content === "string" && isFactsShaped(f.facts));
  if (!wellFormed) throw new UsageError(`${name} is a damaged partial report: write it again with payload-census check --shard I/N`);
  return p as PartialReport;
}
