// GlobListingFile: the walks kept in the cache are read back only as they were written — a folder remembered as not
// there stays a valid listing, anything malformed is dropped, never trusted.
import { mkdirSync, readdirSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEntry, writeEntry } from "../../src/cacheEntry.js";
import { GlobListingFile } from "../../src/config/globListings.js";
import { tempDir } from "../properties/trees.js";

const HOUR_AGO = Date.now() - 3_600_000;

/** A cache folder with one saved listing for `key`, and the file it was saved in. */
function saved(listing: { matches: string[]; folders: [string, number | null][]; listedAt: number }): { cache: string; file: string; config: string } {
  const cache = tempDir("glob-listings");
  const config = path.join(cache, "payload-census.config.json");
  const listings = new GlobListingFile(cache, config);
  listings.remember("key", listing);
  listings.save();
  const [name] = readdirSync(path.join(cache, "globs"));
  return { cache, config, file: path.join(cache, "globs", name!) };
}

describe("GlobListingFile", () => {
  it("a folder remembered as not there: trusted while it is still not there", () => {
    const { cache, config } = saved({ matches: [], folders: [[path.join(tempDir("absent"), "gone"), null]], listedAt: HOUR_AGO });
    expect(new GlobListingFile(cache, config).matches("key")).toEqual([]);
  });

  it("a folder remembered with its time: trusted while its time is the same", () => {
    const folder = tempDir("walked");
    mkdirSync(path.join(folder, "tools"));
    const then = new Date(HOUR_AGO - 60_000);
    utimesSync(path.join(folder, "tools"), then, then);
    const { cache, config } = saved({ matches: ["a.ts"], folders: [[path.join(folder, "tools"), statSync(path.join(folder, "tools")).mtimeMs]], listedAt: HOUR_AGO });
    expect(new GlobListingFile(cache, config).matches("key")).toEqual(["a.ts"]);
  });

  it.each([
    ["a body that is not JSON", "not JSON"],
    ["a folder time that is text", JSON.stringify({ key: { matches: [], folders: [["/x", "12"]], listedAt: 1 } })],
    ["a folder that is not a pair", JSON.stringify({ key: { matches: [], folders: ["/x"], listedAt: 1 } })],
    ["a match that is not text", JSON.stringify({ key: { matches: [1], folders: [], listedAt: 1 } })],
    ["no walk time", JSON.stringify({ key: { matches: [], folders: [] } })],
    ["a listing that is null", JSON.stringify({ key: null })],
  ])("%s is dropped", (_what, body) => {
    const { cache, config, file } = saved({ matches: [], folders: [], listedAt: HOUR_AGO });
    writeEntry(file, readEntry(file)!.header, body);
    expect(new GlobListingFile(cache, config).matches("key")).toBeUndefined();
  });

  it("a listing of another format is dropped", () => {
    const { cache, config, file } = saved({ matches: [], folders: [], listedAt: HOUR_AGO });
    writeEntry(file, { format: "payload-census-globs/0" }, readEntry(file)!.body);
    expect(new GlobListingFile(cache, config).matches("key")).toBeUndefined();
  });
});
