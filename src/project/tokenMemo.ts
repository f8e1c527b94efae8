// Token counts remembered between runs, beside the fact cache: a run whose descriptions all have a count from the last
// one never loads the tokenizer (its tables cost more than the rest of a small warm census). One entry per config file
// and purpose (a report counts every row, a linter only what a token budget needs), replaced by each run that counted
// something new or no longer needed a count it held, so it holds the counts of the last run and no more.
import { createHash } from "node:crypto";
import path from "node:path";
import { ENCODING, TokenCounter, tokenizerVersion } from "../tokens.js";
import { readEntry, writeEntry } from "./factCache.js";

const FORMAT = "payload-census-tokens/1";

export class TokenMemo {
  private readonly file: string;
  private readonly key: string;
  private known: Map<string, number> | undefined;

  constructor(cacheDir: string, configFile: string, purpose: "report" | "lint") {
    this.file = path.join(cacheDir, "tokens", `${createHash("sha1").update(configFile).update("\0").update(purpose).digest("hex")}.json`);
    this.key = `${ENCODING} gpt-tokenizer@${tokenizerVersion()}`;
  }

  /** A counter that starts from the counts remembered (none when the entry is missing, damaged or another tokenizer's). */
  counter(): TokenCounter {
    this.known = this.read();
    return new TokenCounter(this.known);
  }

  /** Remembers the counts `counter` gave, when they are not exactly the ones remembered already. */
  keep(counter: TokenCounter): void {
    const given = counter.given;
    if (!given || (counter.encoded === 0 && given.size === this.known?.size)) return;
    const sorted = [...given.keys()].sort().map((key) => [key, given.get(key)]);
    writeEntry(this.file, { format: FORMAT, key: this.key }, JSON.stringify(Object.fromEntries(sorted)));
  }

  private read(): Map<string, number> {
    const entry = readEntry(this.file);
    if (!entry || entry.header.format !== FORMAT || entry.header.key !== this.key) return new Map();
    try {
      // Only whole counts of 0 or more are read; a body that is no object yields none (a list's or a string's keys are
      // indexes, never a text's key; null throws).
      const counts = Object.entries(JSON.parse(entry.body) as object);
      return new Map(counts.filter((kv): kv is [string, number] => Number.isInteger(kv[1]) && kv[1] >= 0));
    } catch {
      return new Map();
    }
  }
}
