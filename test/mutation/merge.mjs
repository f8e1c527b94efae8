// The kept results of `npm run mutation` (reports/stryker-incremental.json) merged with those of a later run over some
// of the files, and the score of each file. A run of Stryker with --mutate keeps in its incremental file only the files
// it mutated; merging gives the later run's results for its files and keeps the others' results, so the file can be
// filled a few folders at a time.

/**
 * A test's identity across runs: its file, its name, and how many tests of that file had that name before it (Stryker's
 * ids are numbers given afresh by every run).
 * @param {string} file
 * @param {string} name
 * @param {number} occurrence
 */
function testKey(file, name, occurrence) {
  return JSON.stringify([file, name, occurrence]);
}

/**
 * Each test of a report by its id, with its key.
 * @param {Record<string, { tests: { id: string, name: string }[], source?: string }>} testFiles
 */
function keysById(testFiles) {
  /** @type {Map<string, { key: string, file: string }>} */
  const byId = new Map();
  for (const [file, { tests }] of Object.entries(testFiles)) {
    /** @type {Map<string, number>} */
    const seen = new Map();
    for (const test of tests) {
      const occurrence = seen.get(test.name) ?? 0;
      seen.set(test.name, occurrence + 1);
      byId.set(test.id, { key: testKey(file, test.name, occurrence), file });
    }
  }
  return byId;
}

/**
 * The results of `later` for the files it mutated, and those of `earlier` for every other file. `later` is taken to be
 * the newer: where a test file's text differs between the two, its text and tests come from `later`, and an earlier
 * result is kept only as far as tests it was measured against still hold it (the rules of Stryker's own incremental
 * mode, per test file rather than per test):
 * - a killed mutant is kept while one of the tests that killed it is in a test file that did not change;
 * - a surviving or uncovered mutant is kept (it counts against the score, whatever the changed tests would do), without
 *   the tests of changed files among those that covered it, so that the next run over its file sees them as new
 *   covering tests and tests it again;
 * - any other result one of whose tests is in a changed file (a timeout, say) is left out, and so is any result naming a
 *   test that is gone: the next run tests it again.
 * A later report that is `partial` (salvaged from a run stopped before its end) holds only the mutants it reached: for a
 * file whose text it shares with `earlier`, the earlier results of the mutants it did not reach are kept under the same
 * rules, so a stopped re-run loses nothing it had not yet tested again.
 * @param {any} earlier an incremental report, or undefined
 * @param {any} later an incremental report
 * @param {{ partial?: boolean }} [options]
 * @returns {{ report: any, dropped: number }} the merged report, and how many mutants of `earlier` were left out
 */
