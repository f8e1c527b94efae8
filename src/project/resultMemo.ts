// The census result of a config remembered with everything it was computed from (SPEC §7): when the disk still gives
// every answer the last census got — each file's text, each existence probe, each tsconfig.json, the roster, the
// resolved config with its glob results — the census would compute the same result, so the remembered one is given.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import type { CensusResult } from "../model.js";
import { fileURLToPath } from "node:url";
import { treeDigest } from "../cacheEntry.js";
import { readVersion } from "../version.js";
import { contentHash, readEntry, writeEntry, type FactCache } from "./factCache.js";
import { changedTexts, DiskHashes, movedTexts, sameInputs, stampOf, type FactStore, type StoreInputs } from "./factStore.js";
import { slashRelative } from "../paths.js";
import { sourceLines } from "./sourceLines.js";

/**
 * At most this many changed files are read here, one by one, to see whether their facts changed: a larger change (a
 * checkout, a rebase) is read by the census itself, on every core.
 */
export const UNCHANGED_FACTS_LIMIT = 32;

// The body is two lines: the inputs, then the result, which is parsed only once the inputs are the disk's.
const FORMAT = "payload-census-result/2";

/**
 * A digest of the code a census result is computed by: every stage of the core (the facts, the project stage and its
 * checks, the config), as installed. The facts' key covers only the facts' code: a result remembered by a build whose
 * checks differ is not this build's result, even at one version number.
 */
