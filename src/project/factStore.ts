// Per-file facts on demand, computed once per file text: the cache both front ends share.
import { readFileSync, statSync } from "node:fs";
import { extractFileFacts, type ExtractOptions } from "../facts/extract.js";
import type { FileFacts } from "../facts/types.js";
import type { ResolvedConfig } from "../config/types.js";

export interface StoredFacts {
  /** Absolute path. */
  file: string;
  /** undefined when the file could not be read. */
  facts: FileFacts | undefined;
  readError?: string;
}

export function extractOptionsOf(config: ResolvedConfig): ExtractOptions {
  return {
    register: config.discovery.register,
    adapters: config.discovery.adapters,
    definers: config.discovery.definers,
    bodyKey: config.discovery.bodyKey,
    builders: [config.contract.builder, ...config.contract.allow.map((a) => a.callee)],
    producers: [config.contract.failure, config.contract.refusal],
  };
}

export class FactStore {
  private readonly cache = new Map<string, StoredFacts>();

  constructor(
    private readonly options: ExtractOptions,
    /** Text to use instead of the disk's, per absolute path (an editor's unsaved buffer). */
    private readonly overrides: ReadonlyMap<string, string> = new Map(),
  ) {}

  get(file: string): StoredFacts {
    let stored = this.cache.get(file);
    if (!stored) {
      stored = this.load(file);
      this.cache.set(file, stored);
    }
    return stored;
  }

  /** Whether a file exists and can be read (for module resolution). */
  exists(file: string): boolean {
    if (this.overrides.has(file)) return true;
    const stored = this.cache.get(file);
    if (stored) return stored.facts !== undefined;
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  }

  private load(file: string): StoredFacts {
    let text = this.overrides.get(file);
    if (text === undefined) {
      try {
        text = readFileSync(file, "utf8");
      } catch (e) {
        return { file, facts: undefined, readError: (e as NodeJS.ErrnoException).code ?? String(e) };
      }
    }
    return { file, facts: extractFileFacts(file, text, this.options) };
  }
}
