// How many threads the CLI asks the prefetch for: --jobs when given, else the machine's default (defaultJobs), for the
// census and for a shard alike. A missing --jobs must never reach the worker pool as `undefined` threads: the built
// CLI's pool would be opened with NaN threads.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../../census/main.js";
import { loadConfig } from "../../src/config/load.js";
import { censusOf as runCensus } from "../../src/project/pipeline.js";
import { prefetch } from "../../src/project/prefetch.js";
import { captureIo } from "./io.js";
import { censusResult, cleanReport, config } from "./reports.js";

vi.mock("../../src/config/load.js", () => ({ CONFIG_FILE_NAME: "payload-census.config.json", loadConfig: vi.fn(), loadRoster: vi.fn() }));
vi.mock("../../src/project/pipeline.js", () => ({ censusOf: vi.fn(), traceOf: vi.fn() }));
// A default no machine has by chance (the tests' machines have 2 to 64 cores, and defaultJobs is at least 1).
vi.mock("../../src/project/prefetch.js", () => ({ prefetch: vi.fn(), configuredFiles: vi.fn(() => []), defaultJobs: () => 7 }));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "payload-census-jobs-"));
  mkdirSync(join(dir, "monitor", "src"), { recursive: true });
  vi.mocked(loadConfig).mockImplementation((options) => config(options.configFile ? join(options.configFile, "..") : options.dir!));
  vi.mocked(runCensus).mockReturnValue(censusResult(join(dir, "monitor"), { report: cleanReport() }));
});
afterEach(() => {
  vi.resetAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const jobsGiven = () => vi.mocked(prefetch).mock.calls.map(([, , options]) => options?.jobs);

describe("the prefetch's threads", () => {
  it.each([
    ["the census without --jobs: the default", ["monitor"], 7],
    ["the census with --jobs 2", ["monitor", "--jobs", "2"], 2],
    ["a shard without --jobs: the default", ["check", "monitor", "--shard", "1/2"], 7],
    ["a shard with --jobs 3", ["check", "monitor", "--shard", "1/2", "--jobs", "3"], 3],
  ])("%s", async (_name, argv, jobs) => {
    const io = captureIo(dir);
    const code = await main(argv, io);
    expect(io.err.join(""), io.err.join("")).toBe("");
    expect(code).toBe(0);
    expect(jobsGiven()).toEqual([jobs]);
  });
});
