// The CLI's one entry point, separate from bin.ts: argv and an injectable Io in, an exit code out; never process.exit.
import { existsSync } from "node:fs";
import { dirname, extname, isAbsolute, join, resolve } from "node:path";
import { readFileSync } from "node:fs";
import { loadConfigCached } from "../src/config/cachedLoad.js";
import type { ResolvedConfig } from "../src/config/types.js";
import { UsageError, UserError } from "../src/errors.js";
import type { CensusResult } from "../src/model.js";
import { defaultCacheLocation, extractionKey, FactCache } from "../src/project/factCache.js";
import { extractOptionsOf, FactStore, type FactStoreDeps } from "../src/project/factStore.js";
import { ResultMemo } from "../src/project/resultMemo.js";
import { parseCommandLine, suggestCommand, suggestName, type Command } from "./args.js";
import { colorEnabled } from "./color.js";
import { loadReporter } from "./reporters/index.js";
import type { ServeResult } from "./serve/compare.js";
import type { ListedTool } from "./serve/listTools.js";
import { readVersion } from "../src/version.js";
import { slashRelative } from "../src/paths.js";
import { isDirectory, isFile } from "./fileKinds.js";

/** Everything the CLI touches outside itself, so that tests run it in-process with their own streams and folders. */
export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal (colour is for people at one). */
  isTTY: boolean;
  /** Whether stderr is a terminal (progress is shown on one, on long runs only). */
  stderrIsTTY?: boolean;
  /** The working folder DIR, FILE and --config/--output are relative to. */
  cwd: string;
  /** The clock progress is timed by (ms); Date.now unless given. */
  now?: () => number;
}

export const EXIT_CLEAN = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_ERROR = 2;

export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    return await run(parseCommandLine(argv), io);
  } catch (error) {
    if (error instanceof UserError) {
      io.stderr(`payload-census: ${error.message}\n`);
      return EXIT_ERROR;
    }
    // Not something the user can fix: show where it broke, so that the report of the bug can say.
    io.stderr(`payload-census: internal error (a bug in payload-census, please report it):\n${stackOf(error)}\n`);
    return EXIT_ERROR;
  }
}

