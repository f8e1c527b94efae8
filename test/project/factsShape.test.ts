// What a cache entry must be to be trusted as a file's facts (src/project/factCache.ts): its header names this format,
// key, file and text, and its body (isFactsShaped) has every field of FileFacts, each of its kind (a list or an
// object), the optional ones absent or of their kind; anything else is rebuilt, never read.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import path from "node:path";
import { readEntry, writeEntry } from "../../src/cacheEntry.js";
import { contentHash, extractionKey, FactCache, isFactsShaped } from "../../src/project/factCache.js";
import { tempDir } from "../properties/trees.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const facts = (): Record<string, unknown> =>
  JSON.parse(JSON.stringify(extractFileFacts("src/tools/t.ts", 'import { z } from "zod";\nexport const S = z.string();\nexport function f() { return 1; }\n', options))) as Record<string, unknown>;

const LISTS = ["parseErrors", "exports", "requests", "classes", "dispatch", "calls", "tools", "passThroughs", "builds"];
const OBJECTS = ["imports", "constants", "declarations", "factories", "objects", "functions", "data"];
const OPTIONAL = { schemas: "object", toolLike: "list" } as const;

describe("a cache entry's facts", () => {
  it("the facts a census extracts are trusted, with or without the optional fields", () => {
    const whole = facts();
    expect(isFactsShaped(whole)).toBe(true);
    const { schemas: _s, toolLike: _t, ...without } = whole;
    expect(isFactsShaped(without)).toBe(true);
  });

  it.each(LISTS)("%s: missing, null, an object or text is not trusted", (field) => {
    for (const wrong of [undefined, null, {}, "x"]) expect(isFactsShaped({ ...facts(), [field]: wrong }), `${field}: ${JSON.stringify(wrong)}`).toBe(false);
    expect(isFactsShaped({ ...facts(), [field]: [] })).toBe(true);
  });

  it.each(OBJECTS)("%s: missing, null, a list or text is not trusted", (field) => {
    for (const wrong of [undefined, null, [], "x"]) expect(isFactsShaped({ ...facts(), [field]: wrong }), `${field}: ${JSON.stringify(wrong)}`).toBe(false);
    expect(isFactsShaped({ ...facts(), [field]: {} })).toBe(true);
  });

  it.each(Object.entries(OPTIONAL))("%s (optional, a%s): absent is trusted, the other kind or null is not", (field, kind) => {
    const right = kind === "list" ? [] : {};
    const wrong = kind === "list" ? {} : [];
    expect(isFactsShaped({ ...facts(), [field]: right })).toBe(true);
    expect(isFactsShaped({ ...facts(), [field]: wrong })).toBe(false);
    expect(isFactsShaped({ ...facts(), [field]: null })).toBe(false);
  });

  it("null, a list, text or a number is no facts", () => {
    for (const value of [null, [], "facts", 3, true]) expect(isFactsShaped(value), JSON.stringify(value)).toBe(false);
  });
});

describe("a cache entry's header", () => {
  it("an entry is read only for its format, key, file and text: one that differs in any is counted rejected and rebuilt", () => {
    const root = tempDir("facts-header");
    const cache = new FactCache({ dir: path.join(root, "cache"), root, key: extractionKey(options) });
    const file = path.join(root, "src", "t.ts");
    const content = contentHash("export const a = 1;\n");
    cache.write(file, content, JSON.stringify(facts()));
    expect(cache.read(file, content)).toEqual(facts());
    expect([cache.hits, cache.rejected]).toEqual([1, 0]);
    const entry = readEntry(cache.entryPath(file))!;
    const { sum: _sum, ...header } = entry.header;
    for (const [field, value] of [
      ["format", "payload-census-facts/0"],
      ["key", "0".repeat(40)],
      ["file", "src/other.ts"],
      ["content", contentHash("other")],
    ] as const) {
      writeEntry(cache.entryPath(file), { ...header, [field]: value }, entry.body);
      expect(cache.read(file, content), field).toBeUndefined();
    }
    expect([cache.hits, cache.rejected]).toEqual([1, 4]);
    // Asked for another text of the file: not the entry's, so none.
    writeEntry(cache.entryPath(file), header, entry.body);
    expect(cache.read(file, contentHash("export const a = 2;\n"))).toBeUndefined();
    expect(cache.read(file, content)).toEqual(facts());
  });
});

