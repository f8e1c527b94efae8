// The worker pool (SPEC §7), measured as shipped: the built modules (the pool's workers run the built extractor), so
// this file needs `npm run build` first, as `npm test` does. Facts extracted on two threads make the same reports as
// facts extracted on one, in JSON and SARIF, with and without the cache.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDir } from "../properties/trees.js";
import { RED_CASES } from "../redCases.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const dist = path.join(root, "dist");
const { loadConfig } = (await import(path.join(dist, "src", "config", "load.js"))) as typeof import("../../src/config/load.js");
const { FactStore, extractOptionsOf } = (await import(path.join(dist, "src", "project", "factStore.js"))) as typeof import("../../src/project/factStore.js");
const { FactCache, extractionKey } = (await import(path.join(dist, "src", "project", "factCache.js"))) as typeof import("../../src/project/factCache.js");
const { prefetch } = (await import(path.join(dist, "src", "project", "prefetch.js"))) as typeof import("../../src/project/prefetch.js");
const { censusOf } = (await import(path.join(dist, "src", "project", "pipeline.js"))) as typeof import("../../src/project/pipeline.js");
const { withParserOnDemand } = (await import(path.join(dist, "src", "project", "parser.js"))) as typeof import("../../src/project/parser.js");
const reporters = await ((await import(path.join(dist, "census", "reporters", "index.js"))) as typeof import("../../census/reporters/index.js")).loadReporters();

const fixtures = path.join(root, "fixtures");
// One red case of each rule: every check's findings cross the threads. Each case starts a pool of its own (a worker
// loading the parser), so every case would cost two minutes; what a worker hands back is its facts' JSON, and
// test/facts/plainFacts.test.ts shows every fixture file's facts equal their JSON round trip.
const RED = [...new Map(RED_CASES.map((c) => [c.split("/")[1], c])).values()];

async function reportsWith(fixture: string, jobs: number, cacheDir?: string): Promise<{ json: string; sarif: string; extractions: number }> {
  const config = loadConfig({ dir: path.join(fixtures, fixture) });
  const options = extractOptionsOf(config);
  const cache = cacheDir === undefined ? undefined : new FactCache({ dir: cacheDir, root: config.dir, key: extractionKey(options) });
  const store = new FactStore(options, { cache });
  // Every file goes through the pool, however small the run: the threshold is what keeps real small runs in one thread.
  const done = await prefetch(config, store, { jobs, poolMinChars: 0 });
  const result = await withParserOnDemand(store, () => censusOf(config, store));
  // A worker takes the first task before this thread takes any: the workers' facts are always in the comparison.
  if (jobs > 1) expect(done.workers, "the worker extracted facts").toBeGreaterThan(0);
  if (jobs === 1) expect(done.workers).toBe(0);
  const options2 = { color: false, quiet: false, budget: result.config.descriptions, allDescriptions: true, version: "0", base: "" };
  return { json: reporters.json(result.report, options2), sarif: reporters.sarif(result.report, options2), extractions: store.extractions };
}

describe("--jobs 1 and --jobs 2 give byte-identical reports", () => {
  for (const fixture of ["monitor", ...RED]) {
    it(fixture, async () => {
      const one = await reportsWith(fixture, 1);
      const two = await reportsWith(fixture, 2);
      expect(two.json).toBe(one.json);
      expect(two.sarif).toBe(one.sarif);
    });
  }

  it("the workers fill the cache a later run reads", async () => {
    const cacheDir = tempDir("pool");
    const cold = await reportsWith("monitor", 2, cacheDir);
    expect(cold.extractions).toBeGreaterThan(0);
    const warm = await reportsWith("monitor", 1, cacheDir);
    expect(warm.extractions).toBe(0);
    expect(warm.json).toBe(cold.json);
  });
});
