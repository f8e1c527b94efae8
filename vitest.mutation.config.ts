import path from "node:path";
import picomatch from "picomatch";
import { defineConfig, mergeConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { common } from "./vitest.config.js";

// The tests of the mutation run (npm run mutation): every test that runs src/ or census/ in its own process, where
// Stryker's mutants live. Left out, because they only see the built dist/ (compiled from the unmutated sources) or
// only the source tree's imports, and so could kill no mutant while costing a minute of every run:
export const withoutMutants = [
  "test/bin.test.ts", // runs dist/census/bin.js and npx payload-census
  "test/install.test.ts", // npm pack and npm install of the package, then its bin and its ESLint plugin
  "test/action.test.ts", // the GitHub action's script, over dist/census/bin.js
  "test/census/cacheProcesses.test.ts", // concurrent dist/census/bin.js processes sharing one cache
  "test/project/tsCodeCache.test.ts", // child processes loading dist/src/ts.js
  "test/project/pool.test.ts", // imports every module it tests from dist/ (the worker pool runs dist/ in its threads)
  "test/properties/determinism.test.ts", // runs dist/census/bin.js over reordered trees
  "test/layers.test.ts", // dependency-cruiser over the source files' imports, which no mutant changes
  // Loads the whole core afresh inside its tests (vi.resetModules) to digest it: Stryker then takes the code every
  // module runs as it loads (sets of names, tables) for code this one test covers, and tests those mutants against it
  // alone, which reads no such table; they were reported surviving. Without it they are static, as preload.ts intends.
  // The digest it checks is also tested by test/cacheEntryState.test.ts, which loads only src/cacheEntry.ts afresh.
  "test/project/resultMemoCode.test.ts",
];

// Left out too, unless MUTATION_ALL_TESTS=1: the three slowest files, which every surviving mutant of the core would run
// to the end (about 50 s of its 80 s) while they were the first to kill 4 of the first 1,427 mutants killed. Each
// re-runs the census over every fixture, as test/parity.test.ts and test/fixtures.test.ts already do; their own
// subjects (the remembered census, shards, rewrites) have tests of their own. The score without them is a lower bound.
export const slowAndRedundant = [
  "test/properties/metamorphic.test.ts", // every rewrite of every fixture (30 s)
  "test/census/shard.test.ts", // shards merged, for every fixture and shard count (11 s)
  "test/project/resultMemo.test.ts", // the remembered census, for every fixture (8 s)
];

/**
 * Slow files whose subject is one folder: they run git and tar in throwaway repositories to test dropcheck, and cost every
 * surviving mutant of the core a minute (half the test time of one), while the census they run over their small monitor
 * is the one test/parity.test.ts and the rules' tests run over every fixture. They are left out of a run that mutates no
 * file of their folder (MUTATION_MUTATE, the --mutate globs, set by test/mutation/run.mjs); a run over all files, or one
 * that names a file of the folder, keeps them.
 */
export const forTheirSubjectOnly: Readonly<Record<string, string>> = {
  "test/dropcheck.test.ts": "census/dropcheck/",
  "test/dropcheck/edges.test.ts": "census/dropcheck/",
};

/** Whether a run that mutates the files of `globs` (comma-separated; none: every file) may mutate a file under `folder`. */
export function mutatesUnder(globs: string | undefined, folder: string): boolean {
  if (!globs) return true;
  return globs
    .split(",")
    .filter((glob) => glob !== "" && !glob.startsWith("!"))
    .some((glob) => {
      // The glob's folder part (a plain path, `:lines` range and all, is its own): the folder is under it, or it under the folder.
      const base = picomatch.scan(glob).base;
      const prefix = base === "" ? "" : `${base}/`;
      return folder.startsWith(prefix) || prefix.startsWith(folder);
    });
}

const leftOutForSubject = Object.entries(forTheirSubjectOnly)
  .filter(([, folder]) => !mutatesUnder(process.env.MUTATION_MUTATE, folder))
  .map(([file]) => file);

/**
 * Test files in the order that kills a mutant soonest: Stryker stops a mutant's run at the first failing test, and
 * vitest's own order (the slowest file first, which suits a parallel run) would spend a minute in the metamorphic
 * properties before the unit test that fails at once. The file that failed in the last run comes first (the next mutant
 * is most often on the next line), then the quickest by their last duration, unknown ones by size, smallest first.
 */
class QuickestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (file: TestSpecification) => `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`;
    const ranked = files.map((file) => {
      const last = cache.getFileTestResults(key(file));
      return { file, failed: last?.failed === true, duration: last?.duration, size: cache.getFileStats(key(file))?.size ?? 0 };
    });
    ranked.sort((a, b) => {
      if (a.failed !== b.failed) return a.failed ? -1 : 1;
      if (a.duration !== undefined && b.duration !== undefined) return a.duration - b.duration;
      if (a.duration !== undefined || b.duration !== undefined) return a.duration === undefined ? -1 : 1;
      return a.size - b.size;
    });
    return ranked.map((r) => r.file);
  }
}

export default mergeConfig(defineConfig({ test: common }), {
  test: {
    exclude: process.env.MUTATION_ALL_TESTS === "1" ? withoutMutants : [...withoutMutants, ...slowAndRedundant, ...leftOutForSubject],
    // One module graph for every test file: a mutant runs the tests of several files, and each would otherwise load
    // src/ and the TypeScript parser afresh. Stryker switches its mutants at run time, so no file needs a fresh copy.
    isolate: false,
    // Every module loaded before the tests, so Stryker sees code that runs at load as static (test/mutation/preload.ts).
    setupFiles: ["test/mutation/preload.ts"],
    sequence: { sequencer: QuickestFirst },
    // A test that starts processes and waits on them (the serve and dropcheck tests) can miss its deadline on a machine
    // busy with the run's other test process: once more before it counts, so that one late child does not end the
    // initial run (Stryker stops at a failing test there) nor kill a mutant. A mutant's failing test fails twice.
    retry: 1,
  },
});
