// The fact pool's own side, run from the sources: prefetch hands its tasks to the built worker module (workers run the
// built extractor, `npm run build` first, as `npm test` does), and this thread fills the store with what they return,
// counts who extracted what and tells the progress. test/project/pool.test.ts runs the whole pool as shipped.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadReporters } from "../../census/reporters/index.js";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractionKey, FactCache } from "../../src/project/factCache.js";
import { extractOptionsOf, FactStore, type PendingFile } from "../../src/project/factStore.js";
import { censusOf } from "../../src/project/pipeline.js";
import { BATCH_CHARS, batches, configuredFiles, prefetch } from "../../src/project/prefetch.js";
import { tempDir } from "../properties/trees.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const workerModule = path.join(root, "dist", "src", "project", "factWorker.js");
const reporters = await loadReporters();

interface Run {
  json: string;
  counts: { workers: number; thread: number };
  steps: [number, number][];
  store: FactStore;
}

async function census(fixture: string, jobs: number, options: { cacheDir?: string; workerModule?: string; poolMinChars?: number } = {}): Promise<Run> {
  const config = loadConfig({ dir: path.join(root, "fixtures", fixture) });
  const extract = extractOptionsOf(config);
  const cache = options.cacheDir === undefined ? undefined : new FactCache({ dir: options.cacheDir, root: config.dir, key: extractionKey(extract) });
  const store = new FactStore(extract, { cache });
  const steps: [number, number][] = [];
  const counts = await prefetch(config, store, {
    jobs,
    poolMinChars: options.poolMinChars ?? 0,
    workerModule: "workerModule" in options ? options.workerModule : workerModule,
    progress: (done, total) => steps.push([done, total]),
  });
  store.useExtractor(extractFileFacts);
  const result = censusOf(config, store);
  const json = reporters.json(result.report, { color: false, quiet: false, budget: result.config.descriptions, allDescriptions: true, version: "0", base: "" });
  return { json, counts, steps, store };
}

/** Files of the cache's fact entries (the markers aside). */
function cachedFiles(dir: string): number {
  let n = 0;
  const facts = path.join(dir, "facts");
  for (const key of readdirSync(facts)) {
    for (const sub of readdirSync(path.join(facts, key))) if (sub !== "used") n += readdirSync(path.join(facts, key, sub)).length;
  }
  return n;
}

describe("prefetch over a pool of threads, this thread's side from the sources", () => {
  it("workers and this thread share the files, and the report is the one-thread report", async () => {
    const one = await census("monitor", 1);
    const two = await census("monitor", 2);
    expect(one.counts.workers).toBe(0);
    expect(two.counts.workers, "the worker extracted facts").toBeGreaterThan(0);
    // Every file is extracted once, by one side or the other.
    expect(two.counts.workers + two.counts.thread).toBe(one.counts.thread);
    expect(two.store.extractions).toBe(one.store.extractions);
    expect(two.json).toBe(one.json);
  });

  it("tells the progress of every file, ending at the total it knows", async () => {
    const two = await census("monitor", 2);
    const total = two.counts.workers + two.counts.thread;
    const last = two.steps.at(-1)!;
    expect(last[0]).toBe(last[1]);
    expect(last[0]).toBe(total);
    for (let i = 1; i < two.steps.length; i++) expect(two.steps[i]![0]).toBeGreaterThanOrEqual(two.steps[i - 1]![0]);
  });

  it("the workers write the cache entries of the files they extract, which a later run reads", async () => {
    const cacheDir = tempDir("pool-source");
    const cold = await census("monitor", 2, { cacheDir });
    expect(cold.counts.workers).toBeGreaterThan(0);
    expect(cachedFiles(cacheDir)).toBe(cold.counts.workers + cold.counts.thread);
    const warm = await census("monitor", 1, { cacheDir });
    expect(warm.store.extractions).toBe(0);
    expect(warm.counts).toEqual({ workers: 0, thread: 0 });
    expect(warm.json).toBe(cold.json);
  });

  it("by default, a run as small as the reference monitor stays in this thread", async () => {
    const config = loadConfig({ dir: path.join(root, "fixtures", "monitor") });
    const store = new FactStore(extractOptionsOf(config));
    const counts = await prefetch(config, store, { jobs: 2, workerModule });
    expect(counts.workers).toBe(0);
    expect(counts.thread).toBeGreaterThan(0);
  });

  it("stays in this thread below the text it takes to pay for threads, or without a worker module", async () => {
    const small = await census("monitor", 2, { poolMinChars: Number.MAX_SAFE_INTEGER });
    expect(small.counts.workers).toBe(0);
    expect(small.counts.thread).toBeGreaterThan(0);
    const none = await census("monitor", 2, { workerModule: undefined });
    expect(none.counts.workers).toBe(0);
    expect(none.json).toBe(small.json);
  });

  it("reads the configured files it starts from once each, sorted", () => {
    const config = loadConfig({ dir: path.join(root, "fixtures", "monitor") });
    const files = configuredFiles(config);
    expect(files.length).toBeGreaterThan(0);
    expect(new Set(files).size).toBe(files.length);
    expect([...files].sort()).toEqual(files);
  });
});

describe("batches: tasks of about BATCH_CHARS of text, in source order", () => {
  const work = (file: string, chars: number): PendingFile => ({ file, text: "x".repeat(chars), content: "", stamp: undefined });
  const names = (tasks: PendingFile[][]) => tasks.map((t) => t.map((w) => w.file));

  it("none for no files", () => {
    expect(batches([])).toEqual([]);
  });

  it("a task ends at the file that brings it to BATCH_CHARS, not before", () => {
    expect(names(batches([work("a", BATCH_CHARS - 1), work("b", 1), work("c", 1)]))).toEqual([["a", "b"], ["c"]]);
    expect(names(batches([work("a", BATCH_CHARS - 2), work("b", 1), work("c", 1)]))).toEqual([["a", "b", "c"]]);
  });

  it("a file as large as a task is a task of its own, and the count starts again after it", () => {
    expect(names(batches([work("a", BATCH_CHARS), work("b", BATCH_CHARS - 1), work("c", 1), work("d", 1)]))).toEqual([["a"], ["b", "c"], ["d"]]);
  });

  it("small files share one task, the last one kept", () => {
    expect(names(batches([work("a", 10), work("b", 10)]))).toEqual([["a", "b"]]);
  });
});
