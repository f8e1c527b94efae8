// The remembered census (SPEC §7): given only while the disk holds exactly what it was computed from. After every kind
// of change — a file's text, a new tool file, a module that appears where an import looked, the roster, a tsconfig.json,
// the config — the report is the fresh census's, never the remembered one.
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { loadConfig } from "../../src/config/load.js";
import { contentHash, extractionKey } from "../../src/project/factCache.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { ResultMemo } from "../../src/project/resultMemo.js";
import { captureIo } from "../census/io.js";
import { tempDir } from "../properties/trees.js";
import { RED_CASES } from "../redCases.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");
const RED = RED_CASES;
const FORMATS = ["json", "text", "sarif", "github", "markdown"] as const;

async function run(dir: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(dir);
  const code = await main(["check", ...args], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

function remembered(dir: string, cache: string): boolean {
  const config = loadConfig({ dir });
  return new ResultMemo(cache, extractionKey(extractOptionsOf(config)), config).recall() !== undefined;
}

describe("a remembered census prints what a fresh one prints", () => {
  for (const fixture of ["monitor", ...RED]) {
    it(fixture, async () => {
      const dir = path.join(fixtures, fixture);
      const cache = tempDir("memo");
      for (const format of FORMATS) {
        const fresh = await run(dir, ["--no-cache", "--format", format]);
        const first = await run(dir, ["--cache-location", cache, "--format", format]);
        expect(remembered(dir, cache), "the run was remembered").toBe(true);
        const again = await run(dir, ["--cache-location", cache, "--format", format]);
        expect(first, format).toEqual(fresh);
        expect(again, format).toEqual(fresh);
      }
    });
  }
});

describe("a change the census would see is never answered from memory", () => {
  function monitorCopy(): { dir: string; cache: string } {
    const base = tempDir("memo");
    const dir = path.join(base, "monitor");
    cpSync(path.join(fixtures, "monitor"), dir, { recursive: true });
    return { dir, cache: path.join(base, "cache") };
  }

  /** Runs with the cache, then changes the tree with each step, and after each the cached report is the fresh one. */
  async function afterEach(steps: ((dir: string) => void)[]): Promise<void> {
    const { dir, cache } = monitorCopy();
    await run(dir, ["--cache-location", cache, "--format", "json"]);
    for (const [i, step] of steps.entries()) {
      expect(remembered(dir, cache), `before change ${i + 1}`).toBe(true);
      step(dir);
      const fresh = await run(dir, ["--no-cache", "--format", "json"]);
      const cached = await run(dir, ["--cache-location", cache, "--format", "json"]);
      expect(cached, `after change ${i + 1}`).toEqual(fresh);
    }
  }

  const tools = (dir: string) => path.join(dir, "full", "src", "mcp", "tools");
  const append = (file: string, text: string) => writeFileSync(file, `${readFileSync(file, "utf8")}${text}`);

  it("a file's text, and the same file edited back", async () => {
    const original = readFileSync(path.join(fixtures, "monitor", "full", "src", "mcp", "tools", "waits.ts"), "utf8");
    await afterEach([
      (dir) => {
        const edited = original.replace("if (error) return error;", 'if (error) return "A bare sentence.";');
        expect(edited).not.toBe(original);
        writeFileSync(path.join(tools(dir), "waits.ts"), edited);
      },
      (dir) => writeFileSync(path.join(tools(dir), "waits.ts"), original),
    ]);
  });

  it("a new tool file the globs match, and a module that appears where an import looked for it", async () => {
    await afterEach([
      (dir) => writeFileSync(path.join(tools(dir), "extra.ts"), 'import { later } from "./later.js";\nexport const x = later;\n'),
      (dir) => writeFileSync(path.join(tools(dir), "later.ts"), 'import { status } from "../helpers.js";\nexport const later = () => status("error", "built by hand", []);\n'),
    ]);
  });

  it("the roster, the config, and a tsconfig.json", async () => {
    await afterEach([
      (dir) => writeFileSync(path.join(dir, "payload-census.roster.json"), readFileSync(path.join(dir, "payload-census.roster.json"), "utf8").replace(/"sentence": "[^"]*"/, '"sentence": "Another sentence."')),
      (dir) => {
        const file = path.join(dir, "payload-census.config.json");
        writeFileSync(file, readFileSync(file, "utf8").replace('"tools": 44', '"tools": 45'));
      },
      (dir) => {
        mkdirSync(path.join(dir, "full"), { recursive: true });
        writeFileSync(path.join(dir, "full", "tsconfig.json"), '{ "compilerOptions": { "baseUrl": "src" } }\n');
      },
    ]);
  });

  it("a damaged memory is not trusted", async () => {
    const { dir, cache } = monitorCopy();
    const fresh = await run(dir, ["--cache-location", cache, "--format", "json"]);
    const results = path.join(cache, "results");
    for (const name of readdirSync(results)) append(path.join(results, name), " ");
    expect(remembered(dir, cache)).toBe(false);
    expect(await run(dir, ["--cache-location", cache, "--format", "json"])).toEqual(fresh);
    expect(remembered(dir, cache)).toBe(true);
  });
});

describe("one memo asked again and again (a linter revalidating every second)", () => {
  it("sees every change of a text, and a memory another run rewrote, without rereading what did not move", async () => {
    const base = tempDir("memo");
    const dir = path.join(base, "monitor");
    cpSync(path.join(fixtures, "monitor"), dir, { recursive: true });
    const cache = path.join(base, "cache");
    await run(dir, ["--cache-location", cache, "--format", "json"]);
    const config = loadConfig({ dir });
    const memo = new ResultMemo(cache, extractionKey(extractOptionsOf(config)), config);
    const first = memo.recall();
    expect(first?.report.findings).toEqual([]);
    expect(memo.recall()).toEqual(first);

    const tool = path.join(dir, "full", "src", "mcp", "tools", "waits.ts");
    const original = readFileSync(tool, "utf8");
    writeFileSync(tool, original.replace("if (error) return error;", 'if (error) return "A bare sentence.";'));
    expect(memo.recall(), "an edited text").toBeUndefined();
    writeFileSync(tool, original);
    expect(memo.recall(), "the same text again").toEqual(first);

    // Another run remembers a census of the edited tree: the memo reads the new memory, not the one it parsed before.
    writeFileSync(tool, original.replace("if (error) return error;", 'if (error) return "A bare sentence.";'));
    await run(dir, ["--cache-location", cache, "--format", "json"]);
    const second = memo.recall();
    expect(second?.report.findings.map((f) => `${f.rule} ${f.file}:${f.line}`)).toEqual([
      "bare-sentence-roster full/src/mcp/tools/waits.ts:171",
      "floor payload-census.config.json:57",
      "floor payload-census.config.json:59",
    ]);
    expect(memo.contentOf(tool)).toBe(contentHash(readFileSync(tool, "utf8")));
    expect(memo.contentOf(path.join(dir, "no-such-file.ts"))).toBeUndefined();
  });
});
