// The content cache of per-file facts on disk (SPEC §7), shared by the CLI, its workers and the ESLint plugin: one entry
// per file and extraction key, trusted only for the exact text, options and census code it was computed from.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtractOptions } from "../facts/fileIndex.js";
import type { FileFacts } from "../facts/types.js";
import { slashRelative } from "../paths.js";
import { readVersion } from "../version.js";
import { codeDigest, decodeEntry, writeEntry } from "../cacheEntry.js";
import { kindOf, modifiedAt } from "../config/kinds.js";

export { readEntry, writeEntry } from "../cacheEntry.js";

/** What the first line of every entry starts with: anything else in the folder is not an entry of ours. */
const FORMAT = "payload-census-facts/1";

/** Where the cache lives unless told otherwise: node_modules/.cache/payload-census of the project holding the config. */
export function defaultCacheLocation(configDir: string): string {
  // As find-cache-dir does: the nearest folder with a package.json, where node_modules/.cache is the custom.
  for (let dir = configDir; ; ) {
    if (kindOf(path.join(dir, "package.json")) === "file") return path.join(dir, "node_modules", ".cache", "payload-census");
    const parent = path.dirname(dir);
    if (parent === dir) return path.join(configDir, "node_modules", ".cache", "payload-census");
    dir = parent;
  }
}

function touch(file: string, now: number): void {
  try {
    utimesSync(file, now / 1000, now / 1000);
  } catch {
    writeFileSync(file, "");
    utimesSync(file, now / 1000, now / 1000);
  }
}

