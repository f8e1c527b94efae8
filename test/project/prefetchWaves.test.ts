// What prefetch reads before the census asks (src/project/prefetch.ts): the configured files, then wave by wave the
// modules of the SKU's root they import — from a configured module outside the root too, and through modules no
// config names — the progress counting files the cache answered, and the pool's threads ended with the run.
import { readFileSync } from "node:fs";
import path from "node:path";
import Tinypool from "tinypool";
import { afterEach, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractionKey, FactCache } from "../../src/project/factCache.js";
import { extractOptionsOf, FactStore } from "../../src/project/factStore.js";
import { prefetch } from "../../src/project/prefetch.js";
import { tempTree } from "../config/tempTree.js";
import { tempDir } from "../properties/trees.js";

const root = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const workerModule = path.join(root, "dist", "src", "project", "factWorker.js");

afterEach(() => {
  vi.restoreAllMocks();
});

/** A monitor whose SKU is rooted at `app/`, its helpers module outside it, under `shared/`. */
function monitor(files: Record<string, string>): string {
  const sku = { name: "main", root: "app", helpers: "../shared/helpers.ts", producers: [], tools: ["tools/*.ts"] };
  return tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [sku] }),
    "shared/helpers.ts": 'import { WORDS } from "../app/words.js";\nexport function status(w: string, m: string) { return JSON.stringify({ status: w, message: m, words: WORDS }); }\n',
    "app/words.ts": "export const WORDS = 1;\n",
    "app/tools/one.ts": 'import { first } from "../first.js";\nexport function register(server) { server.registerTool("one", { description: "D." }, async () => first()); }\n',
    "app/first.ts": 'import { second } from "./second.js";\nexport const first = () => second();\n',
    "app/second.ts": 'export const second = () => ({ content: [] });\n',
    ...files,
  });
}

/** The files prefetch read into the store, relative to the monitor, sorted. */
async function prefetched(dir: string, options: { cacheDir?: string; jobs?: number } = {}) {
  const config = loadConfig({ dir });
  const extract = extractOptionsOf(config);
  const cache = options.cacheDir === undefined ? undefined : new FactCache({ dir: options.cacheDir, root: config.dir, key: extractionKey(extract) });
  const store = new FactStore(extract, { cache, extract: extractFileFacts });
  const steps: [number, number][] = [];
  const counts = await prefetch(config, store, { jobs: options.jobs ?? 1, poolMinChars: 0, workerModule, progress: (done, total) => steps.push([done, total]) });
  const read = store
    .withFacts()
    .map((f) => path.relative(dir, f.file))
    .sort();
  return { read, counts, steps };
}

it("reads the imports of a configured module outside the root, and imports of imports no config names", async () => {
  const { read } = await prefetched(monitor({}));
  expect(read).toEqual(["app/first.ts", "app/second.ts", "app/tools/one.ts", "app/words.ts", "shared/helpers.ts"]);
});

it("counts the files the cache answered in its progress, and ends at the total", async () => {
  const dir = monitor({});
  const cacheDir = tempDir("prefetch-waves");
  const cold = await prefetched(dir, { cacheDir });
  const warm = await prefetched(dir, { cacheDir });
  expect(warm.counts).toEqual({ workers: 0, thread: 0 });
  expect(warm.steps.at(-1)).toEqual([5, 5]);
  expect(cold.steps.at(-1)).toEqual([5, 5]);
  for (const run of [cold, warm]) for (const [done, total] of run.steps) expect(done).toBeLessThanOrEqual(total);
});

it("one pool for every wave, of jobs - 1 threads kept for the run, ended once the files are read", async () => {
  const run = vi.spyOn(Tinypool.prototype, "run");
  const destroy = vi.spyOn(Tinypool.prototype, "destroy");
  const { counts } = await prefetched(monitor({}), { jobs: 3 });
  expect(counts.workers).toBeGreaterThan(0);
  // The second wave (the modules the first imports) goes to the pool the first opened.
  expect(run.mock.calls.length).toBeGreaterThan(1);
  const pools = new Set(run.mock.contexts);
  expect(pools.size).toBe(1);
  const [pool] = pools as Set<Tinypool>;
  expect({ min: pool!.options.minThreads, max: pool!.options.maxThreads, isolate: pool!.options.isolateWorkers }).toEqual({ min: 2, max: 2, isolate: false });
  expect(destroy.mock.contexts).toEqual([pool]);
});

it("a run the cache answers whole loads no extractor (no parser)", async () => {
  const dir = monitor({});
  const cacheDir = tempDir("prefetch-warm");
  await prefetched(dir, { cacheDir });
  const config = loadConfig({ dir });
  const extract = extractOptionsOf(config);
  const store = new FactStore(extract, { cache: new FactCache({ dir: cacheDir, root: config.dir, key: extractionKey(extract) }) });
  expect(await prefetch(config, store, { jobs: 1 })).toEqual({ workers: 0, thread: 0 });
  expect(store.hasExtractor).toBe(false);
});

it("text of exactly the threshold goes to the pool; one character short of it stays in this thread", async () => {
  const dir = monitor({});
  const config = loadConfig({ dir });
  // The first wave: the configured files (the tool file and the helpers module).
  const chars = [...config.skus[0]!.toolFiles, config.skus[0]!.helpers!].reduce((n, f) => n + readFileSync(f, "utf8").length, 0);
  const run = async (poolMinChars: number) => {
    const store = new FactStore(extractOptionsOf(config), { extract: extractFileFacts });
    return prefetch(config, store, { jobs: 2, poolMinChars, workerModule });
  };
  expect((await run(chars)).workers).toBeGreaterThan(0);
  expect((await run(chars + 1)).workers).toBe(0);
});

it("with two jobs, one worker and this thread each take tasks from the queue", async () => {
  // Three files of 200,000 characters: two tasks of about BATCH_CHARS, one for the worker, one for this thread.
  const big = (name: string) => `export const ${name} = "${"x".repeat(200_000)}";\n`;
  const dir = monitor({ "app/tools/big1.ts": big("a"), "app/tools/big2.ts": big("b"), "app/tools/big3.ts": big("c") });
  const { counts } = await prefetched(dir, { jobs: 2 });
  expect(counts.workers).toBeGreaterThan(0);
  expect(counts.thread).toBeGreaterThan(0);
});
