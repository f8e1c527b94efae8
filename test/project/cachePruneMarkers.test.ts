// Pruning the cache (FactCache.markUsed): a key is stale when its `used` marker, or the folder itself when there is no
// marker, is more than STALE_KEY_MS old; a key used exactly that long ago stays; only folders are entries of the
// layout before per-key folders.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { FactCache, STALE_KEY_MS } from "../../src/project/factCache.js";
import { tempDir } from "../properties/trees.js";

const DAY = 24 * 60 * 60 * 1000;
// A whole second, so that the times written to the disk and read back are exactly these.
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

/** A folder of entries under `cacheDir`, last changed at `folderTime`, with a `used` marker at `usedTime` when given. */
function keyFolder(cacheDir: string, name: string, folderTime: number, usedTime?: number): string {
  const folder = path.join(cacheDir, ...name.split("/"));
  mkdirSync(path.join(folder, "ab"), { recursive: true });
  writeFileSync(path.join(folder, "ab", "entry.json"), "{}\n{}");
  if (usedTime !== undefined) {
    writeFileSync(path.join(folder, "used"), "");
    utimesSync(path.join(folder, "used"), new Date(usedTime), new Date(usedTime));
  }
  utimesSync(folder, new Date(folderTime), new Date(folderTime));
  return folder;
}

/** Prunes as a run at NOW of a key of its own does. */
function prune(cacheDir: string): void {
  new FactCache({ dir: cacheDir, root: cacheDir, key: "f".repeat(64) }).markUsed(NOW);
}

it("a key used exactly STALE_KEY_MS ago stays; one used a second before that goes", () => {
  const cacheDir = tempDir("prune-edge");
  const edge = keyFolder(cacheDir, "facts/0000000000000001", NOW - DAY, NOW - STALE_KEY_MS);
  const past = keyFolder(cacheDir, "facts/0000000000000002", NOW - DAY, NOW - STALE_KEY_MS - 1000);
  prune(cacheDir);
  expect(existsSync(edge)).toBe(true);
  expect(existsSync(past)).toBe(false);
});

it("the `used` marker decides, not when the folder last changed; without a marker, the folder's time does", () => {
  const cacheDir = tempDir("prune-marker");
  const usedLately = keyFolder(cacheDir, "facts/0000000000000003", NOW - 30 * DAY, NOW - DAY);
  const unmarkedOld = keyFolder(cacheDir, "facts/0000000000000004", NOW - 8 * DAY);
  const unmarkedRecent = keyFolder(cacheDir, "facts/0000000000000005", NOW - 6 * DAY);
  prune(cacheDir);
  expect(existsSync(usedLately), "used a day ago, in a folder unchanged for a month").toBe(true);
  expect(existsSync(unmarkedOld), "no marker, unchanged for 8 days").toBe(false);
  expect(existsSync(unmarkedRecent), "no marker, changed 6 days ago").toBe(true);
});

it("a file named like an entry folder of the old layout is not the cache's, and stays", () => {
  const cacheDir = tempDir("prune-file");
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, "cd");
  writeFileSync(file, "not an entry folder");
  utimesSync(file, new Date(NOW - 30 * DAY), new Date(NOW - 30 * DAY));
  const legacy = keyFolder(cacheDir, "ce", NOW - 30 * DAY);
  prune(cacheDir);
  expect(existsSync(file)).toBe(true);
  expect(existsSync(legacy)).toBe(false);
});
