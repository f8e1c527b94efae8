// Per-file facts on demand, computed once per file text: the store both front ends share, aware of edits on disk and in
// editors, in front of the content cache on disk. It never loads the parser itself: whoever makes it hands it the
// extractor, or hands it one later (a warm run whose facts all come from the cache never needs one).
import { readFileSync, statSync } from "node:fs";
import type { ExtractOptions } from "../facts/fileIndex.js";
import type { FileFacts } from "../facts/types.js";
import type { ResolvedConfig } from "../config/types.js";
import { readFailure } from "../fsErrors.js";
import { contentHash, type FactCache } from "./factCache.js";
import { TsconfigAliases } from "./tsconfigPaths.js";

/** extractFileFacts, as the store calls it. */
export type Extract = (fileName: string, text: string, options: ExtractOptions) => FileFacts;

/**
 * Thrown when the store must extract a file's facts and was given no extractor: the caller loads the parser (an
 * asynchronous import), hands it over with `useExtractor` and runs again; everything read so far stays in the store.
 */
export class ParserNeeded extends Error {
  constructor(readonly file: string) {
    super(`the facts of ${file} must be extracted and no extractor was loaded`);
  }
}

/** A file's text read for the store, whose facts are neither in memory nor in the cache: work for an extractor. */
export interface PendingFile {
  file: string;
  text: string;
  /** contentHash(text) when the store has a cache or seeds; "" otherwise. */
  content: string;
  /** The file's stamp when it was read. */
  stamp: string | undefined;
}

export interface FactStoreDeps {
  extract?: Extract;
  cache?: FactCache;
  /** Facts computed elsewhere (the partial reports of `check --shard`), by absolute path: used when the text matches. */
  seeds?: ReadonlyMap<string, { content: string; facts: FileFacts }>;
}

interface StoredFacts {
  /** Absolute path. */
  file: string;
  /** undefined when the file could not be read. */
  facts: FileFacts | undefined;
  readError?: string;
}

interface Entry extends StoredFacts {
  text: string | undefined;
  /** contentHash(text), once something computed it (the cache lookup, or `inputs`): a text is hashed once. */
  content?: string;
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
  private readonly entries = new Map<string, Entry>();
  private readonly existence = new Map<string, boolean>();
  /** Texts given for files no census has read yet: used when one does. */
  private readonly pending = new Map<string, string>();
  /** Bumped whenever any file's facts change: results computed from an older version are stale. */
  version = 0;
  /** How many times a file's facts were extracted (each parse costs; an editor's keystroke should cost one). */
  extractions = 0;
  /** The monitor's tsconfig.json path aliases (for module resolution), revalidated with the files. */
  readonly aliases = new TsconfigAliases(stampOf);

  /** Every answer `exists` gave, for `inputs`. */
  private readonly probed = new Map<string, boolean>();
  /** How many facts came from the disk cache or the seeds instead of being extracted. */
  reused = 0;
  private extract: Extract | undefined;
  private readonly diskCache: FactCache | undefined;
  private readonly seeds: ReadonlyMap<string, { content: string; facts: FileFacts }> | undefined;

  constructor(
    readonly options: ExtractOptions,
    deps: FactStoreDeps = {},
  ) {
    this.extract = deps.extract;
    this.diskCache = deps.cache;
    this.seeds = deps.seeds;
  }

  /** Hands the store the extractor it asked for (see ParserNeeded). */
  useExtractor(extract: Extract): void {
    this.extract = extract;
  }

  get hasExtractor(): boolean {
    return this.extract !== undefined;
  }

  /** The disk cache behind the store, if any. */
  get cache(): FactCache | undefined {
    return this.diskCache;
  }

