// Per-file facts on demand, computed once per file text: the cache both front ends share, aware of edits on disk and in editors.
import { readFileSync, statSync } from "node:fs";
import { extractFileFacts } from "../facts/extract.js";
import type { ExtractOptions } from "../facts/fileIndex.js";
import type { FileFacts } from "../facts/types.js";
import type { ResolvedConfig } from "../config/types.js";
import { TsconfigAliases } from "./tsconfigPaths.js";

interface StoredFacts {
  /** Absolute path. */
  file: string;
  /** undefined when the file could not be read. */
  facts: FileFacts | undefined;
  readError?: string;
}

interface Entry extends StoredFacts {
  text: string | undefined;
  /**
   * Where the text came from: the disk (with its stamp, to notice later writes) or a linter's buffer (with the disk's
   * stamp when it was given: a later write to the file, a save or a pull, makes the disk the truth again).
   */
  source: { disk: string | undefined } | { buffer: true; diskThen: string | undefined };
}

export function extractOptionsOf(config: ResolvedConfig): ExtractOptions {
  return {
    register: config.discovery.register,
    adapters: config.discovery.adapters,
    definers: config.discovery.definers,
    classes: config.discovery.classes,
    lists: config.discovery.lists,
    bodyKey: config.discovery.bodyKey,
    builders: [config.contract.builder, ...config.contract.allow.map((a) => a.callee)],
    allowed: config.contract.allow.map((a) => a.callee),
    producers: [config.contract.failure, config.contract.refusal],
  };
}

export class FactStore {
  private readonly cache = new Map<string, Entry>();
  private readonly existence = new Map<string, boolean>();
  /** Texts given for files no census has read yet: used when one does. */
  private readonly pending = new Map<string, string>();
  /** Bumped whenever any file's facts change: results computed from an older version are stale. */
  version = 0;
  /** How many times a file's facts were extracted (each parse costs; an editor's keystroke should cost one). */
  extractions = 0;
  /** The monitor's tsconfig.json path aliases (for module resolution), revalidated with the files. */
  readonly aliases = new TsconfigAliases(stampOf);

  constructor(readonly options: ExtractOptions) {}

  get(file: string): StoredFacts {
    let entry = this.cache.get(file);
    if (!entry) {
      const text = this.pending.get(file);
      if (text !== undefined) {
        this.pending.delete(file);
        entry = this.bufferEntry(file, text);
      } else {
        entry = this.load(file);
      }
      this.cache.set(file, entry);
    }
    return entry;
  }

  /** The text a file's facts were computed from (the BOM left out), when the store has read it. */
  textOf(file: string): string | undefined {
    return this.cache.get(file)?.text;
  }

  /**
   * Uses `text` for `file` instead of the disk's (an editor's unsaved buffer, or the text a linter was given).
   * Facts are recomputed only when the text differs from what they were computed from.
   */
  setText(file: string, given: string): void {
    const text = withoutBom(given);
    const entry = this.cache.get(file);
    if (entry && entry.text === text) return;
    if (!entry) {
      // Nothing computed so far read this file, so nothing computed so far is stale: keep the text for when it is read.
      this.pending.set(file, text);
      return;
    }
    this.cache.set(file, this.bufferEntry(file, text));
    this.existence.set(file, true);
    this.version++;
  }

  /** Drops every file (and tsconfig.json alias) whose disk copy changed since it was read; true when anything was dropped. */
  revalidate(): boolean {
    let changed = false;
    for (const [file, entry] of this.cache) {
      const then = "disk" in entry.source ? entry.source.disk : entry.source.diskThen;
      if (stampOf(file) !== then) {
        this.cache.delete(file);
        changed = true;
      }
    }
    // Files may have appeared or gone since module resolution asked: ask again (an editor's buffer answers for itself).
    for (const [file, known] of this.existence) {
      const entry = this.cache.get(file);
      if (entry && "buffer" in entry.source) continue;
      if ((stampOf(file) !== undefined) !== known) changed = true;
    }
    this.existence.clear();
    if (this.aliases.revalidate()) changed = true;
    if (changed) this.version++;
    return changed;
  }

  /** Whether a file exists and can be read (for module resolution). */
  exists(file: string): boolean {
    if (this.pending.has(file)) return true;
    const known = this.existence.get(file);
    if (known !== undefined) return known;
    const cached = this.cache.get(file);
    const exists = cached ? cached.facts !== undefined : stampOf(file) !== undefined;
    this.existence.set(file, exists);
    return exists;
  }

  private load(file: string): Entry {
    const stamp = stampOf(file);
    let text: string;
    try {
      // Only a regular file is read: opening a FIFO would wait for a writer that never comes.
      const kind = specialKind(file);
      if (kind !== undefined) return { file, text: undefined, source: { disk: stamp }, facts: undefined, readError: `it is ${kind}, not a file` };
      text = withoutBom(readFileSync(file, "utf8"));
    } catch (e) {
      return { file, text: undefined, source: { disk: stamp }, facts: undefined, readError: readErrorText(e) };
    }
    this.extractions++;
    return { file, text, source: { disk: stamp }, facts: extractFileFacts(file, text, this.options) };
  }

  private bufferEntry(file: string, text: string): Entry {
    this.extractions++;
    return { file, text, source: { buffer: true, diskThen: stampOf(file) }, facts: extractFileFacts(file, text, this.options) };
  }
}

/** A file's modification stamp (time and size), or undefined when it is not a readable file. */
export function stampOf(file: string): string | undefined {
  try {
    const st = statSync(file);
    return st.isFile() ? `${st.mtimeMs}:${st.size}` : undefined;
  } catch {
    return undefined;
  }
}

/** What a path is when it is neither a regular file nor a folder, in words; undefined otherwise (stat errors throw). */
function specialKind(file: string): string | undefined {
  const st = statSync(file);
  if (st.isFile() || st.isDirectory()) return undefined;
  if (st.isFIFO()) return "a named pipe";
  if (st.isSocket()) return "a socket";
  return "a device";
}

/**
 * The text as ESLint sees it: a leading byte order mark is not part of it (a BOM is not a column), so the CLI and
 * the linter compute the same facts, places and fixes for the same file.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Why a file cannot be read, in words rather than an error code. */
function readErrorText(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  switch (e.code) {
    case "ENOENT":
      return "no such file";
    case "EISDIR":
      return "it is a folder";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ELOOP":
      return "too many levels of symbolic links";
    case "ENOTDIR":
      return "a part of its path is a file, not a folder";
    case "EMFILE":
    case "ENFILE":
      return "too many open files";
    default:
      return e.code ?? String(error);
  }
}
