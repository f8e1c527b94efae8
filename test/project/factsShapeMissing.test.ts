// A body read back without facts at all (a partial report's file entry with no `facts`) is not facts: told as damaged,
// never read field by field.
import { expect, it } from "vitest";
import { isFactsShaped } from "../../src/project/factCache.js";

it("undefined is no facts", () => {
  expect(isFactsShaped(undefined)).toBe(false);
});
