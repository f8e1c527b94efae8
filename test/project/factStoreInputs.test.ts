// What the fact store says of files it cannot read (a named pipe, a socket, a device, a folder, a missing file), and
// what it records of the disk for a remembered census (src/project/factStore.ts: `inputs`, `sameInputs`,
// `DiskHashes`, `revalidate`): the same answers mean the same census, and any changed answer ends it.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { contentHash } from "../../src/project/factCache.js";
import { changedTexts, DiskHashes, extractOptionsOf, FactStore, sameInputs } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";
import { tempDir } from "../properties/trees.js";

const OPTIONS = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

/** A listening Unix socket at `file`. */
async function socketAt(file: string): Promise<void> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(file, resolve));
}

describe("files the store cannot read", () => {
  it("a named pipe, a socket, a device, a folder and a missing file: no facts, and why, each never opened", async () => {
    const dir = tempDir("store-special");
    const fifo = path.join(dir, "pipe.ts");
    execFileSync("mkfifo", [fifo]);
    const socket = path.join(dir, "socket.ts");
    await socketAt(socket);
    const folder = path.join(dir, "folder.ts");
    mkdirSync(folder);
    const store = new FactStore(OPTIONS);
    const why = (file: string) => {
      const stored = store.get(file);
      return [stored.facts, stored.readError];
    };
    expect(why(fifo)).toEqual([undefined, "it is a named pipe, not a file"]);
    expect(why(socket)).toEqual([undefined, "it is a socket, not a file"]);
    expect(why("/dev/null")).toEqual([undefined, "it is a device, not a file"]);
    expect(why(folder)).toEqual([undefined, "it is a folder"]);
    expect(why(path.join(dir, "missing.ts"))).toEqual([undefined, "no such file"]);
    expect(store.textOf(fifo)).toBeUndefined();
  });

  it("DiskHashes says why a file has no hash, and hashes it once it is a file", () => {
    const dir = tempDir("store-hashes");
    const fifo = path.join(dir, "pipe.ts");
    execFileSync("mkfifo", [fifo]);
    const hashes = new DiskHashes();
    expect(hashes.read(fifo)).toEqual({ why: "it is a named pipe, not a file" });
    rmSync(fifo);
    writeFileSync(fifo, "export const a = 1;\n");
    expect(hashes.read(fifo)).toEqual({ content: expect.stringMatching(/^[0-9a-f]{40}$/) });
  });
});

describe("the disk as a census saw it", () => {
  it("an unreadable file is recorded with its reason: the same reason is the same disk; the file made readable is not", () => {
    const dir = tempDir("store-inputs");
    const fifo = path.join(dir, "pipe.ts");
    execFileSync("mkfifo", [fifo]);
    const store = new FactStore(OPTIONS);
    store.get(fifo);
    const inputs = store.inputs()!;
    expect(inputs.files).toEqual([{ file: fifo, unreadable: "it is a named pipe, not a file" }]);
    expect(sameInputs(inputs)).toBe(true);
    // Unreadable for another reason: not the disk the census saw.
    rmSync(fifo);
    mkdirSync(fifo);
    expect(sameInputs(inputs)).toBe(false);
    rmSync(fifo, { recursive: true });
    writeFileSync(fifo, "export const a = 1;\n");
    expect(sameInputs(inputs)).toBe(false);
  });

  it("a file the census found missing, written since: not the same disk; one found present and removed: neither", () => {
    const dir = tempDir("store-probes");
    const later = path.join(dir, "later.ts");
    const present = path.join(dir, "present.ts");
    writeFileSync(present, "export const a = 1;\n");
    const store = new FactStore(OPTIONS);
    expect(store.exists(later)).toBe(false);
    expect(store.exists(present)).toBe(true);
    const inputs = store.inputs()!;
    expect(inputs.probes).toEqual([
      { file: later, exists: false },
      { file: present, exists: true },
    ]);
    expect(sameInputs(inputs)).toBe(true);
    writeFileSync(later, "export const b = 2;\n");
    expect(sameInputs(inputs)).toBe(false);
    rmSync(later);
    expect(sameInputs(inputs)).toBe(true);
    rmSync(present);
    expect(sameInputs(inputs)).toBe(false);
  });

  it("revalidate: a file that appeared since module resolution asked changes the census, and is asked again", () => {
    const dir = tempDir("store-revalidate");
    const later = path.join(dir, "later.ts");
    const store = new FactStore(OPTIONS);
    expect(store.exists(later)).toBe(false);
    expect(store.revalidate()).toBe(false);
    expect(store.exists(later)).toBe(false);
    const version = store.version;
    writeFileSync(later, "export const b = 2;\n");
    // Asked before: the answer stands until the store is revalidated.
    expect(store.exists(later)).toBe(false);
    expect(store.revalidate()).toBe(true);
    expect(store.version).toBe(version + 1);
    expect(store.exists(later)).toBe(true);
  });

  it("a file whose stamp moved is read first: once its text differs, no other file is read", () => {
    const dir = tempDir("store-first");
    const files = ["a.ts", "b.ts", "c.ts"].map((name) => path.join(dir, name));
    for (const file of files) writeFileSync(file, `export const ${path.basename(file, ".ts")} = 1;\n`);
    const store = new FactStore(OPTIONS, { extract: extractFileFacts });
    for (const file of files) store.get(file);
    const inputs = store.inputs()!;
    expect(inputs.files.map((f) => "stamp" in f && typeof f.stamp)).toEqual(["string", "string", "string"]);
    writeFileSync(files[2]!, "export const c = 2;\n");
    const hashes = new DiskHashes();
    const read = vi.spyOn(hashes, "read");
    expect(sameInputs(inputs, hashes)).toBe(false);
    expect(read.mock.calls.map(([file]) => path.basename(file))).toEqual(["c.ts"]);
  });

  it("a file touched but not changed: every text is read, and the disk is the same", () => {
    const dir = tempDir("store-touched");
    const files = ["a.ts", "b.ts"].map((name) => path.join(dir, name));
    for (const file of files) writeFileSync(file, "export const a = 1;\n");
    const store = new FactStore(OPTIONS, { extract: extractFileFacts });
    for (const file of files) store.get(file);
    const inputs = store.inputs()!;
    const later = new Date(Date.now() + 5_000);
    utimesSync(files[1]!, later, later);
    const hashes = new DiskHashes();
    const read = vi.spyOn(hashes, "read");
    expect(sameInputs(inputs, hashes)).toBe(true);
    expect(read.mock.calls.map(([file]) => path.basename(file))).toEqual(["b.ts", "a.ts", "b.ts"]);
  });
});

