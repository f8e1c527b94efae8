// npm run mutation [-- STRYKER OPTIONS]: Stryker over src/ and census/ (stryker.config.mjs), keeping every file's
// results in reports/stryker-incremental.json. With --mutate, Stryker runs over those files only, starting from the kept
// results, and its results for them are merged into the kept ones (Stryker alone would keep only the files it mutated).
//   npm run mutation -- merge FILE [--only GLOBS]   merges the incremental file of a run made elsewhere (a later one)
//                                    into the kept one; --only: just the files the comma-separated globs match
//   npm run mutation -- score        prints each file's score from the kept results
//   npm run mutation -- salvage      merges what a run stopped before its end had tested (its event-recorder files)
//   npm run mutation -- survivors    lists the kept surviving mutants that docs/mutation.md's ledger does not, and the
//                                    ledger's entries no surviving mutant holds; exits 1 if there are any
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import picomatch from "picomatch";
import { keptText, LEDGER_HEADING, mergeReports, reportFromEvents, scoreTable, unreviewed } from "./merge.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const kept = join(root, "reports", "stryker-incremental.json");
const chunk = join(root, "reports", "mutation", "chunk-incremental.json");

/** @param {string} file */
const strykerConfig = (await import(pathToFileURL(join(root, "stryker.config.mjs")).href)).default;
const readReport = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

/**
 * Writes the kept results, in the form keptText gives them (what a re-run needs, one mutant a line).
 * @param {any} report
 */
function writeKept(report) {
  keepConfigured(report);
  const temporary = `${kept}.${process.pid}.tmp`;
  writeFileSync(temporary, keptText(report));
  renameSync(temporary, kept);
}

/**
 * Leaves out the results of files that stryker.config.mjs no longer mutates, or that are gone (a full run of Stryker
 * would drop them too): a file newly left out of the mutants must not count in the score.
 * @param {any} report
 */
function keepConfigured(report) {
  const configured = matcher(strykerConfig.mutate);
  for (const file of Object.keys(report.files ?? {})) {
    if (!configured(file) || !existsSync(join(root, file))) delete report.files[file];
  }
}

/**
 * Whether a file is named by globs as Stryker's `mutate` reads them: any of the globs, none of the "!" ones, a
 * ":lines" range of no matter.
 * @param {string[]} patterns
 * @returns {(file: string) => boolean}
 */
function matcher(patterns) {
  const included = picomatch(patterns.filter((p) => !p.startsWith("!")).map(withoutRange));
  const exclusions = patterns.filter((p) => p.startsWith("!")).map((p) => withoutRange(p.slice(1)));
  const excluded = exclusions.length > 0 ? picomatch(exclusions) : () => false;
  return (file) => included(file) && !excluded(file);
}

/**
 * @param {string} file
 * @param {string[]} [only] globs: merge only the results of the files they match (a run's file holds every file's)
 * @param {boolean} [partial] the file holds only the mutants a stopped run reached (see mergeReports)
 */
function mergeInto(file, only, partial = false) {
  const later = readReport(file);
  if (later === undefined) {
    console.error(`mutation: ${file} does not exist; nothing was merged.`);
    return 2;
  }
  if (only !== undefined) {
    const wanted = matcher(only);
    for (const name of Object.keys(later.files ?? {})) if (!wanted(name)) delete later.files[name];
  }
  const { report, dropped } = mergeReports(readReport(kept), later, { partial });
  writeKept(report);
  const { score, files } = scoreTable(report);
  console.log(
    `mutation: merged ${Object.keys(later.files ?? {}).length} file(s) into reports/stryker-incremental.json; ` +
      `${files} file(s) measured, ${score.toFixed(2)} % in all` +
      (dropped > 0 ? `; ${dropped} earlier result(s) left out, their tests changed since (the next run tests them again).` : "."),
  );
  return 0;
}

const args = process.argv.slice(2);
if (args[0] === "score") {
  const report = readReport(kept);
  if (report === undefined) {
    console.error("mutation: no kept results yet (reports/stryker-incremental.json); run npm run mutation first.");
    process.exit(2);
  }
  keepConfigured(report);
  const { table, score, files, mutants } = scoreTable(report);
  console.log(`${table}\n\n${files} file(s), ${mutants.toLocaleString("en-US")} mutants, ${score.toFixed(2)} % in all`);
  process.exit(0);
}
if (args[0] === "survivors") {
  const report = readReport(kept);
  if (report === undefined) {
    console.error("mutation: no kept results yet (reports/stryker-incremental.json); run npm run mutation first.");
    process.exit(2);
  }
  keepConfigured(report);
  const { found, unlisted, stale } = unreviewed(report, readFileSync(join(root, "docs", "mutation.md"), "utf8"));
  if (!found) {
    console.error(`mutation: docs/mutation.md has no section "${LEDGER_HEADING}"; every surviving mutant is unreviewed.`);
    process.exit(1);
  }
  for (const mutant of unlisted) console.log(`unlisted: ${mutant}`);
  for (const entry of stale) console.log(`stale: ${entry} (no surviving mutant there)`);
  const { survived, noCoverage } = scoreTable(report);
  console.log(
    `${(survived + noCoverage).toLocaleString("en-US")} surviving mutant(s) kept; ${unlisted.length} not in the ledger of docs/mutation.md, ` +
      `${stale.length} ledger entr${stale.length === 1 ? "y" : "ies"} holding none.`,
  );
  process.exit(unlisted.length + stale.length > 0 ? 1 : 0);
}
if (args[0] === "merge") {
  const only = args[2] === "--only" && args.length === 4 ? args[3].split(",").filter((p) => p !== "") : undefined;
  if (args.length !== 2 && only === undefined) {
    console.error("usage: npm run mutation -- merge FILE [--only GLOB,GLOB...]");
    process.exit(2);
  }
  process.exit(mergeInto(args[1], only));
}

