// A long-lived census for one config (an ESLint process, an editor): project facts computed once, recomputed only when
// a file they came from changes on disk or in an editor's buffer; a broken config is an outcome kept until it is fixed.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { loadConfig, CONFIG_FILE_NAME } from "./config/load.js";
import { GlobListingMemory, type GlobListings } from "./config/globListings.js";
import { ConfigError } from "./errors.js";
import type { ResolvedConfig } from "./config/types.js";
import type { CensusResult, Finding } from "./model.js";
import { extractingStore, runCensus } from "./project/census.js";
import { contentHash, defaultCacheLocation, extractionKey, FactCache } from "./project/factCache.js";
import { type FactStore, extractOptionsOf, stampOf, withoutBom } from "./project/factStore.js";
import { ResultMemo } from "./project/resultMemo.js";
import { slashRelative } from "./paths.js";

/** How often (ms) files other than the one being linted are checked for changes on disk, by default. */
const REVALIDATE_MS = 1000;

/** Extensions of files a linter lints: a finding anywhere else (the config, the roster) moves to the SKU's helpers module. */
const LINTABLE = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]);

interface SessionOptions {
  /** How often (ms) files other than the one being linted are checked for changes on disk; 0 checks on every call. */
  revalidateMs?: number;
  /** The fact cache: false for none, else at `location` (absolute; default: the CLI's default location). */
  cache?: false | { location?: string };
}