  /**
   * Reads each of `files` not yet in the store; facts the cache or the seeds hold for their text are taken, and the
   * rest come back as work for an extractor (in a worker pool, say), to be handed back with `fill`.
   */
  prepare(files: readonly string[]): PendingFile[] {
    const pending: PendingFile[] = [];
    for (const file of files) {
      if (this.entries.has(file) || this.pending.has(file)) continue;
      const read = this.read(file);
      if ("readError" in read) {
        this.entries.set(file, read.readError);
        continue;
      }
      const content = this.keyed ? contentHash(read.text) : "";
      const known = this.known(file, content);
      if (known) this.entries.set(file, { file, text: read.text, content, source: { disk: read.stamp }, facts: known });
      else pending.push({ file, text: read.text, content, stamp: read.stamp });
    }
    return pending;
  }

  /** Extracts, in this thread, the facts of a file `prepare` handed out (the store must have an extractor). */
  extractPending(work: PendingFile): void {
    const facts = this.extracted(work.file, work.text, work.content);
    this.entries.set(work.file, { file: work.file, text: work.text, ...hashed(work.content), source: { disk: work.stamp }, facts });
  }

  /** The facts an extractor computed for a file `prepare` handed out (and the extractor already cached). */
  fill(work: PendingFile, facts: FileFacts): void {
    this.extractions++;
    this.entries.set(work.file, { file: work.file, text: work.text, ...hashed(work.content), source: { disk: work.stamp }, facts });
  }

  get(file: string): StoredFacts {
    let entry = this.entries.get(file);
    if (!entry) {
      const text = this.pending.get(file);
      if (text !== undefined) {
        entry = this.bufferEntry(file, text);
        this.pending.delete(file);
      } else {
        entry = this.load(file);
      }
      this.entries.set(file, entry);
    }
    return entry;
  }

  /** Whether nothing has been read yet (texts given for later are not reads). */
  untouched(): boolean {
    return this.entries.size === 0;
  }

  /** Whether every text given for later (`setText` before any read) is the disk's text of its file. */
  pendingAsOnDisk(): boolean {
    for (const [file, text] of this.pending) {
      const read = readSource(file);
      if ("why" in read || read.text !== text) return false;
    }
    return true;
  }

  /** Every file read so far that has facts, with the text they were computed from. */
  withFacts(): { file: string; text: string; facts: FileFacts }[] {
    const out: { file: string; text: string; facts: FileFacts }[] = [];
    // An entry has facts exactly when its text was read.
    for (const e of this.entries.values()) if (e.facts) out.push({ file: e.file, text: e.text!, facts: e.facts });
    return out;
  }

  /** The text a file's facts were computed from (the BOM left out), when the store has read it. */
  textOf(file: string): string | undefined {
    return this.entries.get(file)?.text;
  }

  /**
   * Uses `text` for `file` instead of the disk's (an editor's unsaved buffer, or the text a linter was given).
   * Facts are recomputed only when the text differs from what they were computed from.
   */
  setText(file: string, given: string): void {
    const text = withoutBom(given);
    const entry = this.entries.get(file);
    if (entry && entry.text === text) return;
    if (!entry) {
      // Nothing computed so far read this file, so nothing computed so far is stale: keep the text for when it is read.
      this.pending.set(file, text);
      return;
    }
    this.entries.set(file, this.bufferEntry(file, text));
    this.existence.set(file, true);
    this.version++;
  }