/** The hash of a file's text that an entry must match. */
export function contentHash(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/**
 * What facts are a function of besides the text: the extraction options of the config and the code that extracts them
 * (the package's version, a digest of the facts modules as they are installed, and the parser's version). A census
 * built from other sources never reads another's entries, even at the same version number.
 */
export function extractionKey(options: ExtractOptions): string {
  return createHash("sha1").update(facts()).update("\0").update(JSON.stringify(options)).digest("hex");
}

function facts(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const require = createRequire(import.meta.url);
  // The parser module sits beside the facts folder: its options shape every tree.
  return codeDigest(
    [readVersion(), (require("typescript/package.json") as { version: string }).version],
    path.join(here, "..", "facts"),
    [path.join(here, "..", "ts.js"), path.join(here, "..", "ts.ts")],
  );
}

/** Where the cache is and which entries it may hand out: a plain value, so a worker thread can be given it. */
export interface CacheSpec {
  /** The cache folder, absolute. */
  dir: string;
  /** Entries name files relative to this folder (the config's), so a checkout moved elsewhere keeps its cache. */
  root: string;
  /** extractionKey() of the run's options. */
  key: string;
}

/**
 * Entries of an extraction key that no run used for this long are removed (payload-census was upgraded, a config's
 * discovery changed): a cache holds the entries of the keys in use, not of every key it ever had.
 */
export const STALE_KEY_MS = 7 * 24 * 60 * 60 * 1000;
/** How often a run looks for stale keys. */
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

export class FactCache {
  /** How many entries were read and trusted, and how many were found but could not be trusted (rebuilt). */
  hits = 0;
  rejected = 0;
  /** The folder of this key's entries: one per key, so that a key no longer used goes as one folder. */
  private readonly keyDir: string;

  constructor(readonly spec: CacheSpec) {
    this.keyDir = path.join(spec.dir, "facts", spec.key.slice(0, 16));
  }

  /**
   * Marks this key's entries as used now (once per run), and, at most once a day, removes the entries of every other
   * key that no run used for STALE_KEY_MS (and of the layout before per-key folders). Another config sharing the
   * folder keeps its entries as long as it runs within that time. A folder that cannot be written is left as it is.
   */
  markUsed(now: number = Date.now()): void {
    const facts = path.join(this.spec.dir, "facts");
    try {
      mkdirSync(this.keyDir, { recursive: true });
      touch(path.join(this.keyDir, "used"), now);
      const pruned = path.join(facts, "pruned");
      if (now - (modifiedAt(pruned) ?? 0) < PRUNE_EVERY_MS) return;
      touch(pruned, now);
      const stale = (folder: string, stamp: string): boolean => now - (modifiedAt(stamp) ?? modifiedAt(folder) ?? now) > STALE_KEY_MS;
      for (const name of readdirSync(facts)) {
        const folder = path.join(facts, name);
        if (folder !== this.keyDir && kindOf(folder) === "folder" && stale(folder, path.join(folder, "used"))) rmSync(folder, { recursive: true, force: true });
      }
      // Entries of the layout before per-key folders: two hex digits directly under the cache folder.
      for (const name of readdirSync(this.spec.dir)) {
        const folder = path.join(this.spec.dir, name);
        if (/^[0-9a-f]{2}$/.test(name) && kindOf(folder) === "folder" && stale(folder, folder)) rmSync(folder, { recursive: true, force: true });
      }
    } catch {
      // A read-only or vanishing cache folder: nothing to mark, nothing to prune.
    }
  }

  /** The facts of `file` cached for exactly this text (its contentHash), or undefined: missing, stale, corrupt or foreign. */
  read(file: string, content: string): FileFacts | undefined {
    let data: string;
    try {
      data = readFileSync(this.entryPath(file), "utf8");
    } catch {
      return undefined;
    }
    const facts = this.decode(data, file, content);
    if (facts === undefined) this.rejected++;
    else this.hits++;
    return facts;
  }

  /** Stores `factsJson` (JSON.stringify of the facts) as the facts of `file` at `content`; a cache that cannot be written is skipped. */
  write(file: string, content: string, factsJson: string): void {
    writeEntry(this.entryPath(file), { format: FORMAT, key: this.spec.key, file: this.rel(file), content }, factsJson);
  }

  /** The entry's file: one per (file, key), so an edit replaces exactly that file's entry. */
  entryPath(file: string): string {
    const name = createHash("sha1").update(this.spec.key).update("\0").update(this.rel(file)).digest("hex");
    return path.join(this.keyDir, name.slice(0, 2), `${name.slice(2)}.json`);
  }

  private rel(file: string): string {
    return slashRelative(this.spec.root, file);
  }

  /**
   * The facts cached for `file` at exactly this text, as the JSON they were stored as (unparsed); undefined as for
   * `read`. What a result computed from that text was computed from: new facts equal to it change nothing.
   */
  stored(file: string, content: string): string | undefined {
    try {
      return this.bodyOf(readFileSync(this.entryPath(file), "utf8"), file, content);
    } catch {
      return undefined;
    }
  }

  private bodyOf(data: string, file: string, content: string): string | undefined {
    const entry = decodeEntry(data);
    if (!entry) return undefined;
    const { header, body } = entry;
    return header.format !== FORMAT || header.key !== this.spec.key || header.file !== this.rel(file) || header.content !== content ? undefined : body;
  }

  private decode(data: string, file: string, content: string): FileFacts | undefined {
    const body = this.bodyOf(data, file, content);
    if (body === undefined) return undefined;
    try {
      const facts = JSON.parse(body) as FileFacts;
      return isFactsShaped(facts) ? facts : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The fields every FileFacts has, with their kinds: what a well-summed entry written by a census of this key holds. */
const FIELDS: Record<keyof FileFacts, "array" | "object" | "object?" | "array?"> = {
  parseErrors: "array",
  imports: "object",
  exports: "array",
  requests: "array",
  constants: "object",
  declarations: "object",
  factories: "object",
  objects: "object",
  functions: "object",
  data: "object",
  classes: "array",
  dispatch: "array",
  calls: "array",
  tools: "array",
  passThroughs: "array",
  builds: "array",
  schemas: "object?",
  toolLike: "array?",
};

/** Whether a value read back from JSON has every field of FileFacts, of the right kind. */
export function isFactsShaped(value: unknown): value is FileFacts {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(FIELDS).every(([name, kind]) => {
    const field = record[name];
    if ((kind === "object?" || kind === "array?") && field === undefined) return true;
    return kind === "array" || kind === "array?" ? Array.isArray(field) : typeof field === "object" && field !== null && !Array.isArray(field);
  });
}
