// The layers of the code base, checked by `npm run layers` (and so by `npm test`): data flows one way, front ends on top.
//   src/config/  → nothing of src/facts/ or src/project/
//   src/facts/   → nothing of src/project/, census/ or rules/ (per-file facts never reach downstream)
//   src/         → nothing of census/ or rules/ (the core knows no front end)
//   census/      → src/ (the CLI)
//   rules/       → src/, node built-ins, and types of @typescript-eslint/utils (the ESLint plugin)
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-not-to-front-ends",
      comment: "The core (src/) serves both front ends and imports neither: census/ and rules/ build on it, never the reverse.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(census|rules)/" },
    },
    {
      name: "rules-not-to-census",
      comment: "The ESLint plugin reads the same core facts as the CLI, not the CLI itself.",
      severity: "error",
      from: { path: "^rules/" },
      to: { path: "^census/" },
    },
    {
      name: "rules-only-core",
      comment: "A rule translates core facts into context.report calls: it imports src/, node built-ins and @typescript-eslint/utils only.",
      severity: "error",
      from: { path: "^rules/" },
      to: { pathNot: "^(src|rules|census)/|(^|/)node_modules/@typescript-eslint/utils/", dependencyTypesNot: ["core"] },
    },
    {
      name: "rules-eslint-utils-types-only",
      comment: "@typescript-eslint/utils is a development dependency: the installed plugin may import its types only.",
      severity: "error",
      from: { path: "^rules/" },
      to: { path: "(^|/)node_modules/@typescript-eslint/utils/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "facts-not-downstream",
      comment: "Per-file facts are a pure function of one file's text and the config: they never import the project stage or a front end.",
      severity: "error",
      from: { path: "^src/facts/" },
      to: { path: "^(src/project|census|rules)/" },
    },
    {
      name: "config-not-to-facts-or-project",
      comment: "The config is resolved before any file is read: it imports neither the per-file facts nor the project stage.",
      severity: "error",
      from: { path: "^src/config/" },
      to: { path: "^src/(facts|project)/" },
    },
    {
      name: "no-circular",
      comment: "Each module builds only on modules that do not build on it.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-source-to-test",
      comment: "Tests use the code; the code never uses a test.",
      severity: "error",
      from: { pathNot: "^test/" },
      to: { path: "^test/" },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    // Type-only imports are dependencies of the layering too.
    tsPreCompilationDeps: true,
    // Packages resolve through their `exports`, to their types where they have them (as TypeScript resolves them).
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["types", "import", "require", "node", "default"] },
  },
};
