// `npm run bench`: what the census costs against baselines measured in the same run (node's start, TypeScript's parser
// alone, ast-grep, ESLint without our rules), how it grows from 500 to 8,000 tool files, what the cache saves, and the
// peak memory; printed as one table of ratios with each target's verdict. Timings are never asserted beyond the
// generous in-process bounds: the machines are shared and noisy. What is asserted is what makes a timing mean
// something: the census saw every generated tool and finding, and every run of one tree gave the same report.
//
// BENCH_RUNS=n (default 3) sets the runs of each case, BENCH_SCALES=1,4 the corpus scales (default 1,4,16).
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_MONITOR, generateMonitor, tsSources, type Corpus } from "./corpus.js";
import { REAL_PACKAGES, realTree } from "./fetch.js";
import {
  BENCH_BUDGET_MS,
  BenchBudget,
  CASE_BUDGET_MS,
  type CaseBudget,
  ESLINT_BIN,
  ROOT,
  RSS_SOURCE,
  RUNS,
  TS_ESLINT_PARSER,
  astGrep,
  cacheDirOf,
  cacheEntries,
  census,
  emptyCache,
  measure,
  median,
  nodeStart,
  parseOnly,
  type Run,
} from "./harness.js";
import { mb, ms, renderTable, type Row } from "./table.js";

const IN_PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), "inProcess.mjs");
const SCALES = (process.env.BENCH_SCALES ?? "1,4,16").split(",").map(Number);
const JOBS = availableParallelism();

const rows: Row[] = [];
const made: string[] = [];
const corpora = new Map<number, Corpus>();
/** Corpora later cases use again: ESLint lints the 4× one, the in-process case reads the 1× one. */
const REUSED_SCALES = new Set([1, 4]);
/** Cold one-job medians by scale, for the linearity row. */
const coldOneJob = new Map<number, number>();
const bench = new BenchBudget();
let reference: string;

function temp(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `payload-census-bench-${prefix}-`));
  made.push(dir);
  return dir;
}

function corpusAt(scale: number): Corpus {
  let corpus = corpora.get(scale);
  if (!corpus) {
    corpus = generateMonitor(scale);
    made.push(corpus.dir);
    corpora.set(scale, corpus);
  }
  return corpus;
}

