// The fact extractor, loaded only when some file's facts are not in the cache: importing it loads the TypeScript
// parser, which a fully warm run never needs.
import type { Extract, FactStore } from "./factStore.js";
import { ParserNeeded } from "./factStore.js";

let parserLoaded = false;

export async function loadExtractor(): Promise<Extract> {
  const { extractFileFacts } = await import("../facts/extract.js");
  parserLoaded = true;
  return extractFileFacts;
}

/** Once the parser ran in this thread: its compiled code is kept for the next process (see tsCodeCache.ts). */
export async function keepParserCode(): Promise<void> {
  if (parserLoaded) (await import("../tsCodeCache.js")).keepParserCode();
}

/**
 * Runs `step` (a census over `store`) and, when it needs facts no cache holds, loads the parser into the store and runs
 * it again: what the store read before stays read, so the second run costs only the files that were missing.
 */
export async function withParserOnDemand<T>(store: FactStore, step: () => T): Promise<T> {
  for (;;) {
    try {
      return step();
    } catch (error) {
      if (!(error instanceof ParserNeeded) || store.hasExtractor) throw error;
      store.useExtractor(await loadExtractor());
    }
  }
}
