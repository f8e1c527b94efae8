// The fact store's work list (src/project/factStore.ts): `prepare` hands out each file once (never one read already or
// given as a buffer), the facts filled back are kept with the file's stamp (so an unchanged disk is no change), a
// store without an extractor says which file needs one until it is given one, and `withFacts` lists only files read.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf, FactStore, ParserNeeded } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";
import { tempDir } from "../properties/trees.js";

const OPTIONS = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

function files(...names: string[]): string[] {
  const dir = tempDir("store-prepare");
  return names.map((name, i) => {
    const file = path.join(dir, name);
    writeFileSync(file, `export const v${i} = ${i};\n`);
    return file;
  });
}

describe("prepare, fill and extractPending", () => {
  it("each file is handed out once: not again once read, nor when given as a buffer", () => {
    const [a, b, c] = files("a.ts", "b.ts", "c.ts");
    const store = new FactStore(OPTIONS, { extract: extractFileFacts });
    store.setText(c!, "export const c = 3;\n");
    const work = store.prepare([a!, b!, c!]);
    expect(work.map((w) => path.basename(w.file))).toEqual(["a.ts", "b.ts"]);
    store.fill(work[0]!, extractFileFacts(work[0]!.file, work[0]!.text, OPTIONS));
    store.extractPending(work[1]!);
    expect(store.extractions).toBe(2);
    expect(store.prepare([a!, b!, c!])).toEqual([]);
    expect(store.get(b!).facts?.declarations).toHaveProperty("v1");
  });

  it("facts filled back keep the file's stamp: revalidating an unchanged disk changes nothing", () => {
    const [a, b] = files("a.ts", "b.ts");
    const store = new FactStore(OPTIONS, { extract: extractFileFacts });
    const work = store.prepare([a!, b!]);
    store.fill(work[0]!, extractFileFacts(work[0]!.file, work[0]!.text, OPTIONS));
    store.extractPending(work[1]!);
    expect(store.revalidate()).toBe(false);
    expect(store.inputs()!.files.map((f) => "stamp" in f && typeof f.stamp)).toEqual(["string", "string"]);
  });

  it("a file read whole by `get` keeps its stamp too", () => {
    const [a] = files("a.ts");
    const store = new FactStore(OPTIONS, { extract: extractFileFacts });
    store.get(a!);
    expect(store.revalidate()).toBe(false);
  });
});

describe("without an extractor", () => {
  it("says which file needs one, and extracts once it is given one", () => {
    const [a] = files("a.ts");
    const store = new FactStore(OPTIONS);
    expect(store.hasExtractor).toBe(false);
    expect(() => store.get(a!)).toThrow(new ParserNeeded(a!));
    expect(new ParserNeeded(a!).message).toBe(`the facts of ${a} must be extracted and no extractor was loaded`);
    store.useExtractor(extractFileFacts);
    expect(store.hasExtractor).toBe(true);
    expect(store.get(a!).facts?.declarations).toHaveProperty("v0");
  });
});

describe("withFacts", () => {
  it("lists the files read with their text, not those that could not be read", () => {
    const [a] = files("a.ts");
    const folder = path.join(path.dirname(a!), "folder.ts");
    mkdirSync(folder);
    const store = new FactStore(OPTIONS, { extract: extractFileFacts });
    store.get(a!);
    store.get(folder);
    expect(store.withFacts().map((e) => [path.basename(e.file), e.text])).toEqual([["a.ts", "export const v0 = 0;\n"]]);
  });
});

describe("buffers", () => {
  it("a buffer given for a file read before makes it exist, and a buffer for a file not on disk is no change on revalidation", () => {
    const [a] = files("a.ts");
    const unsaved = path.join(path.dirname(a!), "unsaved.ts");
    const store = new FactStore(OPTIONS, { extract: extractFileFacts });
    store.get(unsaved);
    expect(store.exists(unsaved)).toBe(false);
    store.setText(unsaved, "export const u = 1;\n");
    expect(store.exists(unsaved)).toBe(true);
    expect(store.get(unsaved).facts?.declarations).toHaveProperty("u");
    expect(store.revalidate()).toBe(false);
    expect(store.exists(unsaved)).toBe(true);
  });
});