export function mergeReports(earlier, later, options = {}) {
  if (earlier === undefined) return { report: later, dropped: 0 };
  const earlierTests = earlier.testFiles ?? {};
  const laterTests = later.testFiles ?? {};
  /** @type {Set<string>} */
  const changedTestFiles = new Set();
  for (const file of Object.keys(earlierTests)) {
    if (file in laterTests && earlierTests[file].source !== laterTests[file].source) changedTestFiles.add(file);
  }
  /** @type {Record<string, any>} */
  const testFiles = {};
  for (const file of [...new Set([...Object.keys(earlierTests), ...Object.keys(laterTests)])].sort()) {
    testFiles[file] = file in laterTests ? laterTests[file] : earlierTests[file];
  }
  const earlierIds = keysById(earlierTests);
  const { renumbered, idByKey } = renumber(testFiles, earlierIds);
  const laterIds = keysById(laterTests);
  let dropped = 0;
  /**
   * A mutant's tests in the merged numbering, each with whether it no longer holds as it was measured: its file changed
   * since, or it is gone (for an earlier result only; a later run's result naming a test it does not have is an error).
   * @param {string[] | undefined} ids
   * @param {Map<string, { key: string, file: string }>} byId
   * @param {boolean} fromEarlier
   * @param {string} mutantId
   * @returns {{ id: string | undefined, changed: boolean }[]}
   */
  const remap = (ids, byId, fromEarlier, mutantId) =>
    (ids ?? []).map((id) => {
      const test = byId.get(id);
      const merged = test === undefined ? undefined : idByKey.get(test.key);
      if (!fromEarlier && merged === undefined) throw new Error(`mutant ${mutantId} names a test its own report does not have`);
      return { id: merged, changed: merged === undefined || (fromEarlier && changedTestFiles.has(/** @type {any} */ (test).file)) };
    });
  /** @param {{ id: string | undefined, changed: boolean }[]} tests */
  const holding = (tests) => tests.flatMap((t) => (t.changed || t.id === undefined ? [] : [t.id]));
  /**
   * @param {any} fileEntry
   * @param {Map<string, { key: string, file: string }>} byId
   * @param {boolean} fromEarlier
   */
  const remapFile = (fileEntry, byId, fromEarlier) => {
    const mutants = [];
    for (const mutant of fileEntry.mutants) {
      const coveredBy = remap(mutant.coveredBy, byId, fromEarlier, mutant.id);
      const killedBy = remap(mutant.killedBy, byId, fromEarlier, mutant.id);
      if (!keeps(mutant.status, coveredBy, killedBy)) {
        dropped += 1;
        continue;
      }
      const copy = { ...mutant };
      if (mutant.coveredBy !== undefined) copy.coveredBy = holding(coveredBy);
      if (mutant.killedBy !== undefined) copy.killedBy = holding(killedBy);
      mutants.push(copy);
    }
    return { ...fileEntry, mutants };
  };
  /** @type {Record<string, any>} */
  const files = {};
  const laterFiles = later.files ?? {};
  const earlierFiles = earlier.files ?? {};
  for (const file of [...new Set([...Object.keys(earlierFiles), ...Object.keys(laterFiles)])].sort()) {
    if (!(file in laterFiles)) {
      files[file] = remapFile(earlierFiles[file], earlierIds, true);
      continue;
    }
    const entry = remapFile(laterFiles[file], laterIds, false);
    const before = earlierFiles[file];
    if (options.partial && before !== undefined && before.source === laterFiles[file].source) {
      const reached = new Set(laterFiles[file].mutants.map(mutantKey));
      const unreached = { ...before, mutants: before.mutants.filter((/** @type {any} */ m) => !reached.has(mutantKey(m))) };
      entry.mutants.push(...remapFile(unreached, earlierIds, true).mutants);
    }
    files[file] = entry;
  }
  return { report: { ...later, files, testFiles: renumbered }, dropped };
}

/**
 * A mutant's identity across runs of one file text: what it replaces where (Stryker's ids are given afresh by every run).
 * @param {any} mutant
 */
function mutantKey(mutant) {
  const { start, end } = mutant.location;
  return JSON.stringify([mutant.mutatorName, mutant.replacement ?? null, start.line, start.column, end.line, end.column]);
}

/**
 * Whether a result still holds against the merged tests (see mergeReports).
 * @param {string} status
 * @param {{ changed: boolean }[]} coveredBy
 * @param {{ changed: boolean }[]} killedBy
 */
function keeps(status, coveredBy, killedBy) {
  if (status === "Killed") return killedBy.some((t) => !t.changed);
  if (status === "Survived" || status === "NoCoverage") return true;
  return !coveredBy.some((t) => t.changed) && !killedBy.some((t) => t.changed);
}

/**
 * The tests of `testFiles` with the ids of the kept results: a test the earlier report had keeps its id, and a new one
 * is numbered after the largest of those, in the order of the files. Stable ids keep the kept file's lines as they were
 * wherever a run changed nothing (a run numbers its tests afresh, and a new test file would otherwise shift every id
 * after it, and so every mutant's list of tests).
 * @param {Record<string, any>} testFiles
 * @param {Map<string, { key: string, file: string }>} earlierIds the earlier report's tests by id
 */
function renumber(testFiles, earlierIds) {
  /** @type {Map<string, string>} */
  const earlierIdByKey = new Map();
  let next = 0;
  for (const [id, { key }] of earlierIds) {
    earlierIdByKey.set(key, id);
    const number = Number(id);
    if (Number.isSafeInteger(number) && number >= next) next = number + 1;
  }
  /** @type {Map<string, string>} */
  const idByKey = new Map();
  /** @type {Record<string, any>} */
  const renumbered = {};
  for (const [file, entry] of Object.entries(testFiles)) {
    /** @type {Map<string, number>} */
    const seen = new Map();
    const tests = entry.tests.map((/** @type {any} */ test) => {
      const occurrence = seen.get(test.name) ?? 0;
      seen.set(test.name, occurrence + 1);
      const key = testKey(file, test.name, occurrence);
      const id = earlierIdByKey.get(key) ?? String(next++);
      idByKey.set(key, id);
      return { ...test, id };
    });
    renumbered[file] = { ...entry, tests };
  }
  return { renumbered, idByKey };
}