function censusCode(): string {
  return treeDigest([readVersion()], path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
}

type Remembered = Omit<CensusResult, "config">;

interface Entry {
  inputs: StoreInputs;
  /** The remembered result, parsed when first asked for; undefined when its text is not a result. */
  result(): Remembered | undefined;
}

export class ResultMemo {
  private readonly file: string;
  private readonly key: string;
  /** The entry as last read, with the stamp of its file then (undefined: none there, or not one of this key). */
  private read: { stamp: string; entry: Entry | undefined } | undefined;
  /** The texts' hashes, kept while their files' stamps hold: a linter asks every second. */
  private readonly hashes = new DiskHashes();
  /** What the census last recalled was computed from: each file's content hash. */
  private recalled: Map<string, string> | undefined;

  /**
   * `dir`: the cache folder; `extractionKey`: the facts' key (code and options), part of this one; `purpose`: the CLI's
   * report (with every row's tokens) or a linter's census (tokens only where a budget needs them), kept apart.
   */
  constructor(
    dir: string,
    extractionKey: string,
    private readonly config: ResolvedConfig,
    readonly purpose: "report" | "lint" = "report",
  ) {
    // One entry per config file and purpose: each run replaces it, so the folder does not grow with the tree's history.
    this.file = path.join(dir, "results", `${createHash("sha1").update(config.configFile).update("\0").update(purpose).digest("hex")}.json`);
    this.key = createHash("sha1")
      .update(censusCode())
      .update("\0")
      .update(extractionKey)
      .update("\0")
      .update(purpose)
      .update("\0")
      .update(JSON.stringify(config))
      .update("\0")
      .update(rosterContent(config))
      .digest("hex");
  }

  /** The remembered result, when it was computed from exactly what the disk holds now; undefined otherwise. */
  recall(): CensusResult | undefined {
    const entry = this.entry();
    if (!entry || !sameInputs(entry.inputs, this.hashes)) return undefined;
    const result = entry.result();
    if (!result) return undefined;
    this.recalled = new Map(entry.inputs.files.flatMap((f) => ("content" in f ? [[f.file, f.content] as const] : [])));
    return { ...result, config: this.config };
  }

  /**
   * The remembered result when the files changed since it was computed still give the facts it was computed from (a
   * comment edited, a line end changed, blank lines added at a file's end): the project stage reads facts, not texts,
   * so it would compute the same findings, and — as a build stops where a rebuilt step's output is unchanged — it does
   * not run. The changed files are read through `store` (extracted unless the cache holds their new text's facts, as
   * the census would read them), their findings' code frames taken from their new lines, and the result remembered
   * again for the new texts. Undefined when anything else changed, when more than `limit` files did, when their facts
   * differ, or when the facts the result was computed from are no longer in the cache to compare with.
   */
  recallUnchangedFacts(store: FactStore, limit: number = UNCHANGED_FACTS_LIMIT): CensusResult | undefined {
    const cache = store.cache;
    const entry = this.entry();
    if (!cache || !entry) return undefined;
    // The edited files first: when their facts changed, no other file is read here (the census reads them all next).
    const moved = movedTexts(entry.inputs, this.hashes, limit);
    if (!moved || !sameFacts(store, cache, moved)) return undefined;
    const changed = changedTexts(entry.inputs, this.hashes, limit, moved);
    if (!changed?.length || !sameFacts(store, cache, changed.filter((c) => !moved.some((m) => m.file === c.file)))) return undefined;
    const result = entry.result();
    const now = store.inputs();
    if (!result || !now) return undefined;
    const read = new Map(now.files.map((f) => [f.file, f]));
    const inputs: StoreInputs = { ...entry.inputs, files: entry.inputs.files.map((f) => read.get(f.file) ?? f) };
    const lines = new Map(changed.map(({ file }) => [slashRelative(this.config.dir, file), sourceLines(store.textOf(file) ?? "")]));
    for (const finding of result.report.findings) {
      const fileLines = lines.get(finding.file);
      if (!fileLines) continue;
      const source = fileLines[finding.line - 1];
      if (source === undefined) delete finding.source;
      else finding.source = source;
    }
    writeEntry(this.file, { format: FORMAT, key: this.key }, `${JSON.stringify(inputs)}\n${JSON.stringify(result)}`);
    this.read = undefined;
    this.recalled = new Map(inputs.files.flatMap((f) => ("content" in f ? [[f.file, f.content] as const] : [])));
    return { ...result, config: this.config };
  }

  /** The content hash of `file` as the result `recall` last gave read it; undefined for a file it did not read. */
  contentOf(file: string): string | undefined {
    return this.recalled?.get(file);
  }

  /** The entry on disk, parsed once per version of its file. */
  private entry(): Entry | undefined {
    const stamp = stampOf(this.file);
    if (stamp === undefined) return undefined;
    if (this.read?.stamp !== stamp) this.read = { stamp, entry: this.parse() };
    return this.read.entry;
  }

  private parse(): Entry | undefined {
    const entry = readEntry(this.file);
    if (!entry || entry.header.format !== FORMAT || entry.header.key !== this.key) return undefined;
    const newline = entry.body.indexOf("\n");
    if (newline < 0) return undefined;
    const inputs = parseOrUndefined(entry.body.slice(0, newline)) as Partial<StoreInputs> | null | undefined;
    if (!Array.isArray(inputs?.files) || !Array.isArray(inputs.probes) || !Array.isArray(inputs.tsconfigs)) return undefined;
    const text = entry.body.slice(newline + 1);
    let result: { value: Remembered | undefined } | undefined;
    const read = (): Remembered | undefined => {
      if (!result) {
        const parsed = parseOrUndefined(text);
        result = { value: typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Remembered) : undefined };
      }
      return result.value;
    };
    return { inputs: inputs as StoreInputs, result: read };
  }

  /** Remembers `result`, computed over `store`, unless a text the store was given is not the disk's. */
  remember(store: FactStore, result: CensusResult): void {
    const inputs = store.inputs();
    if (!inputs) return;
    const { config: _config, ...remembered } = result;
    writeEntry(this.file, { format: FORMAT, key: this.key }, `${JSON.stringify(inputs)}\n${JSON.stringify(remembered)}`);
  }
}

/**
 * Whether each of `files` (with its content hash then) gives, at its text now, the facts the cache holds for its text
 * then. The old facts are read before the store extracts the new: an extraction replaces the file's entry.
 */
function sameFacts(store: FactStore, cache: FactCache, files: readonly { file: string; content: string }[]): boolean {
  return files.every(({ file, content }) => {
    const before = cache.stored(file, content);
    if (before === undefined) return false;
    const { facts } = store.get(file);
    return facts !== undefined && JSON.stringify(facts) === before;
  });
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function rosterContent(config: ResolvedConfig): string {
  try {
    return contentHash(readFileSync(config.roster, "utf8"));
  } catch {
    return "no roster";
  }
}
