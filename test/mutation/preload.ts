/// <reference types="vite/client" />
// The mutation run's setup file (vitest.mutation.config.ts). The run shares one module graph between test files and
// between mutants (`isolate: false`), so it must keep two things from leaking from one test into the next:
// - Code that runs once, when its module loads (tables of messages, sets of names, constants): every module of src/
//   and census/ is loaded here, before any test, so Stryker sees that code as static. Loaded later by a test (a
//   census command imports its stages when it needs them), a mutant there would be credited to that test alone and
//   take effect in no other; static mutants are left out of the score (`ignoreStatic`).
// - A census remembered from another mutant: the process's linter sessions and the census cache of the fixtures
//   inside the repository (node_modules/.cache/payload-census, keyed by the code, which is one instrumented build for
//   every mutant) are dropped before each test, so each test computes what it checks under the mutant it runs with.
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach } from "vitest";
import { forgetSessions } from "../../src/session.js";

import.meta.glob(["../../src/**/*.ts", "../../census/**/*.ts", "!../../census/bin.ts", "!../../src/config/writeSchema.ts"], { eager: true });

const cache = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "node_modules", ".cache", "payload-census");

beforeEach(() => {
  forgetSessions();
  let names: string[];
  try {
    names = readdirSync(cache);
  } catch {
    return;
  }
  // v8/ holds the parser's compiled code, which no mutant changes.
  for (const name of names) if (name !== "v8") rmSync(path.join(cache, name), { recursive: true, force: true });
});
