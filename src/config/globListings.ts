// What each tool glob matched, remembered with the stamp of every folder its walk read, as git's untracked cache
// keeps folder listings: a folder's modification time moves whenever an entry is added, removed or renamed in it, so
// while every folder a walk read is as it was, the walk would find the same files. A warm run then resolves its config
// without walking the tree (or loading the glob library). A folder changed just before its walk read it is not trusted
// (a later change in the same tick of the file system's clock would leave its time as it was: see `racy`), nor a walk
// that met a link (what a link points to can change with no folder of the walk changing).
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import path from "node:path";
import { readEntry, writeEntry } from "../cacheEntry.js";

const FORMAT = "payload-census-globs/1";
/**
 * How long after a folder's last change its walk is trusted. A file system that keeps whole seconds (FAT keeps two)
 * could give a second change in the same tick the same time; one that keeps finer times still updates them by the
 * kernel's clock tick (a few milliseconds).
 */
export const RACY_MS = 2000;
export const FINE_RACY_MS = 100;

/** Whether a walk that read a folder changed at `mtimeMs`, `listedAt`, may have missed a change in the same tick. */
export function racy(mtimeMs: number, listedAt: number): boolean {
  return listedAt - mtimeMs <= (mtimeMs % 1000 === 0 ? RACY_MS : FINE_RACY_MS);
}

/** One walk of a glob: its matches, and each folder it read with that folder's modification time (null: not there). */
export interface GlobListing {
  matches: string[];
  folders: [folder: string, mtimeMs: number | null][];
  /** When the walk started (ms since the epoch). */
  listedAt: number;
}

/** Where resolveConfig finds and leaves glob listings. */
export interface GlobListings {
  /** The matches of `key`'s glob when every folder its last walk read is unchanged; undefined otherwise. */
  matches(key: string): string[] | undefined;
  remember(key: string, listing: GlobListing): void;
}

/** Glob listings kept in memory (an editor's session, revalidating its config every second). */
export class GlobListingMemory implements GlobListings {
  protected changed = false;

  constructor(protected readonly listings: Map<string, GlobListing> = new Map()) {}

  matches(key: string): string[] | undefined {
    const listing = this.listings.get(key);
    if (!listing) return undefined;
    for (const [folder, mtimeMs] of listing.folders) {
      if ((mtimeMs !== null && racy(mtimeMs, listing.listedAt)) || (mtimeOf(folder) ?? null) !== mtimeMs) return undefined;
    }
    return listing.matches;
  }

  remember(key: string, listing: GlobListing): void {
    this.listings.set(key, listing);
    this.changed = true;
  }
}

/** Glob listings kept in a file of the cache folder, one per config file. */
export class GlobListingFile extends GlobListingMemory {
  private readonly file: string;

  constructor(cacheDir: string, configFile: string) {
    const file = path.join(cacheDir, "globs", `${createHash("sha1").update(configFile).digest("hex")}.json`);
    super(read(file));
    this.file = file;
  }

  /** Writes the listings if any changed (atomically; a cache that cannot be written is skipped). */
  save(): void {
    if (!this.changed) return;
    writeEntry(this.file, { format: FORMAT }, JSON.stringify(Object.fromEntries(this.listings)));
    this.changed = false;
  }
}

function read(file: string): Map<string, GlobListing> {
  const entry = readEntry(file);
  if (!entry || entry.header.format !== FORMAT) return new Map();
  try {
    const listings = JSON.parse(entry.body) as Record<string, GlobListing>;
    return new Map(Object.entries(listings).filter(([, l]) => isListing(l)));
  } catch {
    return new Map();
  }
}

/**
 * A value parsed from JSON (so never undefined) that is a listing as `remember` wrote it. Each folder need only be a
 * pair: `matches` compares its path's time on the disk with the one remembered, which a path or time of another type
 * never equals.
 */
function isListing(value: unknown): value is GlobListing {
  const l = value as Partial<GlobListing> | null;
  const { matches, folders, listedAt } = l ?? {};
  return Array.isArray(matches) && matches.every((m) => typeof m === "string") && Array.isArray(folders) && folders.every(Array.isArray) && typeof listedAt === "number";
}

/** A folder's modification time, or undefined when it is not a folder (any more). */
export function mtimeOf(folder: string): number | undefined {
  try {
    const st = statSync(folder);
    return st.isDirectory() ? st.mtimeMs : undefined;
  } catch {
    return undefined;
  }
}
