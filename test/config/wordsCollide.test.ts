// Contract words that collide when the user wrote both: the error names the refusal word's key (with only one of
// them written, the written one: test/config/errors.test.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { ConfigError } from "../../src/errors.js";
import { loadConfig } from "../../src/config/load.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

it("both words written, the same: the refusal word is blamed", () => {
  const config = JSON.parse(readFileSync(path.join(TEMPLATE_MONITOR, "payload-census.config.json"), "utf8"));
  const text = JSON.stringify({ ...config, contract: { ...config.contract, words: { failure: "bad", refusal: "bad" } } });
  let thrown: unknown;
  try {
    loadConfig({ dir: TEMPLATE_MONITOR, text });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigError);
  expect((thrown as ConfigError).jsonPath).toBe("contract.words.refusal");
});
