// Fills a fact store before the census reads it: every file the census will check, read once, its facts taken from the
// cache or extracted — on every core when the work is large enough to pay for the threads (SPEC §7).
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ResolvedConfig } from "../config/types.js";
import type { FileFacts } from "../facts/types.js";
import { configuredModules, importsInScope } from "./analyzeSku.js";
import { SkuContext } from "./context.js";
import type { FactStore, PendingFile } from "./factStore.js";
import type { FactTask } from "./factWorker.js";
import { loadExtractor } from "./parser.js";

/**
 * Below this much text to extract, threads cost more than they save: each worker loads the parser (about what parsing
 * a few megabytes costs), so small runs stay in this thread.
 */
export const POOL_MIN_CHARS = 2_000_000;
/** Text per task given to a worker: large enough that messaging is noise, small enough that the cores finish together. */
export const BATCH_CHARS = 250_000;

export interface PrefetchOptions {
  /** Threads that extract facts; 1 keeps the work in this thread. */
  jobs: number;
  /** Told how many files are done of how many known so far, as the work goes. */
  progress?: (done: number, total: number) => void;
  /** The configured files to start from (the whole census by default; a shard's slice under `check --shard`). */
  files?: readonly string[];
  /** Text to extract below which the work stays in this thread (POOL_MIN_CHARS by default). */
  poolMinChars?: number;
  /**
   * The module the pool's threads run: the built `factWorker.js` beside this module by default, which a run from the
   * TypeScript sources (a test runner) does not have, so that its work stays in this thread.
   */
  workerModule?: string;
}

export function defaultJobs(): number {
  return availableParallelism();
}

/** Every file the SKUs of `config` name: tool files, helpers, producers, guide, instructions; sorted, each once. */
export function configuredFiles(config: ResolvedConfig): string[] {
  return [...new Set(config.skus.flatMap((sku) => [...sku.toolFiles, ...configuredModules(sku)]))].sort();
}

/**
 * Reads the configured files and the modules they import (wave by wave: a module's imports are known once its facts
 * are), so that the census that follows finds every file it checks in the store. Files the census reaches some other
 * way are read when it asks for them.
 */
export async function prefetch(config: ResolvedConfig, store: FactStore, options: PrefetchOptions): Promise<{ workers: number; thread: number }> {
  const contexts = config.skus.map((sku) => ({ ctx: new SkuContext(config, sku, store), configured: new Set([...sku.toolFiles, ...configuredModules(sku)]) }));
  let wave = [...(options.files ?? configuredFiles(config))];
  const seen = new Set(wave);
  let done = 0;
  const pool = new FactPool(store, options.jobs, options.poolMinChars ?? POOL_MIN_CHARS, options.workerModule ?? workerModule());
  const step = () => options.progress?.(++done, seen.size);
  try {
    while (wave.length > 0) {
      const pending = store.prepare(wave);
      done += wave.length - pending.length;
      options.progress?.(done, seen.size);
      await pool.extract(pending, step);
      const next: string[] = [];
      for (const { ctx, configured } of contexts) {
        const root = ctx.sku.root + path.sep;
        for (const file of wave) {
          if (!configured.has(file) && !file.startsWith(root)) continue;
          for (const target of importsInScope(ctx, file)) {
            if (seen.has(target)) continue;
            seen.add(target);
            next.push(target);
          }
        }
      }
      wave = next.sort();
    }
  } finally {
    await pool.close();
  }
  return pool.counts;
}

/** The extracting side of prefetch: this thread, or a pool of worker threads made on first need. */
class FactPool {
  private pool: import("tinypool").default | undefined;

  constructor(
    private readonly store: FactStore,
    private readonly jobs: number,
    private readonly minChars: number,
    private readonly worker: string | undefined,
  ) {}

  /** Files extracted by workers and by this thread so far. */
  readonly counts = { workers: 0, thread: 0 };

  async extract(pending: readonly PendingFile[], step: () => void): Promise<void> {
    if (pending.length === 0) return;
    const chars = pending.reduce((n, p) => n + p.text.length, 0);
    const worker = this.worker;
    if (this.jobs < 2 || chars < this.minChars || worker === undefined) {
      await this.inThread(pending, step);
      return;
    }
    // jobs - 1 workers and this thread take tasks from one queue: this thread would otherwise wait for the workers,
    // and what it extracts needs no crossing between threads.
    const pool = await this.open(worker);
    const cache = this.store.cache?.spec ?? null;
    const queue = batches(pending);
    const inWorker = async (): Promise<void> => {
      for (let files = queue.shift(); files !== undefined; files = queue.shift()) {
        const task: FactTask = { files, options: this.store.options, cache };
        const results = (await pool.run(task)) as string[];
        files.forEach((work, i) => {
          this.store.fill(work, JSON.parse(results[i]!) as FileFacts);
          step();
        });
        this.counts.workers += files.length;
      }
    };
    const inThisThread = async (): Promise<void> => {
      for (let files = queue.shift(); files !== undefined; files = queue.shift()) {
        await this.inThread(files, step);
        // Lets the workers' results in between tasks.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all([...Array.from({ length: this.jobs - 1 }, inWorker), inThisThread()]);
  }

  private async inThread(files: readonly PendingFile[], step: () => void): Promise<void> {
    if (!this.store.hasExtractor) this.store.useExtractor(await loadExtractor());
    for (const work of files) {
      this.store.extractPending(work);
      step();
    }
    this.counts.thread += files.length;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }

  private async open(filename: string): Promise<import("tinypool").default> {
    if (!this.pool) {
      const { default: Tinypool } = await import("tinypool");
      this.pool = new Tinypool({ filename, minThreads: this.jobs - 1, maxThreads: this.jobs - 1, isolateWorkers: false });
    }
    return this.pool;
  }
}

/** The worker's module as built; undefined when running from the TypeScript sources (a test runner), which stay in one thread. */
function workerModule(): string | undefined {
  const file = fileURLToPath(new URL("./factWorker.js", import.meta.url));
  return existsSync(file) ? file : undefined;
}

/** Files in source order, cut into tasks of about BATCH_CHARS of text each. */
export function batches(pending: readonly PendingFile[]): PendingFile[][] {
  const out: PendingFile[][] = [];
  let current: PendingFile[] = [];
  let chars = 0;
  for (const work of pending) {
    current.push(work);
    chars += work.text.length;
    if (chars >= BATCH_CHARS) {
      out.push(current);
      current = [];
      chars = 0;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}
