// Remembered glob walks (src/config/globListings.ts): a run whose every walked folder is unchanged resolves its config
// without walking; a file added or removed, a folder changed just before its walk, a link, a damaged memory: walked.
import { mkdirSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { FINE_RACY_MS, GlobListingFile, RACY_MS, racy } from "../../src/config/globListings.js";
import { loadConfig } from "../../src/config/load.js";
import { CensusSession } from "../../src/session.js";
import { captureIo } from "../census/io.js";
import { settledMonitor } from "./settled.js";


async function counts(dir: string, cache: string | null): Promise<{ tools: number; files: number }> {
  const io = captureIo(dir);
  await main(["check", "--format", "json", ...(cache ? ["--cache-location", cache] : ["--no-cache"])], io);
  const { counts } = JSON.parse(io.out.join("")) as { counts: { tools: number; files: number } };
  return { tools: counts.tools, files: counts.files };
}

/** How many of the config's globs the listings in `cache` answer without a walk. */
function remembered(dir: string, cache: string): number {
  const configFile = path.join(dir, "payload-census.config.json");
  let answered = 0;
  const probe = new GlobListingFile(cache, configFile);
  const matches = (key: string): string[] | undefined => {
    const known = probe.matches(key);
    if (known) answered++;
    return known;
  };
  loadConfig({ configFile, listings: { matches, remember: () => undefined } });
  return answered;
}

describe("remembered glob walks", () => {
  it("answer while every folder is unchanged; a tool file added is found, and one removed is gone", async () => {
    const { dir, cache } = settledMonitor("globs");
    const before = await counts(dir, cache);
    expect(remembered(dir, cache)).toBe(2);
    const tools = path.join(dir, "full", "src", "mcp", "tools");
    writeFileSync(path.join(tools, "extra.ts"), 'export const extra = "x";\n');
    expect(remembered(dir, cache), "the folder changed: walked again").toBe(1);
    const added = await counts(dir, cache);
    expect(added).toEqual(await counts(dir, null));
    expect(added.files).toBe(before.files + 1);
    rmSync(path.join(tools, "extra.ts"));
    expect(await counts(dir, cache)).toEqual(before);
  });

  it("a file in a new subfolder is found: the new folder changed the one holding it", async () => {
    const { dir, cache } = settledMonitor("globs");
    const before = await counts(dir, cache);
    mkdirSync(path.join(dir, "lite", "src", "mcp", "tools", "more"));
    writeFileSync(path.join(dir, "lite", "src", "mcp", "tools", "more", "extra.ts"), 'export const extra = "x";\n');
    const after = await counts(dir, cache);
    expect(after).toEqual(await counts(dir, null));
    expect(after.files).toBe(before.files + 1);
  });

  it("a folder changed just before its walk is walked again next time", () => {
    const { dir, cache } = settledMonitor("globs");
    const configFile = path.join(dir, "payload-census.config.json");
    const listings = new GlobListingFile(cache, configFile);
    // A time ahead of the walk, as a change in the walk's own tick of the clock would leave it.
    const ahead = new Date(Date.now() + 10_000);
    utimesSync(path.join(dir, "full", "src", "mcp", "tools"), ahead, ahead);
    loadConfig({ configFile, listings });
    listings.save();
    // Only the lite SKU's walk is trusted.
    expect(remembered(dir, cache)).toBe(1);
  });

  it("how long a change is too recent depends on how fine the file system's times are", () => {
    const listedAt = 1_700_000_000_000;
    // Whole seconds (FAT, HFS+): a change up to two seconds before the walk could share its tick with a later one.
    expect(racy(listedAt - 2000, listedAt)).toBe(true);
    expect(racy(listedAt - 3000, listedAt)).toBe(false);
    // Finer times: only the kernel's clock tick.
    expect(racy(listedAt - 50.5, listedAt)).toBe(true);
    expect(racy(listedAt - 150.5, listedAt)).toBe(false);
    expect(racy(listedAt + 10.5, listedAt)).toBe(true);
    expect([RACY_MS, FINE_RACY_MS]).toEqual([2000, 100]);
  });

  it.skipIf(process.platform === "win32")("a walk that met a link is not remembered", async () => {
    const { dir, cache } = settledMonitor("globs");
    symlinkSync(path.join(dir, "full", "src", "mcp", "tools"), path.join(dir, "lite", "src", "mcp", "tools", "linked"));
    utimesSync(path.join(dir, "lite", "src", "mcp", "tools"), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    const first = await counts(dir, cache);
    expect(first).toEqual(await counts(dir, null));
    expect(remembered(dir, cache)).toBe(1);
  });

  it("a damaged memory of walks is not trusted", async () => {
    const { dir, cache } = settledMonitor("globs");
    const before = await counts(dir, cache);
    for (const name of readdirSync(path.join(cache, "globs"))) writeFileSync(path.join(cache, "globs", name), '{"format":"payload-census-globs/1","sum":"0"}\n{}');
    expect(remembered(dir, cache)).toBe(0);
    expect(await counts(dir, cache)).toEqual(before);
    expect(remembered(dir, cache)).toBe(2);
  });

  it("an editor's session revalidating a settled tree finds a tool file added since its last walk", () => {
    const { dir } = settledMonitor("globs");
    const session = new CensusSession(path.join(dir, "payload-census.config.json"), { revalidateMs: 0, cache: false });
    const helpers = path.join(dir, "full", "src", "mcp", "helpers.ts");
    expect(session.findingsFor(helpers)).toEqual([]);
    expect(session.findingsFor(helpers)).toEqual([]);
    const added = path.join(dir, "full", "src", "mcp", "tools", "extra.ts");
    writeFileSync(added, 'import { status } from "../helpers.js";\nexport const extra = () => status("error", "Built by hand.", []);\n');
    expect(session.findingsFor(added).map((f) => `${f.rule} ${f.line}`)).toEqual(["hand-built-status 2"]);
  });
});
