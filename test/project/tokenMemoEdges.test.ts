// The token memo over an entry it cannot trust: a run that counts nothing leaves it as it is (it has nothing to
// remember), and a run that counts a text replaces it with that count.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeEntry } from "../../src/cacheEntry.js";
import { TokenMemo } from "../../src/project/tokenMemo.js";
import { ENCODING, textKey, tokenizerVersion } from "../../src/tokens.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const CONFIG = "/monitor/payload-census.config.json";
const HEADER = { format: "payload-census-tokens/1", key: `${ENCODING} gpt-tokenizer@${tokenizerVersion()}` };
const UNTRUSTED = [
  ["null", "null"],
  ["not JSON", "{"],
];

/** A cache folder whose report entry has `body`, a memo over it, and the entry's file. */
function planted(body: string): { memo: TokenMemo; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-tokens-edges-"));
  made.push(dir);
  const file = path.join(dir, "tokens", `${createHash("sha1").update(CONFIG).update("\0").update("report").digest("hex")}.json`);
  writeEntry(file, HEADER, body);
  return { memo: new TokenMemo(dir, CONFIG, "report"), file };
}

describe("a run that counts nothing", () => {
  it.each(UNTRUSTED)("leaves an entry whose body is %s as it is", (_what, body) => {
    const { memo, file } = planted(body!);
    const before = readFileSync(file, "utf8");
    memo.keep(memo.counter());
    expect(readFileSync(file, "utf8")).toBe(before);
  });
});

describe("a run that counts a text", () => {
  it.each(UNTRUSTED)("replaces an entry whose body is %s with its count", (_what, body) => {
    const { memo, file } = planted(body!);
    const counter = memo.counter();
    const n = counter.count("hello");
    memo.keep(counter);
    const text = readFileSync(file, "utf8");
    expect(JSON.parse(text.slice(text.indexOf("\n") + 1))).toEqual({ [textKey("hello")]: n });
  });
});