/** Drops a tree no later case needs: the 16× corpus alone is 8,000 files. */
function discard(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** The files of a tree, listed one a line for the parse-only child. */
function fileList(files: readonly string[]): string {
  const list = path.join(temp("list"), "files.txt");
  writeFileSync(list, files.join("\n") + "\n");
  return list;
}

interface Report {
  ok: boolean;
  counts: { files: number; tools: number; parseErrors: number; passThroughs: Record<string, number> };
  findings: { rule: string; file: string; line: number; column: number }[];
}

function report(run: Run): Report {
  return JSON.parse(run.stdout) as Report;
}

function findingsByRule(r: Report): Record<string, number> {
  const by: Record<string, number> = {};
  for (const f of r.findings) by[f.rule] = (by[f.rule] ?? 0) + 1;
  return by;
}

const msOf = (runs: readonly Run[]): number => median(runs.map((r) => r.ms));
const peak = (runs: readonly Run[]): number | undefined => {
  const measured = runs.flatMap((r) => (r.rssMB === undefined ? [] : [r.rssMB]));
  return measured.length ? Math.max(...measured) : undefined;
};

/** Runs the measures of `fns` in turn, round after round: load from elsewhere on the machine falls on each alike. */
function interleaved<K extends string>(budget: CaseBudget, fns: Record<K, () => Run>): Record<K, Run[]> {
  const runs = Object.fromEntries(Object.keys(fns).map((k) => [k, [] as Run[]])) as Record<K, Run[]>;
  for (let rounds = 0; budget.more(rounds); rounds++) for (const k of Object.keys(fns) as K[]) runs[k].push(fns[k]());
  return runs;
}

function repeated(budget: CaseBudget, fn: (i: number) => Run): Run[] {
  const runs: Run[] = [];
  while (budget.more(runs.length)) runs.push(fn(runs.length));
  return runs;
}

/** A median as the table shows it, with its count of runs when the case's budget cut it short. */
function shown(runs: readonly Run[]): string {
  return ms(msOf(runs)) + (runs.length < RUNS ? ` (${runs.length} run${runs.length === 1 ? "" : "s"})` : "");
}

const count = (n: number): string => n.toLocaleString("en-US");

/** A row of `runs` and their ratio to `baseline`, held against `limit` when the issue sets one (≤, or < when strict). */
function ratioRow(
  scope: string,
  measure: string,
  runs: readonly Run[],
  ratio: number,
  baseline: string,
  limit?: number,
  strict?: boolean,
): Row {
  const target = limit === undefined ? {} : { target: { limit, unit: "×" as const, actual: ratio, ...(strict ? { strict } : {}) } };
  return { scope, measure, value: shown(runs), ratio: { value: ratio, against: baseline }, ...target };
}

/** 16× the monitor against 1×, cold on one thread: the census must grow linearly (≤ 17×). */
function linearity(): Row {
  const small = coldOneJob.get(1);
  const large = coldOneJob.get(16);
  const target = { limit: 17, unit: "×" as const };
  const scope = "monitor 16× against 1×";
  const measure = "census cold, --jobs 1 --no-cache";
  if (small === undefined || large === undefined)
    return { scope, measure, value: "n/a", target: { ...target, actual: undefined }, note: "needs BENCH_SCALES with 1 and 16" };
  return { scope, measure, value: `${ms(large)} / ${ms(small)}`, ratio: { value: large / small, against: "1×" }, target: { ...target, actual: large / small } };
}

beforeAll(() => {
  reference = temp("reference");
  // A copy: the census's cache lives in the tree, and the fixture's folder stays as git has it.
  cpSync(REFERENCE_MONITOR, reference, { recursive: true });
});

afterAll(() => {
  const minutes = (performance.now() - bench.start) / 60_000;
  const cut =
    RUNS > 1
      ? ` (fewer where a row says so: a case stops repeating once its runs took ${CASE_BUDGET_MS / 1000} s, or the bench ${BENCH_BUDGET_MS / 60_000} min)`
      : "";
  const header = [
    `payload-census bench, ${new Date().toISOString().slice(0, 10)}: node ${process.version}, ${JOBS} CPUs, ` +
      `median of ${RUNS} run${RUNS === 1 ? "" : "s"} per measure${cut}, ${minutes.toFixed(1)} min in all`,
    `cold: an empty cache, filled by the run (--jobs 1 runs with --no-cache); warm: the cache it left, nothing changed`,
    `peak RSS: ${RSS_SOURCE}`,
  ];
  console.log("\n" + renderTable(header, rows) + "\n");
  for (const dir of made) discard(dir);
});

describe("(a) the census on the reference monitor and on generated monitors", () => {
  it("the reference monitor: cold, warm, and node's own start", () => {
    const budget = bench.forCase();
    const runs = interleaved(budget, {
      node: () => nodeStart(),
      cold: () => census(reference, "cold"),
    });
    expect(cacheEntries(reference)).toBeGreaterThan(0);
    const warm = repeated(budget, () => census(reference, "cached"));
    const expected = JSON.parse(readFileSync(path.join(REFERENCE_MONITOR, "expected-counts.json"), "utf8")) as { counts: Report["counts"] };
    const cold = report(runs.cold[0]!);
    expect(cold.ok).toBe(true);
    expect(cold.counts).toEqual(expected.counts);
    for (const run of [...runs.cold, ...warm]) expect(run.stdout).toBe(runs.cold[0]!.stdout);

    const scope = `reference monitor (${cold.counts.files} tool files)`;
    const node = msOf(runs.node);
    const coldMs = msOf(runs.cold);
    const warmMs = msOf(warm);
    rows.push({ scope, measure: "node -e 0", value: shown(runs.node) });
    rows.push(ratioRow(scope, `census cold, all jobs (${JOBS})`, runs.cold, coldMs / node, "node -e 0"));
    rows.push(ratioRow(scope, "census warm", warm, warmMs / coldMs, "cold", 0.1));
    rows.push(ratioRow(scope, "census warm, against node's start", warm, warmMs / node, "node -e 0", 2, true));
  });

  for (const scale of SCALES) {
    it(`${scale}× the monitor: cold with one job and all, warm, one file changed, peak memory`, () => {
      const corpus = corpusAt(scale);
      const files = tsSources(corpus.dir);
      const list = fileList(files);
      const budget = bench.forCase();
      // "all" last in each round: the cache it fills is the one the warm runs read.
      const runs = interleaved(budget, {
        parse: () => parseOnly(files, list),
        one: () => census(corpus.dir, "cold, 1 job"),
        all: () => census(corpus.dir, "cold"),
      });
      expect(cacheEntries(corpus.dir)).toBeGreaterThan(0);
      const warm = repeated(budget, () => census(corpus.dir, "cached"));
      const text = readFileSync(corpus.editable, "utf8");
      const changed = repeated(budget, (i) => {
        // A trailing comment: the file's hash changes, its findings and their positions do not.
        appendFileSync(corpus.editable, `\n// edited for the bench, run ${i}\n`);
        return census(corpus.dir, "cached");
      });
      // A new statement: the file's facts change too, and the project stage runs again; its findings do not change.
      const factsChanged = repeated(budget, (i) => {
        appendFileSync(corpus.editable, `\nexport const benchEdit${i} = ${i};\n`);
        return census(corpus.dir, "cached");
      });
      writeFileSync(corpus.editable, text);

      const first = runs.one[0]!;
      const r = report(first);
      // A census that went blind would be fast: it must see every generated tool, pass-through and planted finding.
      expect(r.counts.files).toBe(corpus.expected.files);
      expect(r.counts.tools).toBe(corpus.expected.tools);
      expect(r.counts.parseErrors).toBe(0);
      expect(r.counts.passThroughs).toMatchObject(corpus.expected.passThroughs);
      expect(findingsByRule(r)).toEqual(corpus.expected.findings);
      for (const run of [...runs.one, ...runs.all, ...warm, ...changed, ...factsChanged]) expect(run.stdout).toBe(first.stdout);

      const scope = `monitor ${scale}× (${count(corpus.expected.files)} tool files, ${count(corpus.expected.tools)} tools)`;
      const parse = msOf(runs.parse);
      const one = msOf(runs.one);
      const all = msOf(runs.all);
      const warmMs = msOf(warm);
      const changedMs = msOf(changed);
      const rss = peak([...runs.one, ...runs.all]);
      coldOneJob.set(scale, one);
      rows.push({ scope, measure: "TypeScript parse-only, 1 thread", value: shown(runs.parse), note: `${count(files.length)} files` });
      rows.push(ratioRow(scope, "census cold, --jobs 1 --no-cache", runs.one, one / parse, "parse-only", 1.2));
      rows.push(ratioRow(scope, `census cold, all jobs (${JOBS})`, runs.all, all / one, "1 job"));
      rows.push(ratioRow(scope, "census warm", warm, warmMs / all, "cold", 0.1));
      rows.push(ratioRow(scope, "census, one file changed (a comment: its facts as they were)", changed, changedMs / all, "cold", 0.15));
      rows.push(ratioRow(scope, "census, one file changed (a statement: its facts too)", factsChanged, msOf(factsChanged) / all, "cold", 0.15));
      rows.push({
        scope,
        measure: "peak RSS, cold",
        value: mb(rss),
        ...(scale === 16 ? { target: { limit: 600, unit: "MB" as const, actual: rss } } : {}),
        note: "the largest of the cold runs, 1 job and all",
      });
      if (scale === SCALES.at(-1)) rows.push(linearity());
      if (!REUSED_SCALES.has(scale)) {
        discard(corpus.dir);
        corpora.delete(scale);
      }
    });
  }
});

describe("(b) real TypeScript from the registry, every file a tool file", () => {
  for (const { name, version } of REAL_PACKAGES) {
    it(`${name}@${version}: the census against TypeScript's parser and ast-grep`, () => {
      const tree = realTree(name, version);
      made.push(tree.dir);
      const list = fileList(tree.files);
      let matches = 0;
      const runs = interleaved(bench.forCase(), {
        parse: () => parseOnly(tree.files, list),
        astGrep: () => {
          const scan = astGrep(tree.dir);
          matches = scan.matches;
          return scan.run;
        },
        one: () => census(tree.dir, "cold, 1 job"),
        all: () => census(tree.dir, "cold"),
      });
      discard(tree.dir);
      const first = runs.one[0]!;
      const r = report(first);
      expect(r.counts.files).toBe(tree.files.length);
      expect(r.counts.parseErrors).toBe(0);
      for (const run of [...runs.one, ...runs.all]) expect(run.stdout).toBe(first.stdout);

      const scope = `${name}@${version} (${tree.files.length} files)`;
      const parse = msOf(runs.parse);
      const grep = msOf(runs.astGrep);
      const one = msOf(runs.one);
      const all = msOf(runs.all);
      rows.push({ scope, measure: "TypeScript parse-only, 1 thread", value: shown(runs.parse) });
      const grepRow = ratioRow(scope, "ast-grep run, pass-through pattern", runs.astGrep, grep / parse, "parse-only");
      rows.push({ ...grepRow, note: `${matches} matches, all cores` });
      rows.push(ratioRow(scope, "census cold, --jobs 1 --no-cache", runs.one, one / parse, "parse-only", 1.2));
      rows.push(ratioRow(scope, `census cold, all jobs (${JOBS})`, runs.all, all / grep, "ast-grep", 1));
    });
  }
});

describe("(c) ESLint with the plugin's recommended config against ESLint without it", () => {
  /** Two flat configs in the tree, the same but for the plugin: the parser, the files, the ignores, the settings. */
  function eslintConfigs(dir: string): { base: string; ours: string; floor: string } {
    const parser = pathToFileURL(TS_ESLINT_PARSER).href;
    const plugin = pathToFileURL(path.join(ROOT, "dist", "rules", "index.js")).href;
    // The plugin's settings ride along in both: ESLint without our rules never reads them.
    const settings = JSON.stringify({ "payload-census": { cacheLocation: cacheDirOf(dir) } });
    const shared = `[{ ignores: ["eslint.*.mjs"] }, { files: ["**/*.ts"], languageOptions: { parser }, settings: ${settings} }]`;
    const base = path.join(dir, "eslint.base.mjs");
    const ours = path.join(dir, "eslint.ours.mjs");
    writeFileSync(base, `import parser from ${JSON.stringify(parser)};\nexport default ${shared};\n`);
    writeFileSync(
      ours,
      `import parser from ${JSON.stringify(parser)};\nimport plugin from ${JSON.stringify(plugin)};\n` +
        `export default [...${shared}, plugin.configs.recommended];\n`,
    );
    // ESLint's own cost of linting with any rule at all: one rule that does nothing, beside the same settings.
    const floor = path.join(dir, "eslint.floor.mjs");
    writeFileSync(
      floor,
      `import parser from ${JSON.stringify(parser)};\n` +
        `const nothing = { meta: { type: "problem", schema: [] }, create: () => ({ Program() {} }) };\n` +
        `export default [...${shared}, { plugins: { floor: { rules: { nothing } } }, rules: { "floor/nothing": "error" } }];\n`,
    );
    return { base, ours, floor };
  }

  interface LintResult {
    filePath: string;
    messages: { ruleId: string | null; line: number; column: number }[];
  }

  /** ESLint in a child, as a user runs it; its own --cache is off (the default), so only our cache is in play. */
  function eslint(dir: string, config: string): Run {
    const run = measure(process.execPath, [ESLINT_BIN, "--config", config, "--format", "json", "."], { cwd: dir });
    if (run.status !== 0 && run.status !== 1) throw new Error(`eslint exited ${run.status}: ${run.stderr}`);
    return run;
  }

  const results = (run: Run): LintResult[] => JSON.parse(run.stdout) as LintResult[];
  const linted = (run: Run): string[] => results(run).map((f) => f.filePath).sort();
  const problems = (dir: string, run: Run): string[] =>
    results(run)
      .flatMap((f) => f.messages.map((m) => `${m.ruleId ?? "fatal"} ${path.relative(dir, f.filePath)}:${m.line}:${m.column}`))
      .sort();

  const trees: [string, () => string][] = [
    ["reference monitor", () => reference],
    ["monitor 4×", () => corpusAt(4).dir],
  ];
  for (const [label, treeOf] of trees) {
    it(`${label}: cold and warm`, () => {
      const dir = treeOf();
      const { base, ours, floor } = eslintConfigs(dir);
      let filled = 0;
      const runs = interleaved(bench.forCase(), {
        base: () => eslint(dir, base),
        floor: () => eslint(dir, floor),
        cold: () => {
          emptyCache(dir);
          const run = eslint(dir, ours);
          filled = cacheEntries(dir);
          return run;
        },
        warm: () => eslint(dir, ours),
      });
      expect(filled).toBeGreaterThan(0);
      // Both configs lint the same files; only ours reports, and exactly the census's findings.
      const censusFindings = report(census(dir, "cold, 1 job"))
        .findings.map((f) => `payload-census/${f.rule} ${f.file}:${f.line}:${f.column}`)
        .sort();
      expect(linted(runs.cold[0]!)).toEqual(linted(runs.base[0]!));
      expect(problems(dir, runs.base[0]!)).toEqual([]);
      expect(problems(dir, runs.cold[0]!)).toEqual(censusFindings);
      for (const run of [...runs.cold, ...runs.warm]) expect(run.stdout).toBe(runs.cold[0]!.stdout);

      const scope = `ESLint, ${label} (${count(linted(runs.base[0]!).length)} files)`;
      const baseMs = msOf(runs.base);
      const coldMs = msOf(runs.cold);
      const warmMs = msOf(runs.warm);
      rows.push({ scope, measure: "without our rules", value: shown(runs.base), note: "@typescript-eslint/parser, no rules" });
      rows.push(ratioRow(scope, "configs.recommended, cold cache", runs.cold, coldMs / baseMs, "without", 1.25));
      rows.push(ratioRow(scope, "configs.recommended, warm cache", runs.warm, warmMs / baseMs, "without", 1.1));
      // Not a target: what ESLint itself adds for any rule (a traversal with listeners), and ours above that floor.
      const floorMs = msOf(runs.floor);
      rows.push(ratioRow(scope, "one rule that does nothing", runs.floor, floorMs / baseMs, "without"));
      rows.push(ratioRow(scope, "configs.recommended, warm cache, above that floor", runs.warm, warmMs / floorMs, "one rule"));
    });
  }
});

describe("in process: the analysis without a process start, and an editor's keystroke", () => {
  it("the census costs a small multiple of reading and parsing every file once; a keystroke a fraction of a census", () => {
    const corpus = corpusAt(1);
    const list = fileList(tsSources(corpus.dir));
    const run = measure(process.execPath, [IN_PROCESS, corpus.dir, list, corpus.editable, String(RUNS)]);
    if (run.status !== 0) throw new Error(`in-process bench failed: ${run.stderr}`);
    const times = JSON.parse(run.stdout) as Record<"parse" | "census" | "keystroke", number[]>;
    const parse = median(times.parse);
    const full = median(times.census);
    const keystroke = median(times.keystroke);
    const scope = "in process, monitor 1×";
    rows.push({ scope, measure: "read + parse every file", value: ms(parse), note: "parseSource: JSDoc skipped, as the census parses" });
    rows.push({ scope, measure: "runCensus", value: ms(full), ratio: { value: full / parse, against: "read + parse" } });
    rows.push({
      scope,
      measure: "keystroke (CensusSession.findingsFor)",
      value: ms(keystroke),
      ratio: { value: keystroke / full, against: "runCensus" },
    });
    // Alone, the census costs a few times reading and parsing, and a keystroke a small part of a census; the bounds
    // leave room for a busy machine and catch what matters: an analysis that stops being a few passes over each file,
    // or an editor session that redoes the whole census on every change.
    expect(full / parse).toBeLessThan(25);
    expect(keystroke / full).toBeLessThan(0.8);
  });
});
