// The content cache of per-file facts on disk (SPEC §7), shared by the CLI, its workers and the ESLint plugin: one entry
// per file and extraction key, trusted only for the exact text, options and census code it was computed from.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtractOptions } from "../facts/fileIndex.js";
import type { FileFacts } from "../facts/types.js";
import { slashRelative } from "../paths.js";
import { readVersion } from "../version.js";
import { decodeEntry, writeEntry } from "../cacheEntry.js";

export { readEntry, writeEntry } from "../cacheEntry.js";

/** What the first line of every entry starts with: anything else in the folder is not an entry of ours. */
const FORMAT = "payload-census-facts/1";

/** Where the cache lives unless told otherwise: node_modules/.cache/payload-census of the project holding the config. */
export function defaultCacheLocation(configDir: string): string {
  // As find-cache-dir does: the nearest folder with a package.json, where node_modules/.cache is the custom.
  for (let dir = configDir; ; ) {
    if (isFileAt(path.join(dir, "package.json"))) return path.join(dir, "node_modules", ".cache", "payload-census");
    const parent = path.dirname(dir);
    if (parent === dir) return path.join(configDir, "node_modules", ".cache", "payload-census");
    dir = parent;
  }
}

function isFileAt(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
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
  return createHash("sha1").update(codeDigest()).update("\0").update(JSON.stringify(options)).digest("hex");
}

function codeDigest(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const hash = createHash("sha1").update(readVersion()).update("\0");
  const require = createRequire(import.meta.url);
  hash.update((require("typescript/package.json") as { version: string }).version);
  const facts = path.join(here, "..", "facts");
  const modules = readdirSync(facts)
    .filter((n) => /\.(js|ts)$/.test(n) && !n.endsWith(".d.ts"))
    .sort()
    .map((n) => path.join(facts, n));
  // The parser module sits beside the facts folder: its options shape every tree.
  const parser = [path.join(here, "..", "ts.js"), path.join(here, "..", "ts.ts")].filter(isFileAt);
  for (const file of [...modules, ...parser]) hash.update(path.basename(file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
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

export class FactCache {
  /** How many entries were read and trusted, and how many were found but could not be trusted (rebuilt). */
  hits = 0;
  rejected = 0;

  constructor(readonly spec: CacheSpec) {}

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
    return path.join(this.spec.dir, name.slice(0, 2), `${name.slice(2)}.json`);
  }

  private rel(file: string): string {
    return slashRelative(this.spec.root, file);
  }

  private decode(data: string, file: string, content: string): FileFacts | undefined {
    const entry = decodeEntry(data);
    if (!entry) return undefined;
    const { header, body } = entry;
    if (header.format !== FORMAT || header.key !== this.spec.key || header.file !== this.rel(file) || header.content !== content) return undefined;
    try {
      const facts = JSON.parse(body) as FileFacts;
      return isFactsShaped(facts) ? facts : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The fields every FileFacts has, with their kinds: what a well-summed entry written by a census of this key holds. */
const FIELDS: Record<keyof FileFacts, "array" | "object" | "object?"> = {
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
};

/** Whether a value read back from JSON has every field of FileFacts, of the right kind. */
export function isFactsShaped(value: unknown): value is FileFacts {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(FIELDS).every(([name, kind]) => {
    const field = record[name];
    if (kind === "object?" && field === undefined) return true;
    return kind === "array" ? Array.isArray(field) : typeof field === "object" && field !== null && !Array.isArray(field);
  });
}
