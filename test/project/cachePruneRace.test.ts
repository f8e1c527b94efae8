// Pruning the cache while another run prunes it too (FactCache.markUsed): a stale folder that the other run removes
// between this run's look at it and its removal is gone either way, and the pruning goes on to the next one. The other
// run is played by rmSync itself (on the builtin module, whose ESM bindings syncBuiltinESMExports updates), which
// removes the folder it is asked to remove just before doing so, once for each stale folder.
import fs, { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { FactCache, STALE_KEY_MS } from "../../src/project/factCache.js";
import { tempDir } from "../properties/trees.js";

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const OLD = NOW - STALE_KEY_MS - 24 * 60 * 60 * 1000;

const realRm = fs.rmSync;
const raced: string[] = [];

beforeEach(() => {
  fs.rmSync = ((target: fs.PathLike, options?: fs.RmOptions) => {
    raced.push(String(target));
    realRm(target, { recursive: true, force: true });
    realRm(target, options);
  }) as typeof fs.rmSync;
  syncBuiltinESMExports();
});
afterEach(() => {
  fs.rmSync = realRm;
  syncBuiltinESMExports();
  raced.length = 0;
});

/** A folder of entries under `cacheDir`, unchanged since OLD and without a `used` marker. */
function staleFolder(cacheDir: string, name: string): string {
  const folder = path.join(cacheDir, ...name.split("/"));
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "entry.json"), "{}\n{}");
  utimesSync(folder, new Date(OLD), new Date(OLD));
  return folder;
}

it("a stale folder removed by another run meanwhile ends no pruning: every stale folder after it goes too", () => {
  const cacheDir = tempDir("prune-race");
  const keys = [staleFolder(cacheDir, "facts/0000000000000001"), staleFolder(cacheDir, "facts/0000000000000002")];
  const legacy = [staleFolder(cacheDir, "ab"), staleFolder(cacheDir, "cd")];
  new FactCache({ dir: cacheDir, root: cacheDir, key: "f".repeat(64) }).markUsed(NOW);
  expect([...raced].sort()).toEqual([...keys, ...legacy].sort());
  for (const folder of [...keys, ...legacy]) expect(existsSync(folder), folder).toBe(false);
  expect(existsSync(path.join(cacheDir, "facts", "ffffffffffffffff", "used")), "this run's key is marked used").toBe(true);
});
