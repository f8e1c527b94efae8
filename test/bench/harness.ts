// Runs the benchmark's child processes and measures them: wall time from the parent, peak RSS from /usr/bin/time (or
// from a node wrapper where it is missing); the census's flags in one place.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.join(here, "..", "..");
export const CENSUS_BIN = path.join(ROOT, "dist", "census", "bin.js");
const PARSE_ONLY = path.join(here, "parseOnly.mjs");
const MAXRSS = path.join(here, "maxrss.mjs");
const TIME = "/usr/bin/time";
const require = createRequire(import.meta.url);

/** How peak memory is measured on this machine, for the table's header. */
export const RSS_SOURCE = existsSync(TIME)
  ? "the child's own, from GNU time (%M)"
  : "the census child's own, process.resourceUsage().maxRSS under a wrapper (no /usr/bin/time here); not for ast-grep";

/** Runs of each measure; the median is kept (BENCH_RUNS overrides, e.g. 1 for a quick look at the table). */
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

/**
 * A case's time: once its runs have taken CASE_BUDGET_MS, or the whole bench BENCH_BUDGET_MS, each of its measures
 * stops at the runs it has (one at least), so the bench ends within 10 minutes on 2 cores however slow the census of
 * the day is. A run of tens of seconds is its own average over the machine's short disturbances; repeating it buys
 * less than repeating a short one.
 */
export const CASE_BUDGET_MS = 60_000;
export const BENCH_BUDGET_MS = 7 * 60_000;

/** The time of one bench run, from which each case takes its own. */
export class BenchBudget {
  readonly start = performance.now();

  forCase(): CaseBudget {
    return new CaseBudget(this);
  }
}

export class CaseBudget {
  private readonly start = performance.now();

  constructor(private readonly bench: BenchBudget) {}

  /** Whether a measure that has `done` runs should run again. */
  more(done: number): boolean {
    const now = performance.now();
    return done < RUNS && (done === 0 || (now - this.start < CASE_BUDGET_MS && now - this.bench.start < BENCH_BUDGET_MS));
  }
}

export interface Run {
  ms: number;
  /** Peak resident set of the child, in MB; undefined when it could not be measured. */
  rssMB: number | undefined;
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `command args` to its end. Peak RSS comes from GNU time's %M (the child's own rusage, so the parent's memory
 * never counts); without it, node children run under a wrapper that reports their maxRSS, and other children go
 * unmeasured.
 */
export function measure(command: string, args: readonly string[], options: { cwd?: string } = {}): Run {
  const rssDir = mkdtempSync(path.join(tmpdir(), "payload-census-bench-rss-"));
  const rssFile = path.join(rssDir, "rss");
  let argv: string[];
  if (existsSync(TIME)) argv = [TIME, "-f", "%M", "-o", rssFile, command, ...args];
  else if (command === process.execPath) argv = [command, MAXRSS, rssFile, ...args];
  else argv = [command, ...args];
  const start = performance.now();
  const child = spawnSync(argv[0]!, argv.slice(1), {
    cwd: options.cwd ?? ROOT,
    encoding: "utf8",
    maxBuffer: 1 << 30,
    env: { ...process.env, NO_COLOR: "1" },
  });
  const ms = performance.now() - start;
  if (child.error) throw child.error;
  let rssMB: number | undefined;
  if (existsSync(rssFile)) {
    // GNU time writes "Command exited with non-zero status N" before the format's line when the child fails.
    const kb = Number(readFileSync(rssFile, "utf8").trim().split("\n").at(-1));
    if (Number.isFinite(kb) && kb > 0) rssMB = kb / 1024;
  }
  rmSync(rssDir, { recursive: true, force: true });
  return { ms, rssMB, status: child.status, stdout: child.stdout, stderr: child.stderr };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `node -e 0`: what starting node costs, the floor under every node child here. */
export function nodeStart(): Run {
  return measure(process.execPath, ["-e", "0"]);
}

/** TypeScript's parser alone, single-threaded, over `files`: read each and createSourceFile with default options. */
export function parseOnly(files: readonly string[], listFile: string): Run {
  const run = measure(process.execPath, [PARSE_ONLY, listFile]);
  if (run.status !== 0) throw new Error(`parse-only failed: ${run.stderr}`);
  const parsed = Number(run.stdout.trim());
  if (parsed !== files.length) throw new Error(`parse-only parsed ${parsed} files of ${files.length}`);
  return run;
}

/** The flags of SPEC §7, here only: how a census run is set up. */
export const FLAGS = {
  oneJob: ["--jobs", "1"],
  noCache: ["--no-cache"],
  cache: (dir: string) => ["--cache", "--cache-location", dir],
} as const;

/**
 * "cold, 1 job": one thread, no cache. "cold": every core, the cache emptied first and filled by the run (what a
 * user's first `check` does). "cached": every core and the cache as the last run left it (warm, or one file changed).
 */
export type CensusMode = "cold, 1 job" | "cold" | "cached";

/**
 * The census cache of a bench tree, named to the CLI (--cache-location) and to the plugin (settings) alike: the
 * default follows the nearest package.json, which would be wherever the temp folder happens to sit.
 */
export function cacheDirOf(monitorDir: string): string {
  return path.join(monitorDir, "node_modules", ".cache", "payload-census");
}

export function emptyCache(monitorDir: string): void {
  rmSync(cacheDirOf(monitorDir), { recursive: true, force: true });
}

/** Entries in a tree's cache: none after a run that should have filled it means a warm run would measure nothing. */
export function cacheEntries(monitorDir: string): number {
  const dir = cacheDirOf(monitorDir);
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
}

/** One census run; exit 0 (clean) and 1 (findings) are both a census that ran, anything else fails the bench. */
export function census(monitorDir: string, mode: CensusMode): Run {
  const args = [CENSUS_BIN, "check", monitorDir, "--format", "json"];
  if (mode === "cold, 1 job") args.push(...FLAGS.oneJob, ...FLAGS.noCache);
  else args.push(...FLAGS.cache(cacheDirOf(monitorDir)));
  if (mode === "cold") emptyCache(monitorDir);
  const run = measure(process.execPath, args);
  if (run.status !== 0 && run.status !== 1) throw new Error(`census exited ${run.status}: ${run.stderr}`);
  return run;
}

/** ast-grep's native binary, not the package's node shim (which would add a node start to every ast-grep run). */
export function astGrepBinary(): string {
  const { resolveBinaryPath } = require("@ast-grep/cli/postinstall.js") as { resolveBinaryPath(): string | null };
  const binary = resolveBinaryPath();
  if (!binary) throw new Error("@ast-grep/cli installed no native binary for this platform (its optionalDependencies)");
  return binary;
}

/** ast-grep scanning `dir` for the pass-through idiom, on all cores (its default); returns the run and its matches. */
export function astGrep(dir: string): { run: Run; matches: number } {
  const run = measure(astGrepBinary(), ["run", "--pattern", "if ($ERR != null) return $ERR", "--lang", "ts", "--json=compact", dir]);
  // Exit 1 is ast-grep's "no match"; the JSON is the answer either way.
  if (run.status !== 0 && run.status !== 1) throw new Error(`ast-grep exited ${run.status}: ${run.stderr}`);
  return { run, matches: (JSON.parse(run.stdout) as unknown[]).length };
}

export const ESLINT_BIN = path.join(path.dirname(require.resolve("eslint/package.json")), "bin", "eslint.js");
export const TS_ESLINT_PARSER = require.resolve("@typescript-eslint/parser");
