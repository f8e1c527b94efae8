// Token counts as clients pay them: the o200k_base encoding of a pure-JavaScript BPE tokenizer, no network.
import { createRequire } from "node:module";
import type * as O200k from "gpt-tokenizer/encoding/o200k_base";

/** The encoding every count of the census is in. */
export const ENCODING = "o200k_base";

/**
 * Counts tokens of texts, made per run. The encoding's tables load on the first count, not when the census starts: a
 * run that measures no description never pays for them.
 */
export class TokenCounter {
  private encoding: typeof O200k | undefined;
  /** Special tokens (`<|endoftext|>`) in a description are text a client sends as text: none is refused. */
  private readonly asText = { disallowedSpecial: new Set<string>() };

  count(text: string): number {
    this.encoding ??= createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as typeof O200k;
    return this.encoding.countTokens(text, this.asText);
  }
}
