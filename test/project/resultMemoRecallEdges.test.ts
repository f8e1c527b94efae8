// The remembered census where the disk changed in ways a quick look can miss, through the CLI with a cache: a file whose
// text changed under a stamp that did not move (same size, its time set back) beside one whose stamp moved, a file the
// census can list but not read among the files it remembers, and an entry whose result is damaged when a comment changed.
import { appendFileSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { readEntry, writeEntry } from "../../src/cacheEntry.js";
import { loadConfig } from "../../src/config/load.js";
import type { Report } from "../../src/model.js";
import { extractionKey } from "../../src/project/factCache.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { ResultMemo } from "../../src/project/resultMemo.js";
import { captureIo } from "../census/io.js";
import { toolFile, writeMonitor } from "../adversarial/generate.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `payload-census-${prefix}-`));
  made.push(dir);
  return dir;
}

/** `check --format json` over `dir` with the cache at `cache`: the report, and the exit code (0 or 1, nothing on stderr). */
async function check(dir: string, cache: string): Promise<Report> {
  const io = captureIo(dir);
  const code = await main(["check", dir, "--cache-location", cache, "--format", "json"], io);
  expect(io.err.join("")).toBe("");
  expect([0, 1]).toContain(code);
  return JSON.parse(io.out.join("")) as Report;
}

/** Each finding as the JSON report and the remembered result both hold it: rule, place and message. */
const places = (findings: readonly { rule: string; file: string; line: number; column: number; message: string }[]): string[] =>
  findings.map((f) => `${f.rule} ${f.file}:${f.line}:${f.column} ${f.message}`);

const sentences = (report: Report): string[] => report.findings.filter((f) => f.rule === "bare-sentence-roster").map((f) => `${f.file}: ${f.message}`);

/** A time of whole seconds, long past: set on a file before and after an edit, its stamp does not move. */
const SET_BACK = 1_600_000_000;

describe("a remembered census and a text changed under a stamp that did not move", () => {
  it("is not recalled when another file's stamp moved with only a comment changed", async () => {
    const dir = scratch("memo-unmoved");
    const cache = scratch("memo-unmoved-cache");
    const moved = path.join(dir, "src", "tools", "a.ts");
    const still = path.join(dir, "src", "tools", "b.ts");
    writeMonitor(dir, {
      "src/tools/a.ts": toolFile("a", [`    return "Alpha sentence.";`]),
      "src/tools/b.ts": toolFile("b", [`    return "Bravo sentence.";`]),
    });
    utimesSync(still, SET_BACK, SET_BACK);
    const before = await check(dir, cache);
    expect(sentences(before).join("\n")).toContain("Bravo sentence.");

    appendFileSync(moved, "// a comment: the same facts\n");
    // The same size, another sentence: other facts, under the stamp the census remembers.
    writeFileSync(still, toolFile("b", [`    return "Brave sentence.";`]));
    utimesSync(still, SET_BACK, SET_BACK);
    const after = await check(dir, cache);
    expect(sentences(after).join("\n")).toContain("Brave sentence.");
    expect(sentences(after).join("\n")).not.toContain("Bravo sentence.");
  });
});

describe.skipIf(process.platform !== "linux")("a remembered census with a file that cannot be read", () => {
  // Linux's /proc/self/mem, reached through a link among the tool files: a regular file whose read fails (EIO).
  function monitor(): { dir: string; cache: string; tool: string } {
    const dir = scratch("memo-unreadable");
    const cache = scratch("memo-unreadable-cache");
    writeMonitor(dir, { "src/tools/a.ts": toolFile("a", [`    return "Alpha sentence.";`]) });
    symlinkSync("/proc/self/mem", path.join(dir, "src", "tools", "mem.ts"));
    return { dir, cache, tool: path.join(dir, "src", "tools", "a.ts") };
  }

  it("is recalled while the disk is as it was", async () => {
    const { dir, cache } = monitor();
    const first = await check(dir, cache);
    const config = loadConfig({ dir });
    expect(places(new ResultMemo(cache, extractionKey(extractOptionsOf(config)), config).recall()?.report.findings ?? [])).toEqual(places(first.findings));
    expect(await check(dir, cache)).toEqual(first);
  });

  it("is recalled, with the new code frames, when a file's comment changed", async () => {
    const { dir, cache, tool } = monitor();
    const first = await check(dir, cache);
    appendFileSync(tool, "// a comment: the same facts\n");
    expect(await check(dir, cache)).toEqual(first);
    const config = loadConfig({ dir });
    expect(places(new ResultMemo(cache, extractionKey(extractOptionsOf(config)), config).recall()?.report.findings ?? [])).toEqual(places(first.findings));
  });
});

describe("a remembered census whose result is damaged", () => {
  it("is not recalled when a file's comment changed: the census is run again", async () => {
    const dir = scratch("memo-damaged-result");
    const cache = scratch("memo-damaged-result-cache");
    writeMonitor(dir, { "src/tools/a.ts": toolFile("a", [`    return "Alpha sentence.";`]) });
    const first = await check(dir, cache);
    const results = path.join(cache, "results");
    const names = readdirSync(results).filter((f) => f.endsWith(".json"));
    expect(names).toHaveLength(1);
    const file = path.join(results, names[0]!);
    const entry = readEntry(file)!;
    const { sum: _sum, ...header } = entry.header;
    // The inputs as they were, the result not an object.
    writeEntry(file, header, `${entry.body.slice(0, entry.body.indexOf("\n"))}\nnull`);
    appendFileSync(path.join(dir, "src", "tools", "a.ts"), "// a comment: the same facts\n");
    expect(await check(dir, cache)).toEqual(first);
  });
});