async function run(command: Command, io: Io): Promise<number> {
  switch (command.kind) {
    case "help":
      io.stdout((await import("./usage.js")).USAGE);
      return EXIT_CLEAN;
    case "version":
      io.stdout(`${readVersion()}\n`);
      return EXIT_CLEAN;
    case "check": {
      const config = await load(command, io);
      if (command.shard) {
        // A shard reads its slice of the files (and what they import) and hands the facts on: merge makes the report.
        const store = storeFor(config, command, io);
        const { configuredFiles, defaultJobs, prefetch } = await import("../src/project/prefetch.js");
        const { partialReport, sliceOf } = await import("../src/project/partial.js");
        await prefetch(config, store, { jobs: command.jobs ?? defaultJobs(), files: sliceOf(configuredFiles(config), command.shard), progress: await progressFor(command, io) });
        const partial = partialReport(config, store, command.shard, readVersion(), extractionKey(store.options), io.cwd);
        await emit(`${JSON.stringify(partial)}\n`, command.output, io);
        return EXIT_CLEAN;
      }
      return report(command, await census(config, storeFor(config, command, io), command, io), io);
    }
    case "merge": {
      const { readPartials, seedsOf } = await import("../src/project/partial.js");
      const partials = readPartials(
        command.partials.map((name) => ({ name, text: readPartialFile(name, io) })),
        readVersion(),
      );
      const config =
        command.configFile !== undefined
          ? await load(command, io)
          : (await import("../src/config/load.js")).loadConfig({ configFile: resolve(io.cwd, partials[0]!.config) });
      if (extractionKey(extractOptionsOf(config)) !== partials[0]!.key) {
        throw new UsageError(
          `the config's discovery or contract settings (or payload-census itself) changed since the shards ran: run check --shard again for every shard`,
        );
      }
      const store = new FactStore(extractOptionsOf(config), { seeds: seedsOf(partials, config) });
      return report({ ...command, allDescriptions: false }, await census(config, store, { ...command, jobs: 1 }, io), io);
    }
    case "roster": {
      const { writeRoster } = await import("./writers/roster.js");
      const summary = await writeRoster(await census(await load(command, io), undefined, command, io));
      if (!command.quiet) io.stdout(summary);
      return EXIT_CLEAN;
    }
    case "floors": {
      const { raiseFloors } = await import("./writers/floors.js");
      const summary = await raiseFloors(await census(await load(command, io), undefined, command, io));
      if (!command.quiet) io.stdout(summary);
      return EXIT_CLEAN;
    }
    case "trace": {
      const config = await load(command, io);
      // A finding's path is relative to the config's folder; a path typed by hand is relative to the shell's.
      const candidates = [resolve(io.cwd, command.file), resolve(config.dir, command.file)];
      const file = candidates.find(isFile);
      if (!file) {
        throw new UsageError(`no such file: ${command.file} (FILE is relative to the current folder or to the config's folder)`);
      }
      const store = storeFor(config, command, io);
      const { withParserOnDemand } = await import("../src/project/parser.js");
      const { traceOf } = await import("../src/project/pipeline.js");
      const trace = await withParserOnDemand(store, () => traceOf(config, file, command.line, store));
      if (trace === undefined) {
        throw new UsageError(
          `no guarded pass-through starts on ${command.file}:${command.line}; point at the line of the \`if\``,
        );
      }
      const color = command.output === undefined && colorEnabled(io.env, io.isTTY);
      const { formatTrace, traceJson } = await import("./trace.js");
      await emit(command.format === "json" ? traceJson(trace) : formatTrace(trace, { color }), command.output, io);
      return trace.ok ? EXIT_CLEAN : EXIT_FINDINGS;
    }
    case "routes": {
      const { traceRoutes } = await import("../src/project/traceRoutes.js");
      const { formatRoutes, routesJson } = await import("./routes.js");
      const trace = traceRoutes(await load(command, io), command.tool);
      if (trace.definitions.length === 0) {
        const near = suggestName(command.tool, trace.tools);
        throw new UsageError(`no tool named "${command.tool}" in the census${near ? `: did you mean ${near}?` : ""}`);
      }
      const color = command.output === undefined && colorEnabled(io.env, io.isTTY);
      await emit(command.format === "json" ? routesJson(trace) : formatRoutes(trace, { color }), command.output, io);
      return trace.definitions.some((d) => d.unreturned.length > 0) ? EXIT_FINDINGS : EXIT_CLEAN;
    }
    case "witness": {
      const config = await load(command, io);
      // Loaded here, not above: the witness parses mutated text, and the parser is not loaded for commands that do not.
      const { formatWitness, runWitness } = await import("./witness/run.js");
      const report = runWitness(config);
      const shown = slashRelative(io.cwd, config.configFile) || config.configFile;
      if (!command.quiet || !report.ok) await emit(command.format === "json" ? `${JSON.stringify(report, null, 2)}\n` : formatWitness(report, shown), command.output, io);
      return report.ok ? EXIT_CLEAN : EXIT_FINDINGS;
    }
    case "dropcheck": {
      const { runDropcheck } = await import("./dropcheck/run.js");
      const { dropcheckJson, formatDropcheck } = await import("./dropcheck/format.js");
      const result = await runDropcheck(command, io.cwd);
      const color = command.output === undefined && colorEnabled(io.env, io.isTTY);
      const out = command.format === "json" ? dropcheckJson(result) : formatDropcheck(result, { color, quiet: command.quiet });
      await emit(out, command.output, io);
      return result.ok ? EXIT_CLEAN : EXIT_FINDINGS;
    }
    case "descriptionsDelta": {
      const { deltaJson, deltaMarkdown, formatDelta, runDescriptionsDelta } = await import("./descriptions/delta.js");
      const result = await runDescriptionsDelta(command, io.cwd);
      const color = command.output === undefined && colorEnabled(io.env, io.isTTY);
      const out = command.format === "json" ? deltaJson(result) : command.format === "markdown" ? deltaMarkdown(result) : formatDelta(result, { color, quiet: command.quiet });
      await emit(out, command.output, io);
      return EXIT_CLEAN;
    }
    case "descriptions": {
      const target = await serveTarget(command, io);
      const config = await load(command, io);
      const sku = pickSku(config, command.sku);
      const listed = await target.list();
      const { runCensus } = await import("../src/project/census.js");
      const { compareServed, formatServe, serveJson } = await import("./serve/compare.js");
      const census = runCensus(config);
      const statics = census.served.filter((s) => s.sku === sku);
      const tools = compareServed(statics, listed, census.report.descriptions.filter((d) => d.sku === sku));
      const result: ServeResult = { ok: tools.every((t) => t.status === "same"), sku, source: target.source, tools };
      const color = command.output === undefined && colorEnabled(io.env, io.isTTY);
      await emit(command.format === "json" ? serveJson(result) : formatServe(result, { color, quiet: command.quiet }), command.output, io);
      return result.ok ? EXIT_CLEAN : EXIT_FINDINGS;
    }
  }
}

/**
 * What `descriptions` lists and how: the module of --serve imported in-process, or the command of --stdio started as a
 * child. Both are checked here, before the config is read; the server runs only when `list` is called.
 */
