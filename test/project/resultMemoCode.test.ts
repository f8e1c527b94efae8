// A remembered census is the work of the whole core, not of the facts' code alone: a build whose checks differ (the
// same version number, other sources) never answers from another build's memory. And the digest of a code tree.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

/** A folder holding `files` (path relative to it → text). */
function treeOf(files: Record<string, string>): string {
  const dir = scratch();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The cache entry module as a new process loads it: no digest computed yet. */
async function fresh(): Promise<typeof import("../../src/cacheEntry.js")> {
  vi.resetModules();
  return await import("../../src/cacheEntry.js");
}

describe("treeDigest", () => {
  it("differs where a module of a subfolder differs, and not for declarations, maps or other files", async () => {
    const base = { "a.js": "x", "checks/b.js": "y", "checks/deep/c.ts": "z" };
    const digest = async (files: Record<string, string>) => (await fresh()).treeDigest(["v1"], treeOf(files));
    const same = await digest(base);
    expect(same).toMatch(/^[0-9a-f]{40}$/);
    expect(await digest(base)).toBe(same);
    expect(await digest({ ...base, "checks/deep/c.ts": "z2" })).not.toBe(same);
    expect(await digest({ ...base, "checks/d.cjs": "w" })).not.toBe(same);
    for (const other of ["checks/e.d.ts", "checks/b.js.map", "checks/f.json"]) expect(await digest({ ...base, [other]: "w" }), other).toBe(same);
    expect((await fresh()).treeDigest(["v2"], treeOf(base))).not.toBe(same);
  });

  it("names each module by its path in the tree: the same text moved to another folder is other code", async () => {
    const { treeDigest } = await fresh();
    expect(treeDigest(["v1"], treeOf({ "a/b.js": "x" }))).not.toBe(treeDigest(["v1"], treeOf({ "b.js": "x", a: "" })));
    expect(treeDigest(["v1"], treeOf({ "a/b.js": "x" }))).not.toBe(treeDigest(["v1"], treeOf({ "c/b.js": "x" })));
  });

  it("reads a tree nested deeper than a call stack would follow", async () => {
    const deep = Array.from({ length: 200 }, (_, i) => `d${i}`).join("/");
    const { treeDigest } = await fresh();
    const one = treeDigest(["v1"], treeOf({ [`${deep}/m.js`]: "x" }));
    expect(treeDigest(["v1"], treeOf({ [`${deep}/m.js`]: "y" }))).not.toBe(one);
  });

  it("is computed once per process", async () => {
    const dir = treeOf({ "a/b.js": "x" });
    const { treeDigest } = await fresh();
    const first = treeDigest(["v1"], dir);
    writeFileSync(path.join(dir, "a", "b.js"), "y");
    expect(treeDigest(["v1"], dir)).toBe(first);
    expect((await fresh()).treeDigest(["v1"], dir)).not.toBe(first);
  });
});

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
