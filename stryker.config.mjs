// npm run mutation: Stryker's mutants of src/ and census/ against the tests of vitest.mutation.config.ts.
// docs/mutation.md says what is mutated, what is left out and why, and the latest score.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: true },
  mutate: [
    "src/**/*.ts",
    "census/**/*.ts",
    // Only reachable as a process: it hands argv and the real streams to main(), which the tests call in-process.
    "!census/bin.ts",
    // The build's step that writes schema/*.json and the precompiled validators: only run as a process, by npm run build;
    // test/config/schema.test.ts and test/config/precompiled.test.ts check what it wrote.
    "!src/config/writeSchema.ts",
    // Runs once, as a process's first load of the TypeScript package (a test process has loaded it already):
    // test/project/tsCodeCache.test.ts checks it in processes of their own, which load the built code, not a mutant.
    "!src/tsCodeCache.ts",
  ],
  // Stryker would otherwise write `// @ts-nocheck` atop TypeScript files in its copy of the project, the monitors under
  // fixtures/ among them, moving every line the tests expect; vitest does not type-check, so the mutants need no such line.
  disableTypeChecks: false,
  coverageAnalysis: "perTest",
  // A mutant run only while a module loads would need a fresh test environment and every test: not tested, not counted.
  ignoreStatic: true,
  // Results are kept (and committed) here, so that a re-run tests only the mutants of changed code or tests.
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  // One test process: the machine's other core stays free (--concurrency overrides it).
  concurrency: 1,
  // Stryker's own defaults: a mutant that loops forever costs its tests' time × 1.5 + 5 s before it counts as detected.
  timeoutMS: 5_000,
  timeoutFactor: 1.5,
  dryRunTimeoutMinutes: 30,
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  thresholds: { high: 90, low: 85, break: 85 },
  cleanTempDir: "always",
};
