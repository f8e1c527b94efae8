// Token counts as clients pay them: the o200k_base encoding of a pure-JavaScript BPE tokenizer, no network.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type * as O200k from "gpt-tokenizer/encoding/o200k_base";

/** The encoding every count of the census is in. */
export const ENCODING = "o200k_base";

const require = createRequire(import.meta.url);

/**
 * Counts tokens of texts, made per run. The encoding's tables load on the first count, not when the census starts: a
 * run that measures no description never pays for them, and neither does one whose every text has a count `known`
 * from an earlier run (by the text's hash, see `TokenCounter.given`).
 */
export class TokenCounter {
  private encoding: typeof O200k | undefined;
  /** Special tokens (`<|endoftext|>`) in a description are text a client sends as text: none is refused. */
  private readonly asText = { disallowedSpecial: new Set<string>() };
  /** Each count this counter gave, by textKey of its text, when it remembers them (it was given counts known before). */
  readonly given: Map<string, number> | undefined;
  /** How many texts it had to encode. */
  encoded = 0;

  constructor(private readonly known?: ReadonlyMap<string, number>) {
    this.given = known ? new Map() : undefined;
  }

  count(text: string): number {
    if (!this.given) return this.encode(text);
    const key = textKey(text);
    const n = this.given.get(key) ?? this.known?.get(key) ?? this.encode(text);
    this.given.set(key, n);
    return n;
  }

  private encode(text: string): number {
    this.encoded++;
    this.encoding ??= require("gpt-tokenizer/encoding/o200k_base") as typeof O200k;
    return this.encoding.countTokens(text, this.asText);
  }
}

/** The key a count is remembered under: the hash of the text. */
export function textKey(text: string): string {
  return createHash("sha1").update(text).digest("base64url");
}

/** The tokenizer's own version: counts remembered by another one are not reused. */
export function tokenizerVersion(): string {
  return (require("gpt-tokenizer/package.json") as { version: string }).version;
}
