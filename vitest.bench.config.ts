import { defineConfig } from "vitest/config";

// Benchmarks: ratios against baselines measured in the same run, printed as one table (test/bench/bench.test.ts).
export default defineConfig({
  test: {
    include: ["test/bench/**/*.test.ts"],
    // One case at a time: two cases timing at once on a 2-core machine would each measure the other.
    fileParallelism: false,
    // The table is printed as it is, not under the runner's per-test log headers.
    disableConsoleIntercept: true,
    // A case runs the census or ESLint a dozen times over thousands of files; the whole bench stays under 10 minutes.
    testTimeout: 600_000,
    // Removing the generated trees at the end.
    hookTimeout: 120_000,
  },
});
