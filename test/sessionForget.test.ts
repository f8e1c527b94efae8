// The process's linter sessions are kept per config file until the process forgets them.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { forgetSessions, sessionFor } from "../src/session.js";

const configFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "monitor", "payload-census.config.json");

it("gives the same session for a config file until the sessions are forgotten, then a new one", () => {
  const first = sessionFor(configFile);
  expect(sessionFor(configFile)).toBe(first);
  forgetSessions();
  const second = sessionFor(configFile);
  expect(second).not.toBe(first);
  expect(sessionFor(configFile)).toBe(second);
});