/**
 * The text of the kept results: what a later run needs of a report, one mutant or test a line, so that a run over a few
 * files changes only their lines. Left out: each mutant's statusReason (the failing test's message, often a stack trace
 * with the paths of the machine that ran it), the run's project root and options (the paths of the clone that ran it),
 * the tests that covered a killed or ignored mutant (Stryker reuses a kill by its killing tests, which it counts as
 * covering, and tests an ignored mutant again whatever covered it), an empty list of tests (Stryker reads it as none),
 * and the file names a run sets on the mutants it did not test. Mutants are sorted by place and numbered per file,
 * and test lists sorted, so that the same results are the same text whichever run measured them.
 * @param {any} report an incremental report
 * @returns {string}
 */
export function keptText(report) {
  const { files = {}, testFiles = {}, projectRoot, config, ...rest } = report;
  const line = (/** @type {unknown} */ value) => JSON.stringify(sortedKeys(value));
  const byNumber = (/** @type {string} */ a, /** @type {string} */ b) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
  /** @param {any} mutant */
  const kept = (mutant) => {
    const { statusReason, coveredBy = [], killedBy = [], fileName, relativeFileName, ...copy } = mutant;
    if (killedBy.length > 0) copy.killedBy = [...killedBy].sort(byNumber);
    if (coveredBy.length > 0 && mutant.status !== "Killed" && mutant.status !== "Ignored") copy.coveredBy = [...coveredBy].sort(byNumber);
    return copy;
  };
  const out = ["{"];
  for (const key of Object.keys(rest).sort()) out.push(`${JSON.stringify(key)}:${line(rest[key])},`);
  out.push('"files":{');
  const fileNames = Object.keys(files).sort();
  fileNames.forEach((name, f) => {
    const { mutants, ...entry } = files[name];
    const sorted = mutants.map(kept).sort(byPlace).map((/** @type {any} */ m, /** @type {number} */ i) => ({ ...m, id: String(i) }));
    out.push(`${JSON.stringify(name)}:${line(entry).slice(0, -1)},"mutants":[`);
    sorted.forEach((/** @type {any} */ m, /** @type {number} */ i) => out.push(`${line(m)}${i < sorted.length - 1 ? "," : ""}`));
    out.push(`]}${f < fileNames.length - 1 ? "," : ""}`);
  });
  out.push('},"testFiles":{');
  const testNames = Object.keys(testFiles).sort();
  testNames.forEach((name, f) => {
    const { tests, ...entry } = testFiles[name];
    out.push(`${JSON.stringify(name)}:${line(entry).slice(0, -1)}${Object.keys(entry).length > 0 ? "," : ""}"tests":[`);
    tests.forEach((/** @type {any} */ t, /** @type {number} */ i) => out.push(`${line(placed(t))}${i < tests.length - 1 ? "," : ""}`));
    out.push(`]}${f < testNames.length - 1 ? "," : ""}`);
  });
  out.push("}}");
  return `${out.join("\n")}\n`;
}

/**
 * A test without the place a run gives it when its runner reports none (the file's start, which Stryker reads as it
 * reads a test with no place): a run sets it on the tests it ran, not on those it took from the kept results.
 * @param {any} test
 */
function placed(test) {
  const { location, ...rest } = test;
  const start = location?.start;
  const nowhere = location === undefined || (location.end === undefined && start?.line === 1 && start?.column === 1);
  return nowhere ? rest : test;
}

/**
 * Mutants in the order of their place in the file, then of what they do.
 * @param {any} a
 * @param {any} b
 */
