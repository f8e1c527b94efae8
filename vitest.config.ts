import { defineConfig } from "vitest/config";

/** What every run of the tests shares: `npm test` and the mutation run (vitest.mutation.config.ts). */
export const common = {
  include: ["test/**/*.test.ts"],
  exclude: ["test/bench/**", "node_modules/**", "dist/**"],
  testTimeout: 30_000,
  // Hooks every test file needs whatever helpers it imports (removing the helpers' throwaway folders).
  setupFiles: ["test/setup.ts"],
};

/**
 * Test files that change what every module of their process sees: they mock or reload modules, or set environment
 * variables and globals for the code under test. Each runs in a module graph and a process of its own, so that a test
 * of theirs that fails half-way leaves nothing behind for another file.
 */
export const ownProcess = [
  "test/cacheEntryState.test.ts", // reloads src/cacheEntry.ts (vi.resetModules)
  "test/project/resultMemoCode.test.ts", // reloads the whole core (vi.resetModules)
  "test/census/main.test.ts", // vi.mock
  "test/serve/stdioSdkMissing.test.ts", // vi.mock
  "test/census/internalErrorNoStack.test.ts", // vi.mock
  "test/census/reporters.test.ts", // NO_COLOR
  "test/dropcheck.test.ts", // TMPDIR
  "test/dropcheck/edges.test.ts", // TMPDIR, PATH, GIT_CEILING_DIRECTORIES
  "test/dropcheck/programs.test.ts", // PATH, TMPDIR
  "test/serve.test.ts", // variables and a global of the served fixtures
  "test/serve-real.test.ts",
  "test/serve/errors.test.ts",
  "test/serve/survivors.test.ts",
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...common,
          name: "shared",
          exclude: [...common.exclude, ...ownProcess],
          // One module graph for all the other files of a worker: each file would otherwise load src/ and the
          // TypeScript parser afresh, which was most of the suite's time. Their tests share no state but what they
          // build themselves (temp folders, stores, configs), and none relies on a module loading first.
          isolate: false,
        },
      },
      { test: { ...common, name: "isolated", include: ownProcess } },
    ],
  },
});
