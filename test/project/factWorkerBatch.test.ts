// A task of the fact pool as its worker runs it, from the sources (test/project/pool.test.ts runs the built worker in
// its threads): each file's facts handed back as JSON in the task's order, and stored in the content cache when the task
// names one, where the next run reads them.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { contentHash, extractionKey, FactCache } from "../../src/project/factCache.js";
import { extractOptionsOf, type PendingFile } from "../../src/project/factStore.js";
import extractBatch from "../../src/project/factWorker.js";
import { tempDir } from "../properties/trees.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");

const config = loadConfig({ dir: path.join(fixtures, "monitor") });
const options = extractOptionsOf(config);
const tools = path.join(config.dir, "full", "src", "mcp", "tools");
const files: PendingFile[] = readdirSync(tools)
  .filter((name) => name.endsWith(".ts"))
  .sort()
  .slice(0, 2)
  .map((name) => {
    const file = path.join(tools, name);
    const text = `// ${name}\nexport const tool = ${JSON.stringify(name)};\nexport function run(): string {\n  return "Done.";\n}\n`;
    return { file, text, content: contentHash(text), stamp: undefined };
  });

describe("a task of the fact pool", () => {
  it("hands back each file's facts as JSON, in the task's order", () => {
    expect(files).toHaveLength(2);
    const out = extractBatch({ files, options, cache: null });
    expect(out).toEqual(files.map((f) => JSON.stringify(extractFileFacts(f.file, f.text, options))));
    expect(JSON.parse(out[1]!)).toMatchObject({ functions: { run: expect.anything() } });
  });

  it("stores each file's facts in the cache it names, under the file's text", () => {
    const dir = tempDir("worker");
    const spec = { dir, root: config.dir, key: extractionKey(options) };
    const out = extractBatch({ files, options, cache: spec });
    const cache = new FactCache(spec);
    files.forEach((f, i) => {
      expect(cache.read(f.file, f.content)).toEqual(JSON.parse(out[i]!));
      expect(cache.read(f.file, contentHash(`${f.text} `))).toBeUndefined();
    });
  });
});