function byPlace(a, b) {
  const place = (/** @type {any} */ m) => {
    const { start = {}, end = {} } = m.location ?? {};
    return [start.line ?? 0, start.column ?? 0, end.line ?? 0, end.column ?? 0];
  };
  const [pa, pb] = [place(a), place(b)];
  const order = pa.map((n, i) => n - pb[i]).find((d) => d !== 0);
  if (order !== undefined) return order;
  const [ka, kb] = [`${a.mutatorName}\0${a.replacement ?? ""}`, `${b.mutatorName}\0${b.replacement ?? ""}`];
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * A value with the keys of each object in it sorted, so that its JSON text does not depend on the order a run wrote it.
 * @param {unknown} value
 * @returns {unknown}
 */
function sortedKeys(value) {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  const record = /** @type {Record<string, unknown>} */ (value);
  return Object.fromEntries(Object.keys(record).sort().map((key) => [key, sortedKeys(record[key])]));
}

/** The statuses that count as detected (mutation-testing-report-schema); Survived and NoCoverage are not. */
const DETECTED = new Set(["Killed", "Timeout"]);

/**
 * Each file's counts and score, and all files' together, as a Markdown table.
 * @param {any} report an incremental report
 * @returns {{ table: string, score: number, files: number, mutants: number, survived: number, noCoverage: number }}
 */
export function scoreTable(report) {
  const rows = ["| file | score | killed | survived | no coverage | ignored (static) |", "|---|---:|---:|---:|---:|---:|"];
  const total = { killed: 0, survived: 0, noCoverage: 0, ignored: 0, other: 0 };
  const format = (/** @type {number} */ n) => n.toLocaleString("en-US");
  const percent = (/** @type {number} */ killed, /** @type {number} */ valid) =>
    valid === 0 ? "n/a" : `${((killed / valid) * 100).toFixed(2)} %`;
  const entries = Object.entries(report.files ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [file, entry] of entries) {
    const count = { killed: 0, survived: 0, noCoverage: 0, ignored: 0, other: 0 };
    for (const mutant of entry.mutants) {
      if (DETECTED.has(mutant.status)) count.killed += 1;
      else if (mutant.status === "Survived") count.survived += 1;
      else if (mutant.status === "NoCoverage") count.noCoverage += 1;
      else if (mutant.status === "Ignored") count.ignored += 1;
      else count.other += 1;
    }
    for (const key of /** @type {(keyof typeof count)[]} */ (Object.keys(count))) total[key] += count[key];
    const valid = count.killed + count.survived + count.noCoverage;
    rows.push(
      `| \`${file}\` | ${percent(count.killed, valid)} | ${format(count.killed)} | ${format(count.survived)} | ${format(count.noCoverage)} | ${format(count.ignored)} |`,
    );
  }
  const valid = total.killed + total.survived + total.noCoverage;
  rows.push(
    `| **all measured** | **${percent(total.killed, valid)}** | **${format(total.killed)}** | **${format(total.survived)}** | **${format(total.noCoverage)}** | **${format(total.ignored)}** |`,
  );
  return {
    table: rows.join("\n"),
    score: valid === 0 ? 0 : (total.killed / valid) * 100,
    files: entries.length,
    mutants: valid + total.ignored + total.other,
    survived: total.survived,
    noCoverage: total.noCoverage,
  };
}

/**
 * An incremental report made from the events Stryker's event-recorder reporter wrote while a run went (the dry run's
 * tests, then one result per mutant tested): what a run stopped before its end had measured, in the form of the file
 * Stryker writes at the end. A mutant not tested is not in it, so the next run tests it.
 * @param {any} dryRun the onDryRunCompleted event
 * @param {any[]} results the onMutantTested events
 * @param {any} kept the kept report, for the fields that describe the run (thresholds, config, framework), or undefined
 * @param {(file: string) => string} read a file's text by its path relative to the project
 * @param {string} root the project's folder, which the events' file names are under
 */
export function reportFromEvents(dryRun, results, kept, read, root) {
  const relative = (/** @type {string} */ file) => {
    const prefix = root.endsWith("/") ? root : `${root}/`;
    if (!file.startsWith(prefix)) throw new Error(`${file} is not under ${root}`);
    return file.slice(prefix.length).split("\\").join("/");
  };
  /** @type {Map<string, string>} */
  const idOf = new Map();
  /** @type {Map<string, string>} */
  const idByFileAndName = new Map();
  /** @type {Record<string, any>} */
  const testFiles = {};
  for (const test of dryRun.result.tests) {
    const id = String(idOf.size);
    idOf.set(test.id, id);
    const file = relative(test.fileName);
    idByFileAndName.set(JSON.stringify([file, test.name]), id);
    const entry = (testFiles[file] ??= { tests: [], source: read(file) });
    entry.tests.push({ id, name: test.name });
  }
  // A test is named by this run's id, or (in a result the run took from the kept ones) by "file@line:column\nname".
  const testId = (/** @type {string} */ id) => {
    const mine = idOf.get(id);
    if (mine !== undefined) return mine;
    const at = id.indexOf("@");
    const newline = id.indexOf("\n");
    if (at < 0 || newline < at) return undefined;
    return idByFileAndName.get(JSON.stringify([id.slice(0, at), id.slice(newline + 1)]));
  };
  const remap = (/** @type {string[] | undefined} */ ids) => {
    if (ids === undefined) return undefined;
    const out = ids.map(testId);
    return out.every((id) => id !== undefined) ? out : null;
  };
  /** @type {Record<string, any>} */
  const files = {};
  let unknown = 0;
  for (const result of results) {
    const { fileName, relativeFileName, killedBy, coveredBy, ...mutant } = result;
    const killers = remap(killedBy);
    const covering = remap(coveredBy);
    // A result naming a test this run did not run is left out: the next run tests its mutant again.
    if (killers === null || covering === null) {
      unknown += 1;
      continue;
    }
    const file = relative(fileName);
    const entry = (files[file] ??= { language: "typescript", mutants: [], source: read(file) });
    const copy = { ...mutant };
    if (killers !== undefined) copy.killedBy = killers;
    if (covering !== undefined) copy.coveredBy = covering;
    entry.mutants.push(copy);
  }
  return {
    unknown,
    report: {
    files,
    schemaVersion: "1.0",
    thresholds: kept?.thresholds,
    testFiles,
    projectRoot: ".",
    config: kept?.config,
    framework: kept?.framework,
    },
  };
}

/** The heading of docs/mutation.md's section that lists every surviving mutant, file by file. */
export const LEDGER_HEADING = "## The ledger: every surviving mutant";

/**
 * The surviving mutants of the kept results (Survived and NoCoverage) that the ledger of docs/mutation.md does not
 * list, and the ledger's entries that name no surviving mutant (stale, after a run killed it or the code moved).
 * The ledger is the section starting with LEDGER_HEADING: under a heading `### \`path\``, a mutant is listed by a
 * line starting "- " that holds its position in backticks (`` `line:column` ``) and its mutator's name.
 * @param {any} report an incremental report
 * @param {string} docs the text of docs/mutation.md
 * @returns {{ found: boolean, unlisted: string[], stale: string[] }} each as "path line:column Mutator"
 */
export function unreviewed(report, docs) {
  const lines = docs.split("\n");
  const start = lines.findIndex((line) => line.startsWith(LEDGER_HEADING));
  if (start < 0) return { found: false, unlisted: [], stale: [] };
  /** @type {Map<string, string[]>} each file's entries */
  const entries = new Map();
  let file;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("## ")) break;
    const heading = /^### `([^`]+)`/.exec(line);
    if (heading) {
      file = heading[1];
      if (!entries.has(file)) entries.set(file, []);
    } else if (file !== undefined && line.startsWith("- ")) entries.get(file)?.push(line);
    else if (file !== undefined && /^\s+\S/.test(line)) {
      // A wrapped entry's continuation belongs to the entry above it.
      const list = entries.get(file) ?? [];
      if (list.length > 0) list[list.length - 1] += ` ${line.trim()}`;
    }
  }
  const positions = (/** @type {string} */ entry) => [...entry.matchAll(/`(\d+:\d+)`/g)].map((m) => m[1]);
  const unlisted = [];
  /** @type {Set<string>} entries' positions a survivor holds, as "path line:column" */
  const held = new Set();
  for (const [path, entry] of Object.entries(report.files ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const listed = entries.get(path) ?? [];
    const surviving = entry.mutants.filter((/** @type {any} */ m) => m.status === "Survived" || m.status === "NoCoverage");
    surviving.sort((/** @type {any} */ a, /** @type {any} */ b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
    for (const mutant of surviving) {
      const at = `${mutant.location.start.line}:${mutant.location.start.column}`;
      held.add(`${path} ${at}`);
      const named = new RegExp(`\\b${mutant.mutatorName}\\b`);
      if (!listed.some((line) => positions(line).includes(at) && named.test(line))) unlisted.push(`${path} ${at} ${mutant.mutatorName}`);
    }
  }
  const stale = [];
  for (const [path, list] of entries) {
    for (const line of list) for (const at of positions(line)) if (!held.has(`${path} ${at}`)) stale.push(`${path} ${at}`);
  }
  return { found: true, unlisted, stale };
}
