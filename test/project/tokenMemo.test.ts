// The token counts a run remembers for the next (src/project/tokenMemo.ts): where they are kept, what an entry holds,
// when a run writes it again, and that an entry of another format, tokenizer or shape is never trusted.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readEntry, writeEntry } from "../../src/cacheEntry.js";
import { TokenMemo } from "../../src/project/tokenMemo.js";
import { ENCODING, TokenCounter, textKey, tokenizerVersion } from "../../src/tokens.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const cacheDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-tokens-"));
  made.push(dir);
  return dir;
};
const CONFIG = "/monitor/payload-census.config.json";
const entryFile = (dir: string, purpose: "report" | "lint") =>
  path.join(dir, "tokens", `${createHash("sha1").update(CONFIG).update("\0").update(purpose).digest("hex")}.json`);
const HEADER = { format: "payload-census-tokens/1", key: `${ENCODING} gpt-tokenizer@${tokenizerVersion()}` };

/** One run: a counter from the memo, the texts counted, the counts kept. */
function run(dir: string, texts: string[], purpose: "report" | "lint" = "report") {
  const memo = new TokenMemo(dir, CONFIG, purpose);
  const counter = memo.counter();
  const counts = texts.map((t) => counter.count(t));
  memo.keep(counter);
  return { counts, encoded: counter.encoded };
}

describe("token counts remembered between runs", () => {
  it("are kept in one entry per config file and purpose, under the cache's tokens folder, sorted by text", () => {
    const dir = cacheDir();
    const texts = ["zebra crossing", "apple pie", "mango lassi"];
    const { counts } = run(dir, texts);
    expect(existsSync(entryFile(dir, "lint"))).toBe(false);
    const entry = readEntry(entryFile(dir, "report"));
    expect(entry?.header).toMatchObject(HEADER);
    const body = JSON.parse(entry!.body) as Record<string, number>;
    const keys = texts.map(textKey);
    expect(Object.keys(body)).toEqual([...keys].sort());
    expect(keys.map((k) => body[k])).toEqual(counts);
    expect(counts).toEqual(texts.map((t) => new TokenCounter().count(t)));
  });

  it("are written sorted by text however many there are", () => {
    const dir = cacheDir();
    const texts = Array.from({ length: 120 }, (_, i) => `text number ${(i * 37) % 120}`);
    run(dir, texts);
    const keys = Object.keys(JSON.parse(readEntry(entryFile(dir, "report"))!.body));
    expect(keys).toEqual(texts.map(textKey).sort());
  });

  it("give the next run its counts without encoding any text again, and that run leaves the entry as it was", () => {
    const dir = cacheDir();
    run(dir, ["one text", "another text"]);
    // Nothing new to remember: the entry is not written again (a stand-in left in its place stays).
    const before = readFileSync(entryFile(dir, "report"));
    const memo = new TokenMemo(dir, CONFIG, "report");
    const counter = memo.counter();
    expect([counter.count("another text"), counter.count("one text")]).toEqual([2, 2]);
    expect(counter.encoded).toBe(0);
    writeFileSync(entryFile(dir, "report"), "stand-in");
    memo.keep(counter);
    expect(readFileSync(entryFile(dir, "report"), "utf8")).toBe("stand-in");
    expect(before.length).toBeGreaterThan(0);
  });

  it("are written again when a run counted a new text, or needed fewer than were kept (only the run's are kept)", () => {
    const dir = cacheDir();
    run(dir, ["first", "second", "third"]);
    const grown = run(dir, ["first", "fourth"]);
    expect(grown.encoded).toBe(1);
    expect(Object.keys(JSON.parse(readEntry(entryFile(dir, "report"))!.body))).toEqual([textKey("first"), textKey("fourth")].sort());
    const swapped = run(dir, ["first", "fifth"]);
    expect(swapped.encoded).toBe(1);
    expect(Object.keys(JSON.parse(readEntry(entryFile(dir, "report"))!.body))).toEqual([textKey("first"), textKey("fifth")].sort());
    const fewer = run(dir, ["fifth"]);
    expect(fewer.encoded).toBe(0);
    expect(Object.keys(JSON.parse(readEntry(entryFile(dir, "report"))!.body))).toEqual([textKey("fifth")]);
  });

  it("are not written by a counter that was not made from the memo", () => {
    const dir = cacheDir();
    const memo = new TokenMemo(dir, CONFIG, "report");
    memo.counter();
    const plain = new TokenCounter();
    plain.count("a text");
    memo.keep(plain);
    expect(existsSync(entryFile(dir, "report"))).toBe(false);
  });

  describe("an entry that is not to be trusted counts as none", () => {
    const planted = (header: Record<string, unknown>, body: string) => {
      const dir = cacheDir();
      writeEntry(entryFile(dir, "report"), header, body);
      return dir;
    };
    const seen = (dir: string) => {
      const counter = new TokenMemo(dir, CONFIG, "report").counter();
      return { n: counter.count("hello"), encoded: counter.encoded };
    };
    const real = new TokenCounter().count("hello");

    it("trusts a whole entry of its own format and tokenizer", () => {
      expect(seen(planted(HEADER, JSON.stringify({ [textKey("hello")]: 99 })))).toEqual({ n: 99, encoded: 0 });
    });

    it.each([
      ["another format", { ...HEADER, format: "payload-census-tokens/0" }, JSON.stringify({ [textKey("hello")]: 99 })],
      ["another tokenizer", { ...HEADER, key: `${ENCODING} gpt-tokenizer@0.0.0` }, JSON.stringify({ [textKey("hello")]: 99 })],
      ["a list", HEADER, JSON.stringify([99])],
      ["null", HEADER, "null"],
      ["a number", HEADER, "99"],
      ["a string", HEADER, JSON.stringify("99")],
      ["not JSON", HEADER, "{"],
      ["a negative count", HEADER, JSON.stringify({ [textKey("hello")]: -1 })],
      ["a count that is not whole", HEADER, JSON.stringify({ [textKey("hello")]: 1.5 })],
      ["a count that is text", HEADER, JSON.stringify({ [textKey("hello")]: "99" })],
    ])("nor one of %s", (_what, header, body) => {
      expect(seen(planted(header, body))).toEqual({ n: real, encoded: 1 });
    });

    it("keeps the good counts of an entry beside the bad ones, and a count of 0", () => {
      const dir = planted(HEADER, JSON.stringify({ [textKey("hello")]: 0, [textKey("bye")]: -3 }));
      const counter = new TokenMemo(dir, CONFIG, "report").counter();
      expect([counter.count("hello"), counter.encoded]).toEqual([0, 0]);
      counter.count("bye");
      expect(counter.encoded).toBe(1);
    });
  });
});
