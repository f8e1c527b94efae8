// A census remembered across edits that leave every file's facts as they were (SPEC §7): a comment written, blank lines
// added. The project stage reads facts, not texts, so it is not run again; the report is still the fresh census's, code
// frames included. Any edit the facts see, or any other change, is censused again.
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { loadConfig } from "../../src/config/load.js";
import type { ResolvedConfig } from "../../src/config/types.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { runCensus } from "../../src/project/census.js";
import { extractionKey, FactCache } from "../../src/project/factCache.js";
import { extractOptionsOf, FactStore } from "../../src/project/factStore.js";
import { ResultMemo } from "../../src/project/resultMemo.js";
import { CensusSession } from "../../src/session.js";
import { captureIo } from "../census/io.js";
import { tempDir } from "../properties/trees.js";
import { FIXTURES } from "../redCases.js";

/** A copy of a fixture monitor, with a cache folder beside it. */
function copyOf(fixture: string): { dir: string; cache: string } {
  const base = tempDir("unchanged-facts");
  const dir = path.join(base, "monitor");
  cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  return { dir, cache: path.join(base, "cache") };
}

async function check(dir: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(dir);
  const code = await main(["check", "--format", "json", ...args], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

/** The memo a CLI run over `dir` with `cache` reads, and a store in front of the same cache that extracts (and counts). */
function memoAndStore(dir: string, cache: string): { config: ResolvedConfig; memo: ResultMemo; store: FactStore } {
  const config = loadConfig({ dir });
  const options = extractOptionsOf(config);
  const key = extractionKey(options);
  const store = new FactStore(options, { cache: new FactCache({ dir: cache, root: config.dir, key }), extract: extractFileFacts });
  return { config, memo: new ResultMemo(cache, key, config), store };
}

const append = (file: string, text: string) => writeFileSync(file, `${readFileSync(file, "utf8")}${text}`);
/** The JSON of a census's report and everything else it holds but the config (what a memo keeps). */
const kept = (result: { config: unknown }) => JSON.stringify({ ...result, config: undefined });

describe("files changed, their facts not", () => {
  it("a comment at a tool file's end: the remembered census, with one file read again and nothing else computed", async () => {
    const { dir, cache } = copyOf("monitor");
    const tool = path.join(dir, "full", "src", "mcp", "tools", "waits.ts");
    expect((await check(dir, ["--cache-location", cache])).code).toBe(0);
    append(tool, "\n// A note at the end of the file.\n");

    const { config, memo, store } = memoAndStore(dir, cache);
    expect(memo.recall(), "the text changed").toBeUndefined();
    const result = memo.recallUnchangedFacts(store);
    expect(result).toBeDefined();
    expect(store.extractions).toBe(1);
    expect(kept(result!)).toBe(kept(runCensus(config)));
    // Remembered again for the new text: the next run recalls it as it is.
    const next = memoAndStore(dir, cache);
    expect(next.memo.recall()).toBeDefined();
    expect(next.memo.contentOf(tool)).toBe(memo.contentOf(tool));
  });

  it("a comment on a finding's own line: the finding's code frame is the new line", async () => {
    const { dir, cache } = copyOf("red/hand-built-status/object-literal");
    const before = JSON.parse((await check(dir, ["--cache-location", cache])).out) as { findings: { file: string; line: number; source?: string }[] };
    const finding = before.findings.find((f) => f.file.endsWith(".ts"))!;
    expect(finding).toBeDefined();
    const file = path.join(dir, finding.file);
    const lines = readFileSync(file, "utf8").split("\n");
    lines[finding.line - 1] += " // the hand-built envelope";
    writeFileSync(file, lines.join("\n"));

    const { config, memo, store } = memoAndStore(dir, cache);
    const result = memo.recallUnchangedFacts(store);
    expect(result, "a trailing comment moves no fact").toBeDefined();
    const fresh = runCensus(config);
    expect(kept(result!)).toBe(kept(fresh));
    expect(result!.report.findings.find((f) => f.file === finding.file && f.line === finding.line)?.source).toBe(lines[finding.line - 1]);
    // The CLI answers the same, byte for byte, as a run without the cache.
    expect(await check(dir, ["--cache-location", cache])).toEqual(await check(dir, ["--no-cache"]));
  });

  it("the CLI's report after such an edit is the fresh census's, for the monitor and a red case, in every run after", async () => {
    for (const fixture of ["monitor", "red/pass-through-producer/local-helper"]) {
      const { dir, cache } = copyOf(fixture);
      const files = loadConfig({ dir }).skus.flatMap((s) => s.toolFiles);
      await check(dir, ["--cache-location", cache]);
      for (const [i, file] of files.slice(0, 3).entries()) {
        append(file, `\n\n// edit ${i}\n`);
        const fresh = await check(dir, ["--no-cache"]);
        expect(await check(dir, ["--cache-location", cache]), `${fixture}, edit ${i}`).toEqual(fresh);
        expect(await check(dir, ["--cache-location", cache]), `${fixture}, again after edit ${i}`).toEqual(fresh);
      }
    }
  });
});

describe("censused again", () => {
  it("when the facts changed: a new export, or a sentence that is now bare", async () => {
    const { dir, cache } = copyOf("monitor");
    const tool = path.join(dir, "full", "src", "mcp", "tools", "waits.ts");
    const original = readFileSync(tool, "utf8");
    await check(dir, ["--cache-location", cache]);
    for (const edited of [`${original}\nexport const added = 1;\n`, original.replace("if (error) return error;", 'if (error) return "A bare sentence.";')]) {
      expect(edited).not.toBe(original);
      writeFileSync(tool, edited);
      const { memo, store } = memoAndStore(dir, cache);
      expect(memo.recallUnchangedFacts(store)).toBeUndefined();
      expect(await check(dir, ["--cache-location", cache])).toEqual(await check(dir, ["--no-cache"]));
    }
  });

  it("when more files changed than the limit, and when the facts compared with are gone from the cache", async () => {
    const { dir, cache } = copyOf("monitor");
    const tools = path.join(dir, "full", "src", "mcp", "tools");
    await check(dir, ["--cache-location", cache]);
    append(path.join(tools, "waits.ts"), "\n// one\n");
    append(path.join(tools, "sessions.ts"), "\n// two\n");
    expect(memoAndStore(dir, cache).memo.recallUnchangedFacts(memoAndStore(dir, cache).store, 1)).toBeUndefined();
    const two = memoAndStore(dir, cache);
    expect(two.memo.recallUnchangedFacts(two.store, 2)).toBeDefined();
    expect(two.store.extractions).toBe(2);

    append(path.join(tools, "waits.ts"), "\n// three\n");
    rmSync(path.join(cache, "facts"), { recursive: true });
    const gone = memoAndStore(dir, cache);
    expect(gone.memo.recallUnchangedFacts(gone.store)).toBeUndefined();
    expect(await check(dir, ["--cache-location", cache])).toEqual(await check(dir, ["--no-cache"]));
  });

  it("when anything but the texts changed as well: a module appears where an import looked for it", async () => {
    const { dir, cache } = copyOf("monitor");
    const tools = path.join(dir, "full", "src", "mcp", "tools");
    writeFileSync(path.join(tools, "extra.ts"), 'import { later } from "./later.js";\nexport const x = later;\n');
    await check(dir, ["--cache-location", cache]);
    append(path.join(tools, "waits.ts"), "\n// a note\n");
    writeFileSync(path.join(tools, "later.ts"), 'import { status } from "../helpers.js";\nexport const later = () => status("error", "built by hand", []);\n');
    const { memo, store } = memoAndStore(dir, cache);
    expect(memo.recallUnchangedFacts(store)).toBeUndefined();
    expect(await check(dir, ["--cache-location", cache])).toEqual(await check(dir, ["--no-cache"]));
  });

  it("when nothing changed, or there is nothing remembered: nothing to recall this way", async () => {
    const { dir, cache } = copyOf("monitor");
    const none = memoAndStore(dir, cache);
    expect(none.memo.recallUnchangedFacts(none.store)).toBeUndefined();
    await check(dir, ["--cache-location", cache]);
    const same = memoAndStore(dir, cache);
    expect(same.memo.recallUnchangedFacts(same.store)).toBeUndefined();
    expect(same.store.extractions).toBe(0);
  });
});

describe("the ESLint session", () => {
  it("after a CLI run and a comment written, recalls the CLI's census and parses one file", async () => {
    const { dir, cache } = copyOf("red/hand-built-status/object-literal");
    const where = (f: { rule: string; file: string; line: number; column: number; message: string }) => `${f.rule} ${f.file}:${f.line}:${f.column} ${f.message}`;
    const cli = JSON.parse((await check(dir, ["--cache-location", cache])).out) as { findings: Parameters<typeof where>[0][] };
    expect(cli.findings.length).toBeGreaterThan(0);
    const config = loadConfig({ dir });
    const file = config.skus[0]!.toolFiles[0]!;
    append(file, "\n// a note\n");
    const session = new CensusSession(config.configFile, { cache: { location: cache } });
    const result = session.census();
    expect(session.stats()).toEqual({ censuses: 0, extractions: 1, remembered: 1 });
    expect(result.report.findings.map(where)).toEqual(cli.findings.map(where));
  });
});