const strykerPackage = createRequire(import.meta.url).resolve("@stryker-mutator/core/package.json");
if (args[0] === "salvage") {
  const events = join(root, "reports", "mutation", "events");
  const dryRun = join(events, "00000-onDryRunCompleted.json");
  if (!existsSync(dryRun)) {
    console.error("mutation: no events to salvage (run with --reporters ...,event-recorder to record them).");
    process.exit(2);
  }
  const files = readdirSync(events).sort();
  const results = files.filter((f) => f.endsWith("-onMutantTested.json")).map((f) => JSON.parse(readFileSync(join(events, f), "utf8")));
  const run = join(root, "reports", "mutation", "chunk-run.json");
  if (!existsSync(run)) {
    console.error("mutation: the events are not of a run with --mutate started by npm run mutation; nothing to salvage.");
    process.exit(2);
  }
  const mutated = matcher(JSON.parse(readFileSync(run, "utf8")).mutate);
  const ofThisRun = results.filter((r) => mutated(r.relativeFileName ?? r.fileName.slice(root.length + 1)));
  const read = new Set();
  const { report, unknown } = reportFromEvents(JSON.parse(readFileSync(dryRun, "utf8")), ofThisRun, readReport(kept), (file) => {
    read.add(file);
    return readFileSync(join(root, file), "utf8");
  }, root);
  // The results hold for the code and tests as the run found them: none of the files they are of may have changed since.
  // Written by the runner as it started Stryker (which copies the project into its sandbox then).
  const started = Math.min(statSync(run).mtimeMs, statSync(dryRun).mtimeMs);
  const changed = [...read].filter((file) => statSync(join(root, file)).mtimeMs > started).sort();
  if (changed.length > 0) {
    console.error(`mutation: ${changed.join(", ")} changed since the run started; its results cannot be salvaged.`);
    process.exit(2);
  }
  const salvaged = join(root, "reports", "mutation", "salvaged-incremental.json");
  writeFileSync(salvaged, JSON.stringify(report));
  if (unknown > 0) console.log(`mutation: ${unknown} result(s) name a test the run did not run; their mutants are tested again next time.`);
  process.exit(mergeInto(salvaged, undefined, true));
}

/**
 * The files a run's --mutate options name (comma-separated globs; "!" excludes; a ":lines" range is of no matter here).
 * @param {string[]} options
 */
function mutatePatterns(options) {
  const out = [];
  for (let i = 0; i < options.length; i++) {
    const option = options[i];
    let value;
    if (option === "--mutate" || option === "-m") value = options[++i];
    else if (option.startsWith("--mutate=")) value = option.slice("--mutate=".length);
    if (value !== undefined) out.push(...value.split(",").filter((p) => p !== ""));
  }
  return out;
}

/** @param {string} pattern */
function withoutRange(pattern) {
  return pattern.replace(/:\d+(:\d+)?-\d+(:\d+)?$/, "");
}

const stryker = join(dirname(strykerPackage), JSON.parse(readFileSync(strykerPackage, "utf8")).bin.stryker);
// A run over every file goes through the same merge as one over a few: the kept tests' ids carry over.
mkdirSync(dirname(chunk), { recursive: true });
if (existsSync(kept)) copyFileSync(kept, chunk);
// What this run mutates, for `salvage` should it stop before its end (its events also hold the kept files' results).
const named = mutatePatterns(args);
writeFileSync(join(dirname(chunk), "chunk-run.json"), JSON.stringify({ mutate: named.length > 0 ? named : strykerConfig.mutate }));
const before = existsSync(chunk) ? statSync(chunk).mtimeMs : undefined;
const run = spawnSync(process.execPath, [stryker, "run", "--incrementalFile", chunk, ...args], {
  cwd: root,
  stdio: "inherit",
  // For vitest.mutation.config.ts: the tests of one folder are left out of a run that mutates nothing in it.
  env: named.length > 0 ? { ...process.env, MUTATION_MUTATE: named.join(",") } : process.env,
});
if (!existsSync(chunk) || statSync(chunk).mtimeMs === before) {
  console.error("mutation: the run ended before Stryker wrote its results; the kept results are unchanged.");
  process.exit(run.status === 0 ? 1 : (run.status ?? 1));
}
// Only the files this run mutated: Stryker also writes every other kept file's results, less what it cannot read back
// of them (whether a mutant is static), and those are kept as they were.
const merged = mergeInto(chunk, named.length > 0 ? named : strykerConfig.mutate);
process.exit(merged !== 0 ? merged : (run.status ?? 1));
