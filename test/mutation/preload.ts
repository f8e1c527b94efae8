/// <reference types="vite/client" />
// The mutation run's setup file (vitest.mutation.config.ts): every module of src/ and census/ loaded before any test
// runs. Code that runs once, when its module loads (tables of messages, sets of names, constants), is then seen by
// Stryker as static: the mutation run's module graph is shared by every test file (`isolate: false`), so a mutant
// there would take effect only in the process that loaded the module first, and Stryker would otherwise credit it to
// whichever test happened to load the module (a census command imports its stages when it needs them) and report it
// surviving that one test. Static mutants are left out of the score (`ignoreStatic`).
import.meta.glob(["../../src/**/*.ts", "../../census/**/*.ts", "!../../census/bin.ts", "!../../src/config/writeSchema.ts"], { eager: true });
