// Test helper: a copy of the reference monitor whose folders all last changed an hour ago, so that its glob walks are
// trusted and remembered (a folder changed within seconds of its walk is walked again; see src/config/globListings.ts).
import { cpSync, readdirSync, utimesSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tempDir } from "../properties/trees.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");

/** Sets the modification time of `folder` and of every folder below it to an hour ago. */
export function settle(folder: string): void {
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const e of readdirSync(folder, { withFileTypes: true })) if (e.isDirectory()) settle(path.join(folder, e.name));
  utimesSync(folder, hourAgo, hourAgo);
}

/** A settled copy of the reference monitor in a new temp folder, with a cache folder beside it. */
export function settledMonitor(prefix: string): { dir: string; cache: string } {
  const base = tempDir(prefix);
  const dir = path.join(base, "monitor");
  cpSync(path.join(fixtures, "monitor"), dir, { recursive: true });
  settle(dir);
  return { dir, cache: path.join(base, "cache") };
}