  /** Drops every file (and tsconfig.json alias) whose disk copy changed since it was read; true when anything was dropped. */
  revalidate(): boolean {
    let changed = false;
    for (const [file, entry] of this.entries) {
      const then = "disk" in entry.source ? entry.source.disk : entry.source.diskThen;
      if (stampOf(file) !== then) {
        this.entries.delete(file);
        changed = true;
      }
    }
    // Files may have appeared or gone since module resolution asked: ask again (an editor's buffer answers for itself).
    for (const [file, known] of this.existence) {
      const entry = this.entries.get(file);
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
    const exists = this.answerExists(file);
    this.probed.set(file, exists);
    return exists;
  }

  private answerExists(file: string): boolean {
    if (this.pending.has(file)) return true;
    const known = this.existence.get(file);
    if (known !== undefined) return known;
    const cached = this.entries.get(file);
    const exists = cached ? cached.facts !== undefined : stampOf(file) !== undefined;
    this.existence.set(file, exists);
    return exists;
  }

  /**
   * Everything read from the disk so far: each file's text (as its hash) or why it could not be read, each question
   * whether a file exists and its answer, each tsconfig.json consulted. The same answers now mean the same census.
   * Undefined when a text given (an editor's buffer) is not the disk's.
   */
  inputs(): StoreInputs | undefined {
    const files: StoreInputs["files"] = [];
    for (const e of this.entries.values()) {
      // A text given by a linter counts only when it is the disk's: a census of an unsaved buffer is not the disk's census.
      if ("buffer" in e.source) {
        const read = readSource(e.file);
        if ("why" in read || read.text !== e.text) return undefined;
      }
      if (e.text === undefined) {
        files.push({ file: e.file, unreadable: e.readError ?? "" });
        continue;
      }
      e.content ??= contentHash(e.text);
      const stamp = "disk" in e.source ? e.source.disk : e.source.diskThen;
      files.push(stamp === undefined ? { file: e.file, content: e.content } : { file: e.file, content: e.content, stamp });
    }
    const probes = [...this.probed].map(([file, exists]) => ({ file, exists }));
    return { files, probes, tsconfigs: this.aliases.consulted().map((file) => ({ file, content: readContent(file) })) };
  }

  private load(file: string): Entry {
    const read = this.read(file);
    if ("readError" in read) return read.readError;
    const { facts, content } = this.factsOf(file, read.text);
    return { file, text: read.text, ...hashed(content), source: { disk: read.stamp }, facts };
  }

  private read(file: string): { text: string; stamp: string | undefined } | { readError: Entry } {
    const stamp = stampOf(file);
    const read = readSource(file);
    if ("why" in read) return { readError: { file, text: undefined, source: { disk: stamp }, facts: undefined, readError: read.why } };
    return { text: read.text, stamp };
  }

  private bufferEntry(file: string, text: string): Entry {
    const { facts, content } = this.factsOf(file, text);
    return { file, text, ...hashed(content), source: { buffer: true, diskThen: stampOf(file) }, facts };
  }

  /** Whether facts are looked up by the text's hash (only a cache or seeds need it: hashing is not free). */
  private get keyed(): boolean {
    return this.diskCache !== undefined || this.seeds !== undefined;
  }

  private known(file: string, content: string): FileFacts | undefined {
    const seed = this.seeds?.get(file);
    const facts = seed && seed.content === content ? seed.facts : this.diskCache?.read(file, content);
    if (facts) this.reused++;
    return facts;
  }

  private factsOf(file: string, text: string): { facts: FileFacts; content: string } {
    const content = this.keyed ? contentHash(text) : "";
    return { facts: this.known(file, content) ?? this.extracted(file, text, content), content };
  }

  private extracted(file: string, text: string, content: string): FileFacts {
    if (!this.extract) throw new ParserNeeded(file);
    this.extractions++;
    const facts = this.extract(file, text, this.options);
    if (!this.diskCache) return facts;
    // The facts kept are the ones a later run reads back from the entry: a cold run and a warm one see the same values.
    const json = JSON.stringify(facts);
    this.diskCache.write(file, content, json);
    return JSON.parse(json) as FileFacts;
  }
}

/** The hash as an entry keeps it: "" (a store that does not hash) is no hash. */
function hashed(content: string): { content?: string } {
  return content === "" ? {} : { content };
}

/** What `FactStore.inputs` found: the disk as the census saw it. */
export interface StoreInputs {
  /** `stamp`: the file's stamp when its text was read, so that a file changed since is looked at first. */
  files: ({ file: string; content: string; stamp?: string } | { file: string; unreadable: string })[];
  probes: { file: string; exists: boolean }[];
  tsconfigs: { file: string; content: string | null }[];
}

/** Whether the disk still gives every answer of `inputs`: each file the same text (or the same reason it cannot be read), each probe the same answer. */
export function sameInputs(inputs: StoreInputs, hashes: DiskHashes = new DiskHashes()): boolean {
  return changedTexts(inputs, hashes, 0)?.length === 0;
}

/**
 * The files whose stamp moved since `inputs` were taken and whose texts changed (each with its content hash then): the
 * likely changes (an edit, a checkout), found without reading any other file. Undefined when one of them can no longer
 * be read, or more than `limit` texts changed.
 */
export function movedTexts(inputs: StoreInputs, hashes: DiskHashes, limit: number): { file: string; content: string }[] | undefined {
  const changed: { file: string; content: string }[] = [];
  for (const input of inputs.files) {
    if (!("stamp" in input) || stampOf(input.file) === input.stamp) continue;
    const read = hashes.read(input.file);
    if ("why" in read) return undefined;
    if (read.content === input.content) continue;
    if (changed.length === limit) return undefined;
    changed.push({ file: input.file, content: input.content });
  }
  return changed;
}

/**
 * The files whose texts changed since `inputs` were taken (each with its content hash then), when nothing else did:
 * every other file reads the same, each unreadable one fails the same way, every existence probe and tsconfig.json
 * answers the same. Undefined when anything else changed, or more than `limit` texts did.
 */
export function changedTexts(
  inputs: StoreInputs,
  hashes: DiskHashes,
  limit: number,
  // The files whose stamp moved first, before every other is read: an edit ends the check at once.
  moved: { file: string; content: string }[] | undefined = movedTexts(inputs, hashes, limit),
): { file: string; content: string }[] | undefined {
  if (!moved) return undefined;
  const changed = new Map(moved.map((m) => [m.file, m.content]));
  const differs = (input: { file: string; content: string }, content: string): boolean => {
    if (content === input.content || changed.has(input.file)) return false;
    if (changed.size === limit) return true;
    changed.set(input.file, input.content);
    return false;
  };
  const readable = new Map<string, boolean>();
  for (const input of inputs.files) {
    const read = hashes.read(input.file);
    if ("content" in input ? "why" in read || differs(input, read.content) : !("why" in read) || read.why !== input.unreadable) return undefined;
    readable.set(input.file, !("why" in read));
  }
  for (const probe of inputs.probes) if ((readable.get(probe.file) ?? stampOf(probe.file) !== undefined) !== probe.exists) return undefined;
  if (!inputs.tsconfigs.every((t) => readContent(t.file) === t.content)) return undefined;
  return [...changed].map(([file, content]) => ({ file, content }));
}

/**
 * The hashes of files' texts as the census reads them, each remembered with the file's stamp when it was read: asked
 * again while the stamp has not moved, the file is not read again. For one process's repeated questions (a linter
 * revalidating every second); a new process reads every text once.
 */
export class DiskHashes {
  private readonly byFile = new Map<string, { stamp: string; content: string }>();

  read(file: string): { content: string } | { why: string } {
    // The stamp before the text: a write in between leaves a stamp that no longer matches, and the file is read again.
    const stamp = stampOf(file);
    const known = this.byFile.get(file);
    if (stamp !== undefined && known?.stamp === stamp) return { content: known.content };
    const read = readSource(file);
    if ("why" in read) {
      this.byFile.delete(file);
      return read;
    }
    const content = contentHash(read.text);
    if (stamp !== undefined) this.byFile.set(file, { stamp, content });
    else this.byFile.delete(file);
    return { content };
  }
}

/** A source file's text as the census reads it (regular files only, BOM dropped), or why it cannot be read. */
function readSource(file: string): { text: string } | { why: string } {
  try {
    // Only a regular file is read: opening a FIFO would wait for a writer that never comes.
    const kind = specialKind(file);
    if (kind !== undefined) return { why: `it is ${kind}, not a file` };
    return { text: withoutBom(readFileSync(file, "utf8")) };
  } catch (e) {
    return { why: readFailure(e) };
  }
}

/** The hash of a file's bytes as text, or null when there is no such readable file. */
function readContent(file: string): string | null {
  try {
    return contentHash(readFileSync(file, "utf8"));
  } catch {
    return null;
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

