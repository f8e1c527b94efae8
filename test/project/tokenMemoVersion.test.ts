// The token memo is keyed by the tokenizer installed: counts remembered under its version are reused, counts
// remembered under another version are not (that tokenizer may count the same text otherwise).
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeEntry } from "../../src/cacheEntry.js";
import { TokenMemo } from "../../src/project/tokenMemo.js";
import { ENCODING, TokenCounter, textKey, tokenizerVersion } from "../../src/tokens.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const CONFIG = "/monitor/payload-census.config.json";
const TEXT = "Lists the tables of a schema.";
/** A count no tokenizer gives this text: seen only when it is read from the memo. */
const PLANTED = 9_999;
const INSTALLED = (createRequire(import.meta.url)("gpt-tokenizer/package.json") as { version: string }).version;

/** A memo over a cache folder whose report entry was written under `version`, counting TEXT as PLANTED. */
function memoWritten(version: string): TokenMemo {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-tokens-version-"));
  made.push(dir);
  const file = path.join(dir, "tokens", `${createHash("sha1").update(CONFIG).update("\0").update("report").digest("hex")}.json`);
  writeEntry(file, { format: "payload-census-tokens/1", key: `${ENCODING} gpt-tokenizer@${version}` }, JSON.stringify({ [textKey(TEXT)]: PLANTED }));
  return new TokenMemo(dir, CONFIG, "report");
}

describe("the token memo's tokenizer version", () => {
  it("is the version of the gpt-tokenizer package installed", () => {
    expect(tokenizerVersion()).toBe(INSTALLED);
  });

  it("reuses counts remembered under the installed version", () => {
    expect(memoWritten(INSTALLED).counter().count(TEXT)).toBe(PLANTED);
  });

  it("counts again what another version remembered", () => {
    const fresh = new TokenCounter().count(TEXT);
    expect(fresh).not.toBe(PLANTED);
    expect(memoWritten(`${INSTALLED}-other`).counter().count(TEXT)).toBe(fresh);
  });
});