describe("changedTexts", () => {
  it("finds a text that changed under a stamp that did not move, up to the limit, and gives up past it", () => {
    const dir = tempDir("store-changed");
    const [a, b, c] = ["a.ts", "b.ts", "c.ts"].map((name) => path.join(dir, name)) as [string, string, string];
    for (const file of [a, b, c]) writeFileSync(file, `export const v = "${file}";`);
    // No stamps: nothing moved, so every file is read; a's and b's texts are not the ones the inputs were taken from.
    const inputs = {
      files: [
        { file: a, content: contentHash("before a") },
        { file: b, content: contentHash("before b") },
        { file: c, content: contentHash(`export const v = "${c}";`) },
      ],
      probes: [],
      tsconfigs: [],
    };
    expect(changedTexts(inputs, new DiskHashes(), 2, [])).toEqual([
      { file: a, content: contentHash("before a") },
      { file: b, content: contentHash("before b") },
    ]);
    expect(changedTexts(inputs, new DiskHashes(), 1, [])).toBeUndefined();
    // A file already found moved is counted once, with the hash it had then.
    expect(changedTexts(inputs, new DiskHashes(), 2, [{ file: a, content: "moved" }])).toEqual([
      { file: a, content: "moved" },
      { file: b, content: contentHash("before b") },
    ]);
    expect(sameInputs(inputs)).toBe(false);
    expect(sameInputs({ ...inputs, files: inputs.files.slice(2) })).toBe(true);
  });
});

describe("sameInputs at its edges", () => {
  it("an unreadable file stays the same while it fails the same way; a file that can no longer be read is a change", () => {
    const dir = tempDir("store-unreadable");
    const missing = path.join(dir, "missing.ts");
    const gone = path.join(dir, "gone.ts");
    expect(sameInputs({ files: [{ file: missing, unreadable: "no such file" }], probes: [], tsconfigs: [] })).toBe(true);
    expect(sameInputs({ files: [{ file: missing, unreadable: "it is a folder" }], probes: [], tsconfigs: [] })).toBe(false);
    expect(changedTexts({ files: [{ file: gone, content: contentHash("x") }], probes: [], tsconfigs: [] }, new DiskHashes(), 5, [])).toBeUndefined();
  });

  it("a tsconfig.json consulted for aliases must read the same (its hash; null: it did not exist)", () => {
    const dir = tempDir("store-tsconfig");
    const tsconfig = path.join(dir, "tsconfig.json");
    writeFileSync(tsconfig, "{}");
    const inputs = (content: string | null) => ({ files: [], probes: [], tsconfigs: [{ file: tsconfig, content }] });
    expect(sameInputs(inputs(contentHash("{}")))).toBe(true);
    expect(sameInputs(inputs(contentHash('{ "compilerOptions": {} }')))).toBe(false);
    expect(sameInputs(inputs(null))).toBe(false);
  });

  it("facts known before reading (a seed) keep the file's stamp: nothing changed, nothing to drop", () => {
    const dir = tempDir("store-seeded");
    const file = path.join(dir, "a.ts");
    const text = "export const a = 1;";
    writeFileSync(file, text);
    const facts = extractFileFacts(file, text, OPTIONS);
    const store = new FactStore(OPTIONS, { seeds: new Map([[file, { content: contentHash(text), facts }]]) });
    expect(store.prepare([file])).toEqual([]);
    expect(store.reused).toBe(1);
    expect(store.revalidate()).toBe(false);
    expect(store.inputs()?.files).toEqual([{ file, content: contentHash(text), stamp: expect.any(String) }]);
  });
});
