// The mutation run leaves a slow folder's tests out of a run that mutates nothing in that folder (vitest.mutation.config.ts).
import { expect, it } from "vitest";
import { forTheirSubjectOnly, mutatesUnder } from "../../vitest.mutation.config.js";

it.each([
  [undefined, true],
  ["", true],
  ["src/facts/data.ts,src/facts/tools.ts", false],
  ["census/dropcheck/run.ts", true],
  ["census/dropcheck/run.ts:10-20", true],
  ["census/**/*.ts", true],
  ["**/*.ts", true],
  ["src/**/*.ts,!census/**", false],
  ["census/witness/sites.ts", false],
])("--mutate %j may mutate census/dropcheck/: %s", (globs, expected) => {
  expect(mutatesUnder(globs, "census/dropcheck/")).toBe(expected);
});

it("names existing test files and folders", async () => {
  const { existsSync } = await import("node:fs");
  for (const [file, folder] of Object.entries(forTheirSubjectOnly)) {
    expect(existsSync(file), file).toBe(true);
    expect(existsSync(folder), folder).toBe(true);
  }
});
