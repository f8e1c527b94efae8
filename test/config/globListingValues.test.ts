// GlobListingFile, value by value: a malformed listing is dropped alone (the others kept), and a file is written only
// when a listing changed.
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEntry, writeEntry } from "../../src/cacheEntry.js";
import { GlobListingFile } from "../../src/config/globListings.js";
import { tempDir } from "../properties/trees.js";

const HOUR_AGO = Date.now() - 3_600_000;
const GOOD = { matches: ["a.ts"], folders: [], listedAt: HOUR_AGO };

function cacheWith(listings: Record<string, unknown>): { cache: string; config: string } {
  const cache = tempDir("glob-values");
  const config = path.join(cache, "payload-census.config.json");
  const file = new GlobListingFile(cache, config);
  file.remember("seed", GOOD);
  file.save();
  const [name] = readdirSync(path.join(cache, "globs"));
  const entry = path.join(cache, "globs", name!);
  writeEntry(entry, readEntry(entry)!.header, JSON.stringify(listings));
  return { cache, config };
}

describe("a malformed listing is dropped, the others kept", () => {
  it.each([
    ["null", null],
    ["a number", 3],
    ["a string", "listing"],
    ["a list", []],
    ["matches that are not a list", { ...GOOD, matches: "a.ts" }],
    ["a match that is not text", { ...GOOD, matches: [1] }],
    ["folders that are not a list", { ...GOOD, folders: {} }],
    ["a folder that is null", { ...GOOD, folders: [null] }],
    ["a folder that is text", { ...GOOD, folders: ["/x"] }],
    ["a folder whose path is not text", { ...GOOD, folders: [[1, 2]] }],
    ["a folder without its time", { ...GOOD, folders: [["/x"]] }],
    ["a folder time that is text", { ...GOOD, folders: [["/x", "1"]] }],
    ["a walk time that is text", { ...GOOD, listedAt: "1" }],
  ])("%s", (_what, bad) => {
    const { cache, config } = cacheWith({ good: GOOD, bad });
    const listings = new GlobListingFile(cache, config);
    expect(listings.matches("bad")).toBeUndefined();
    expect(listings.matches("good")).toEqual(["a.ts"]);
  });
});

describe("save writes only what changed", () => {
  it("nothing remembered: no file is written", () => {
    const cache = tempDir("glob-values");
    new GlobListingFile(cache, path.join(cache, "c.json")).save();
    expect(existsSync(path.join(cache, "globs"))).toBe(false);
  });

  it("saved once, a second save without a change does not write again", () => {
    const cache = tempDir("glob-values");
    const listings = new GlobListingFile(cache, path.join(cache, "c.json"));
    listings.remember("k", GOOD);
    listings.save();
    rmSync(path.join(cache, "globs"), { recursive: true });
    listings.save();
    expect(existsSync(path.join(cache, "globs"))).toBe(false);
    listings.remember("k2", GOOD);
    listings.save();
    expect(readdirSync(path.join(cache, "globs"))).toHaveLength(1);
  });
});