async function serveTarget(command: Extract<Command, { kind: "descriptions" }>, io: Io): Promise<{ source: ServeResult["source"]; list: () => Promise<ListedTool[]> }> {
  const { MAX_ROUNDS, QUIET_MS, TIMEOUT_MS } = await import("./serve/listTools.js");
  const { loadSdk } = await import("./serve/sdk.js");
  const listing = { timeoutMs: command.timeout ?? TIMEOUT_MS, quietMs: QUIET_MS, maxRounds: MAX_ROUNDS };
  if (command.stdio !== undefined) {
    const line = command.stdio;
    const { splitCommandLine } = await import("./serve/commandLine.js");
    const { listOverStdio } = await import("./serve/stdio.js");
    const words = splitCommandLine(line);
    // The child brings its own SDK; the client's is the working folder's, else payload-census's.
    const sdk = () => loadSdk([join(io.cwd, "package.json"), import.meta.url], "the working folder");
    return { source: { command: line }, list: () => listOverStdio(line, words, io.cwd, io.env, sdk(), listing) };
  }
  const moduleFile = serveModule(command.serve, io);
  const shown = command.serve;
  const { CLOSE_MS, listInProcess } = await import("./serve/inProcess.js");
  return {
    source: { module: slashRelative(io.cwd, moduleFile) },
    list: () => listInProcess(moduleFile, shown, loadSdk([moduleFile, import.meta.url]), { ...listing, closeMs: CLOSE_MS }),
  };
}

/** The server module of `descriptions --serve`, absolute; node imports it as it is, so it must be JavaScript. */
function serveModule(typed: string, io: Io): string {
  const file = resolve(io.cwd, typed);
  const ext = extname(file).toLowerCase();
  if ([".ts", ".mts", ".cts", ".tsx"].includes(ext)) {
    throw new UsageError(
      `--serve ${typed} is TypeScript: payload-census imports the module with node as it is and does not compile it; build the monitor and give the built .js (e.g. dist/server.js)`,
    );
  }
  if (![".js", ".mjs", ".cjs"].includes(ext)) throw new UsageError(`--serve ${typed}: give a JavaScript module (.js, .mjs or .cjs) that exports the server factory`);
  if (!isFile(file)) throw new UsageError(`--serve ${typed}: no such file (MODULE is relative to the current folder)`);
  return file;
}

/** The SKU the server is an edition of: named by --sku, or the only one. */
function pickSku(config: ResolvedConfig, wanted: string | undefined): string {
  const names = config.skus.map((s) => s.name);
  if (wanted !== undefined) {
    if (names.includes(wanted)) return wanted;
    throw new UsageError(`--sku ${wanted}: no such SKU in the config; its SKUs are ${names.join(", ")}`);
  }
  if (names.length === 1) return names[0]!;
  throw new UsageError(`the config has ${names.length} SKUs (${names.join(", ")}): say which one MODULE serves with --sku NAME`);
}

type CensusCommand = Extract<Command, { kind: "check" | "roster" | "floors" | "trace" | "merge" }>;

/**
 * The store a command censuses with: in front of the content cache unless --no-cache (on by default for the commands
 * that census the tree), without a parser until a file the cache lacks needs one.
 */
function storeFor(config: ResolvedConfig, command: CensusCommand, io: Io, deps: Omit<FactStoreDeps, "cache"> = {}): FactStore {
  const options = extractOptionsOf(config);
  if (command.cache === false) return new FactStore(options, deps);
  const cache = new FactCache({ dir: cacheDirOf(command, io, config.dir), root: config.dir, key: extractionKey(options) });
  cache.markUsed();
  return new FactStore(options, { ...deps, cache });
}

/**
 * The census of `config`: the one remembered in the cache when the disk still holds exactly what it was computed from;
 * else its files read (on every core when it pays) and the project stage run over their facts, and remembered.
 */
async function census(config: ResolvedConfig, store: FactStore | undefined, command: CensusCommand, io: Io): Promise<CensusResult> {
  const facts = store ?? storeFor(config, command, io);
  const memo = facts.cache ? new ResultMemo(facts.cache.spec.dir, facts.cache.spec.key, config) : undefined;
  const remembered = memo?.recall();
  if (remembered) return remembered;
  const { keepParserCode, withParserOnDemand } = await import("../src/project/parser.js");
  // A few files changed, but not their facts (a comment edited): the remembered result holds, with their new lines.
  const unchanged = memo && (await withParserOnDemand(facts, () => memo.recallUnchangedFacts(facts)));
  if (unchanged) {
    await keepParserCode();
    return unchanged;
  }
  // Loaded only now: a run answered from the cache needs none of the analysis.
  const [{ defaultJobs, prefetch }, { censusOf }] = await Promise.all([import("../src/project/prefetch.js"), import("../src/project/pipeline.js")]);
  await prefetch(config, facts, { jobs: command.jobs ?? defaultJobs(), progress: await progressFor(command, io) });
  const result = await withParserOnDemand(facts, () => censusOf(config, facts));
  memo?.remember(facts, result);
  await keepParserCode();
  return result;
}

