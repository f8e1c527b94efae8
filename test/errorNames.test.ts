// Each error a user can fix is named after its class, made inside the test (a value made while the file is collected
// is no test's, so mutation testing would credit no test with checking it).
import { expect, it } from "vitest";
import { ConfigError, PartialCensusError, UsageError, UserError } from "../src/errors.js";

it.each([
  ["UserError", () => new UserError("x")],
  ["ConfigError", () => new ConfigError("x")],
  ["UsageError", () => new UsageError("x")],
  ["PartialCensusError", () => new PartialCensusError("x")],
])("%s is named after its class", (name, make) => {
  const error = make();
  expect(error.name).toBe(name);
  expect(String(error)).toBe(`${name}: x`);
});
