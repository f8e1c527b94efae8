// A long-lived census for one config (an ESLint process, an editor): project facts computed once, recomputed only when
// a file they came from changes on disk or in an editor's buffer.
import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig, CONFIG_FILE_NAME } from "./config/load.js";
import type { ResolvedConfig } from "./config/types.js";
import type { CensusResult, Finding } from "./model.js";
import { runCensus } from "./project/census.js";
import { FactStore, extractOptionsOf, stampOf } from "./project/factStore.js";
import { slashRelative } from "./paths.js";

/** How often (ms) files other than the one being linted are checked for changes on disk, by default. */
const REVALIDATE_MS = 1000;

/** Extensions of files a linter lints: a finding anywhere else (the config, the roster) moves to the SKU's helpers module. */
const LINTABLE = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]);

interface SessionOptions {
  /** How often (ms) files other than the one being linted are checked for changes on disk; 0 checks on every call. */
  revalidateMs?: number;
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

  /** The session of a config file; `options` shape the session made on first use and must agree with it afterwards. */
  sessionFor(configFile: string, options: SessionOptions = {}): CensusSession {
    const key = path.resolve(configFile);
    let session = this.byConfigFile.get(key);
    if (!session) {
      session = new CensusSession(key, options);
      this.byConfigFile.set(key, session);
    } else if (options.revalidateMs !== undefined && options.revalidateMs !== session.revalidateMs) {
      throw new Error(`the session of ${key} revalidates every ${session.revalidateMs} ms, not ${options.revalidateMs}`);
    }
    return session;
  }
}

/**
 * The process's one registry. It is process-wide on purpose: ESLint loads the plugin once per process and keeps
 * nothing for a rule between files, so this is where every file linted in the process (eslint_d, an editor's server)
 * finds the census of its config, computed once.
 */
const processSessions = new SessionRegistry();

/** The process-wide session of a config file (created on first use, with `options`). */
export function sessionFor(configFile: string, options?: SessionOptions): CensusSession {
  return processSessions.sessionFor(configFile, options);
}

export class CensusSession {
  private config: ResolvedConfig;
  private configStamp: string;
  private store: FactStore;
  private result: CensusResult | undefined;
  private resultVersion = -1;
  private lastRevalidation = Date.now();
  private readonly byFile = new Map<string, Finding[]>();
  private rosterStamp: string;
  private censuses = 0;

  readonly revalidateMs: number;

  constructor(
    readonly configFile: string,
    options: SessionOptions = {},
  ) {
    this.revalidateMs = options.revalidateMs ?? REVALIDATE_MS;
    this.config = loadConfig({ configFile });
    this.configStamp = stamp(configFile);
    this.store = new FactStore(extractOptionsOf(this.config));
    this.rosterStamp = stamp(this.config.roster);
  }

  /**
   * The findings whose home is `file` (absolute), linting `text` as its content. Findings homed in files a linter
   * cannot lint (the config, the roster) are given to the helpers module of their SKU, at its first line.
   */
  findingsFor(file: string, text?: string): Finding[] {
    this.refresh();
    const abs = path.resolve(file);
    if (text !== undefined) this.store.setText(abs, text);
    const result = this.census();
    const rel = slashRelative(this.config.dir, abs);
    let mine = this.byFile.get(rel);
    if (!mine) {
      mine = result.report.findings.map((f) => this.home(f)).filter((f) => f.file === rel);
      this.byFile.set(rel, mine);
    }
    return mine;
  }

  /** What the session has done so far: how many censuses it ran and how many files it parsed. */
  stats(): { censuses: number; extractions: number } {
    return { censuses: this.censuses, extractions: this.store.extractions };
  }

  /** The current census (recomputed only when a file's facts changed). */
  census(): CensusResult {
    if (!this.result || this.resultVersion !== this.store.version) {
      this.result = runCensus(this.config, { store: this.store });
      this.censuses++;
      this.resultVersion = this.store.version;
      this.byFile.clear();
    }
    return this.result;
  }

  private home(f: Finding): Finding {
    if (LINTABLE.has(path.extname(f.file))) return f;
    const sku = this.config.skus.find((s) => s.name === f.sku) ?? this.config.skus[0]!;
    const helpers = slashRelative(this.config.dir, sku.helpers);
    const moved: Finding = { ...f, file: helpers, line: 1, column: 1 };
    delete moved.endLine;
    delete moved.endColumn;
    return moved;
  }

  /** Notices, at most once per `revalidateMs`, a changed config (reloaded, facts dropped) and files changed on disk. */
  private refresh(): void {
    const now = Date.now();
    if (now - this.lastRevalidation < this.revalidateMs) return;
    this.lastRevalidation = now;
    const configStamp = stamp(this.configFile);
    if (configStamp !== this.configStamp) {
      this.config = loadConfig({ configFile: this.configFile });
      this.configStamp = configStamp;
      this.store = new FactStore(extractOptionsOf(this.config));
      this.result = undefined;
      return;
    }
    // The tool globs may match new files, and the roster may have been rewritten: both are read again by a new census.
    const reloaded = loadConfig({ configFile: this.configFile });
    const tools = (c: ResolvedConfig) => c.skus.map((s) => s.toolFiles.join("\n")).join("\n\n");
    if (tools(reloaded) !== tools(this.config)) {
      this.config = reloaded;
      this.result = undefined;
    }
    if (this.store.revalidate() || stamp(this.config.roster) !== this.rosterStamp) this.result = undefined;
    this.rosterStamp = stamp(this.config.roster);
  }
}

/** A file's stamp, with "missing" for a file that is not there (a roster not written yet). */
function stamp(file: string): string {
  return stampOf(file) ?? "missing";
}
