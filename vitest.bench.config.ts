import { defineConfig } from "vitest/config";

// Benchmarks: ratios against a baseline measured in the same run, printed and bounded.
export default defineConfig({
  test: {
    include: ["test/bench/**/*.test.ts"],
    testTimeout: 300_000,
  },
});