/** The config file that governs `file`: the nearest payload-census.config.json in its folder or above. */
export function findConfigFile(file: string): string | undefined {
  for (let dir = path.dirname(path.resolve(file)); ; ) {
    const candidate = path.join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Sessions by config file, each made on first use. */
class SessionRegistry {
  private readonly byConfigFile = new Map<string, CensusSession>();
  /** The config file governing each folder, looked up again once an answer is REVALIDATE_MS old (a config may appear). */
  private readonly configByFolderUntilStale = new Map<string, { configFile: string | undefined; at: number }>();

  /** findConfigFile, answered once per folder and revalidation period: every rule asks it for every linted file. */
  configFileFor(file: string): string | undefined {
    const folder = path.dirname(path.resolve(file));
    const now = Date.now();
    const known = this.configByFolderUntilStale.get(folder);
    if (known && now - known.at < REVALIDATE_MS) return known.configFile;
    const configFile = findConfigFile(file);
    this.configByFolderUntilStale.set(folder, { configFile, at: now });
    return configFile;
  }

  /** The session of a config file; `options` shape the session made on first use and must agree with it afterwards. */
  sessionFor(configFile: string, options: SessionOptions = {}): CensusSession {
    const key = path.resolve(configFile);
    let session = this.byConfigFile.get(key);
    if (!session) {
      session = new CensusSession(key, options);
      this.byConfigFile.set(key, session);
    } else if (options.revalidateMs !== undefined && options.revalidateMs !== session.revalidateMs) {
      throw new Error(`the session of ${key} revalidates every ${session.revalidateMs} ms, not ${options.revalidateMs}`);
    } else if (options.cache !== undefined && JSON.stringify(options.cache) !== JSON.stringify(session.cache)) {
      throw new Error(`the session of ${key} keeps its cache as ${JSON.stringify(session.cache)}, not ${JSON.stringify(options.cache)}`);
    }
    return session;
  }

  /** Forgets every session and every config file found. */
  clear(): void {
    this.byConfigFile.clear();
    this.configByFolderUntilStale.clear();
  }
}

/**
 * The process's one registry. It is process-wide on purpose: ESLint loads the plugin once per process and keeps
 * nothing for a rule between files, so this is where every file linted in the process (eslint_d, an editor's server)
 * finds the census of its config, computed once.
 */
const processSessions = new SessionRegistry();

/**
 * Forgets the process's sessions: the next file linted loads its config and reads its files again, as in a new process.
 * For a host that runs many independent lints in one process and wants none to see another's census (a test harness).
 */
export function forgetSessions(): void {
  processSessions.clear();
}

/** The config file that governs `file`, as the process's sessions last found it (see SessionRegistry.configFileFor). */
export function configFileFor(file: string): string | undefined {
  return processSessions.configFileFor(file);
}

/** The process-wide session of a config file (created on first use, with `options`). */
export function sessionFor(configFile: string, options?: SessionOptions): CensusSession {
  return processSessions.sessionFor(configFile, options);
}

/** What a linted file gets from the session: the findings homed in it, or the config error that stops the census. */
export type LintOutcome = { findings: Finding[]; configError?: undefined } | { configError: ConfigError; findings?: undefined };

/** The config as last loaded: resolved, with the facts read under it, or the error that loading it threw. */
/** `memos`: the linter's own remembered census, then the CLI's (whose findings are the same). */
type Loaded = { config: ResolvedConfig; store: FactStore; rosterStamp: string; memos: ResultMemo[]; error?: undefined } | { error: ConfigError };

export class CensusSession {
  private loaded: Loaded;
  private configStamp: string;
  /** The census of the store's current version, or the ConfigError it threw (a broken roster). */
  private result: CensusResult | ConfigError | undefined;
  private resultVersion = -1;
  private lastRevalidation = Date.now();
  private readonly byFile = new Map<string, Finding[]>();
  private censuses = 0;
  /**
   * Whether `result` is the census remembered in the cache (a CLI run or an earlier linter's), given while the disk
   * still holds what it was computed from and every text linted is the disk's; `memoryGone` once a text was not.
   */
  private fromMemory = false;
  private memoryGone = false;
  private remembered = 0;
  /** The memo `result` was recalled from, while `fromMemory`. */
  private recalledFrom: ResultMemo | undefined;

  readonly revalidateMs: number;
  readonly cache: false | { location?: string };
  /** The tool globs' walks, reused by each revalidation while the folders they read are unchanged. */
  private readonly listings = new GlobListingMemory();

  constructor(
    readonly configFile: string,
    options: SessionOptions = {},
  ) {
    this.revalidateMs = options.revalidateMs ?? REVALIDATE_MS;
    this.cache = options.cache ?? {};
    this.configStamp = stamp(configFile);
    this.loaded = load(configFile, this.cache, this.listings);
  }

  /**
   * The findings whose home is `file` (absolute), linting `text` as its content. Findings homed in files a linter
   * cannot lint (the config, the roster) are given to the helpers module of their SKU, at its first line. Throws the
   * ConfigError of a broken config or roster; `lint` returns it instead.
   */
  findingsFor(file: string, text?: string): Finding[] {
    const outcome = this.lint(file, text);
    if (outcome.configError) throw outcome.configError;
    return outcome.findings;
  }

  /**
   * As `findingsFor`, but a broken config or roster is an outcome, not an exception: a linter shows it on the file and
   * carries on, and the session loads the config again (at most once per `revalidateMs`) until it works.
   */
  lint(file: string, text?: string): LintOutcome {
    this.refresh();
    if (this.loaded.error) return { configError: this.loaded.error };
    const { config, store } = this.loaded;
    const abs = path.resolve(file);
    if (text !== undefined) {
      // An editor's unsaved buffer is not what the remembered census read: from here on, censuses of the texts given.
      if (this.fromMemory) this.checkAgainstMemory(abs, text);
      store.setText(abs, text);
    }
    const result = this.censusOrError();
    if (result instanceof ConfigError) return { configError: result };
    const rel = slashRelative(config.dir, abs);
    let mine = this.byFile.get(rel);
    if (!mine) {
      mine = result.report.findings.map((f) => this.home(config, f)).filter((f) => f.file === rel);
      this.byFile.set(rel, mine);
    }
    return { findings: mine };
  }

  /** What the session has done so far: how many censuses it ran, how many files it parsed, how often it used a remembered census. */
  stats(): { censuses: number; extractions: number; remembered: number } {
    return { censuses: this.censuses, extractions: this.loaded.error ? 0 : this.loaded.store.extractions, remembered: this.remembered };
  }

  /** The current census (recomputed only when a file's facts changed). Throws the ConfigError of a broken config or roster. */
  census(): CensusResult {
    const result = this.censusOrError();
    if (result instanceof ConfigError) throw result;
    return result;
  }

  private censusOrError(): CensusResult | ConfigError {
    if (this.loaded.error) return this.loaded.error;
    const { config, store } = this.loaded;
    if (this.result === undefined || (!this.fromMemory && this.resultVersion !== store.version)) {
      // Nothing read yet, and every text given so far is the disk's: the remembered census, if the disk still matches it.
      // Else, when the files changed since still give the facts it was computed from, that census with their new lines.
      const remembered =
        !this.memoryGone && store.untouched() && store.pendingAsOnDisk() ? (recallAny(this.loaded.memos) ?? recallUnchangedFacts(this.loaded.memos, store)) : undefined;
      if (remembered) {
        this.result = remembered.result;
        this.recalledFrom = remembered.memo;
        this.fromMemory = true;
        this.remembered++;
        this.byFile.clear();
        return remembered.result;
      }
      this.fromMemory = false;
      try {
        this.result = runCensus(config, { store, measureTokens: false });
      } catch (error) {
        // The roster is read by the census: a broken one is the user's to fix, kept until the roster changes.
        if (!(error instanceof ConfigError)) throw error;
        this.result = error;
      }
      this.censuses++;
      this.resultVersion = store.version;
      // For the next linter over the same tree (an `eslint .` after this one): skipped when a text was not the disk's.
      if (!(this.result instanceof ConfigError)) this.loaded.memos[0]?.remember(store, this.result);
      this.byFile.clear();
    }
    return this.result;
  }

  /**
   * Keeps answering from the remembered census only while a text given is what it read for that file (compared by
   * hash), or, for a file it did not read, the disk's text. A text the disk does not hold ends it for good; a text the
   * disk holds but the census did not read means the disk moved on: a census of it comes next.
   */
  private checkAgainstMemory(file: string, text: string): void {
    const content = this.recalledFrom?.contentOf(file);
    if (contentHash(withoutBom(text)) === content) return;
    const onDisk = sameAsDisk(file, text);
    if (content === undefined && onDisk) return;
    this.forgetMemory(!onDisk);
  }

  /** Stops answering from the remembered census (for good when `forever`: a text given differs from the disk's). */
  private forgetMemory(forever: boolean): void {
    this.fromMemory = false;
    this.recalledFrom = undefined;
    this.result = undefined;
    if (forever) this.memoryGone = true;
  }

  private home(config: ResolvedConfig, f: Finding): Finding {
    if (LINTABLE.has(path.extname(f.file))) return f;
    const sku = config.skus.find((s) => s.name === f.sku) ?? config.skus[0]!;
    const helpers = slashRelative(config.dir, sku.helpers);
    const moved: Finding = { ...f, file: helpers, line: 1, column: 1 };
    delete moved.endLine;
    delete moved.endColumn;
    return moved;
  }

  /**
   * Notices, at most once per `revalidateMs`, a changed config (reloaded, facts dropped) and files changed on disk. A
   * broken config is loaded again every time: it may be fixed by the config's edit as much as by a file that a glob
   * now matches.
   */
  private refresh(): void {
    const now = Date.now();
    if (now - this.lastRevalidation < this.revalidateMs) return;
    this.lastRevalidation = now;
    const configStamp = stamp(this.configFile);
    if (configStamp !== this.configStamp || this.loaded.error) {
      this.configStamp = configStamp;
      this.loaded = load(this.configFile, this.cache, this.listings);
      this.result = undefined;
      return;
    }
    // The tool globs may match new files (or none any more), and the roster may have been rewritten: both are read
    // again by a new census.
    const reloaded = load(this.configFile, this.cache, this.listings);
    if (reloaded.error) {
      this.loaded = reloaded;
      this.result = undefined;
      return;
    }
    const tools = (c: ResolvedConfig) => JSON.stringify(c.skus.map((s) => s.toolFiles));
    if (tools(reloaded.config) !== tools(this.loaded.config)) {
      this.loaded.config = reloaded.config;
      this.loaded.memos = reloaded.memos;
      this.result = undefined;
      this.fromMemory = false;
    }
    // The remembered census holds while the disk still gives every answer it was computed from.
    if (this.fromMemory && !this.recalledFrom?.recall()) this.forgetMemory(false);
    const rosterStamp = stamp(this.loaded.config.roster);
    if (this.loaded.store.revalidate() || rosterStamp !== this.loaded.rosterStamp) this.result = undefined;
    this.loaded.rosterStamp = rosterStamp;
  }
}

/** Loads the config and makes its fact store; a ConfigError is kept as the outcome, anything else is a bug and thrown. */
function load(configFile: string, cacheOption: false | { location?: string }, listings: GlobListings): Loaded {
  try {
    const config = loadConfig({ configFile, listings });
    // The CLI's content cache: an editor or `eslint .` after a payload-census run starts warm, and the reverse.
    const cache =
      cacheOption === false
        ? undefined
        : new FactCache({ dir: cacheOption.location ?? defaultCacheLocation(config.dir), root: config.dir, key: extractionKey(extractOptionsOf(config)) });
    cache?.markUsed();
    const memos = cache ? (["lint", "report"] as const).map((purpose) => new ResultMemo(cache.spec.dir, cache.spec.key, config, purpose)) : [];
    return { config, store: extractingStore(config, { cache }), rosterStamp: stamp(config.roster), memos };
  } catch (error) {
    if (error instanceof ConfigError) return { error };
    throw error;
  }
}

function recallAny(memos: readonly ResultMemo[]): { memo: ResultMemo; result: CensusResult } | undefined {
  for (const memo of memos) {
    const result = memo.recall();
    if (result) return { memo, result };
  }
  return undefined;
}

function recallUnchangedFacts(memos: readonly ResultMemo[], store: FactStore): { memo: ResultMemo; result: CensusResult } | undefined {
  for (const memo of memos) {
    const result = memo.recallUnchangedFacts(store);
    if (result) return { memo, result };
  }
  return undefined;
}

/** Whether `text` is what the disk holds for `file` (as the census reads it: without a byte order mark). */
function sameAsDisk(file: string, text: string): boolean {
  try {
    return withoutBom(readFileSync(file, "utf8")) === withoutBom(text);
  } catch {
    return false;
  }
}

/** A file's stamp, with "missing" for a file that is not there (a roster not written yet). */
function stamp(file: string): string {
  return stampOf(file) ?? "missing";
}
