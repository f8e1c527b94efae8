// A remembered census is the work of the whole core, not of the facts' code alone: a build whose checks differ (the
// same version number, other sources) never answers from another build's memory (the digest of a code tree is tested
// in test/cacheEntryState.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config/load.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");

const dirs: string[] = [];
afterEach(() => {
  vi.doUnmock("../../src/cacheEntry.js");
  vi.resetModules();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-tree-"));
  dirs.push(dir);
  return dir;
}


/** The cache entry module as a new process loads it: no digest computed yet. */
async function fresh(): Promise<typeof import("../../src/cacheEntry.js")> {
  vi.resetModules();
  return await import("../../src/cacheEntry.js");
}

describe("a remembered census", () => {
  /** The result memo module of a process whose core code digests to `code`. */
  async function memoOf(code: string): Promise<typeof import("../../src/project/resultMemo.js")> {
    vi.resetModules();
    vi.doMock("../../src/cacheEntry.js", async (original) => ({
      ...(await original<typeof import("../../src/cacheEntry.js")>()),
      treeDigest: () => code,
    }));
    return await import("../../src/project/resultMemo.js");
  }

  it("is not recalled by a build whose core differs, and is by the same build", async () => {
    const dir = path.join(fixtures, "monitor");
    const cache = scratch();
    const config = loadConfig({ dir });
    const { extractingStore, runCensus } = await import("../../src/project/census.js");
    const store = extractingStore(config);
    const result = runCensus(config, { store });
    const one = await memoOf("one");
    new one.ResultMemo(cache, "facts", config).remember(store, result);
    expect(new one.ResultMemo(cache, "facts", config).recall()).toBeDefined();
    const other = await memoOf("other");
    expect(new other.ResultMemo(cache, "facts", config).recall()).toBeUndefined();
  });
});