/** Progress is for a person watching a terminal: not in machine formats, not with --quiet, never on stdout. */
async function progressFor(command: CensusCommand, io: Io): Promise<((done: number, total: number) => void) | undefined> {
  if (io.stderrIsTTY !== true || command.quiet || command.format !== "text") return undefined;
  return (await import("./progress.js")).progressOnStderr(io.stderr, io.now);
}

/** The check report of a census in the format asked for, and the exit code it means. */
async function report(command: Extract<Command, { kind: "check" }> | (Extract<Command, { kind: "merge" }> & { allDescriptions: boolean }), result: CensusResult, io: Io): Promise<number> {
  // A report written to a file is read later, elsewhere: terminal colours would only be noise in it.
  const color = command.output === undefined && colorEnabled(io.env, io.isTTY);
  const { total, clientLimits, tokenTotal } = result.config.descriptions;
  const options = {
    color,
    quiet: command.quiet,
    budget: { total, clientLimits, tokenTotal },
    allDescriptions: command.allDescriptions,
    version: readVersion(),
    base: repositoryBase(result.config.dir),
  };
  await emit((await loadReporter(command.format))(result.report, options), command.output, io);
  return result.report.ok ? EXIT_CLEAN : EXIT_FINDINGS;
}

function readPartialFile(name: string, io: Io): string {
  const file = resolve(io.cwd, name);
  if (!isFile(file)) throw new UsageError(`no such partial report: ${name} (PARTIAL is a file written by check --shard I/N --output FILE)`);
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${name}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/**
 * The config's folder relative to the root of the git checkout holding it ("" outside one): CI formats name files from
 * the checkout's root, where the runner and code scanning resolve them, whatever folder the census runs from.
 */
function repositoryBase(dir: string): string {
  for (let at = dir; ; ) {
    if (existsSync(join(at, ".git"))) return slashRelative(at, dir);
    const parent = dirname(at);
    if (parent === at) return "";
    at = parent;
  }
}

/** DIR and --config are typed relative to the working folder; the loader gets absolute paths so Io.cwd is honoured. */
async function load(command: Exclude<Command, { kind: "help" | "version" }>, io: Io): Promise<ResolvedConfig> {
  const where = command.configFile !== undefined ? { configFile: resolve(io.cwd, command.configFile) } : { dir: findDir(command, io) };
  // The commands that keep a cache remember the resolved config there, with the glob walks: a warm run walks no folder.
  const cached = command.kind === "check" || command.kind === "roster" || command.kind === "floors" || command.kind === "trace";
  if (cached && command.cache !== false) return loadConfigCached(where, (configDir) => cacheDirOf(command, io, configDir));
  return (await import("../src/config/load.js")).loadConfig(where);
}

/** The cache folder a census command keeps: --cache-location, or the default beside the config's project. */
function cacheDirOf(command: CensusCommand, io: Io, configDir: string): string {
  return command.cacheLocation !== undefined ? resolve(io.cwd, command.cacheLocation) : defaultCacheLocation(configDir);
}

/** The folder DIR names (the current one by default), refused when it is not one. */
function findDir(command: Exclude<Command, { kind: "help" | "version" }>, io: Io): string {
  const dir = resolve(io.cwd, command.dir ?? ".");
  if (!isDirectory(dir)) {
    if (command.kind === "check" && command.implicit && command.dir !== undefined && !looksLikePath(command.dir)) {
      const near = suggestCommand(command.dir);
      throw new UsageError(
        `"${command.dir}" is neither a command nor a folder: ${near ? `did you mean payload-census ${near}? ` : ""}commands are check, roster, floors, trace, dropcheck, descriptions, witness, routes and merge`,
      );
    }
    throw new UsageError(`no such folder: ${command.dir ?? "."} (DIR is the folder holding payload-census.config.json)`);
  }
  return dir;
}

async function emit(text: string, output: string | undefined, io: Io): Promise<void> {
  if (output === undefined) {
    // `--quiet` on a clean tree prints nothing at all, not an empty line.
    if (text !== "") io.stdout(text);
    return;
  }
  const { writeAtomically } = await import("./writers/atomic.js");
  await writeAtomically(resolve(io.cwd, output), text, `--output ${output}`);
}

function looksLikePath(dir: string): boolean {
  return isAbsolute(dir) || /[\\/.]/.test(dir);
}

function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}
