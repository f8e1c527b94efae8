// Cache entries and code digests as a process sees them first: each test loads src/cacheEntry.ts afresh, so the
// buffer an entry is written from, the folders made and the digests computed are the test's own, not those of the tests
// that ran before it in the same process. And what no temporary file, open file or unrelated file may outlive.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

type CacheEntry = typeof import("../src/cacheEntry.js");

/** The module as a process that has written nothing yet and computed no digest holds it. */
async function fresh(): Promise<CacheEntry> {
  vi.resetModules();
  return await import("../src/cacheEntry.js");
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-entry-state-"));
  dirs.push(dir);
  return dir;
}

/** A folder holding `files` (path relative to it → text), subfolders made as the paths need them. */
function folderOf(files: Record<string, string>): string {
  const dir = scratch();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const SHA1_HEX = /^[0-9a-f]{40}$/;

describe("the first entry a process writes", () => {
  it("is written whole when it is longer than the least buffer, in one-byte and in three-byte characters", async () => {
    for (const body of ["a".repeat(100_000), "€".repeat(40_000)]) {
      const { readEntry, writeEntry } = await fresh();
      const file = path.join(scratch(), "entry.json");
      writeEntry(file, { format: "test/1" }, body);
      expect(readEntry(file)?.body).toBe(body);
    }
  });
});

describe("an entry that cannot be put in its place", () => {
  it("leaves no temporary file beside it when the rename fails", async () => {
    const { readEntry, writeEntry } = await fresh();
    const dir = scratch();
    // A folder with a file in it where the entry should be: the entry is written beside it, and the rename fails.
    const place = path.join(dir, "entry.json");
    mkdirSync(place);
    writeFileSync(path.join(place, "kept.txt"), "kept");
    expect(() => writeEntry(place, { format: "test/1" }, "{}")).not.toThrow();
    expect(readdirSync(dir)).toEqual(["entry.json"]);
    expect(readdirSync(place)).toEqual(["kept.txt"]);
    expect(readEntry(place)).toBeUndefined();
  });
});

describe("the files an entry is written through", () => {
  const fdFolder = ["/proc/self/fd", "/dev/fd"].find((f) => existsSync(f));

  it("are closed once the entry is written", async () => {
    expect(fdFolder, "a folder listing this process's open files").toBeDefined();
    const { writeEntry } = await fresh();
    const dir = scratch();
    const open = () => readdirSync(fdFolder!).length;
    const before = open();
    for (let i = 0; i < 200; i++) writeEntry(path.join(dir, "e", `${i}.json`), { format: "test/1" }, `{"n":${i}}`);
    expect(readdirSync(path.join(dir, "e"))).toHaveLength(200);
    expect(open() - before).toBeLessThan(50);
  });
});

describe("a header line that is JSON but no header", () => {
  it.each(["null", "5", '"da39a3ee5e6b4b0d3255bfef95601890afd80709"', "[]", "true"])("%s is not trusted", async (head) => {
    const { decodeEntry } = await fresh();
    expect(decodeEntry(`${head}\n`)).toBeUndefined();
  });

  it("while an object whose sum is that of the empty body is", async () => {
    const { decodeEntry } = await fresh();
    expect(decodeEntry('{"sum":"da39a3ee5e6b4b0d3255bfef95601890afd80709"}\n')).toEqual({
      header: { sum: "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
      body: "",
    });
  });
});

describe("codeDigest", () => {
  const digest = async (parts: string[], folder: string, files?: string[]) => (await fresh()).codeDigest(parts, folder, files);

  it("is a SHA-1 in hex, the same for the same code", async () => {
    const dir = folderOf({ "a.js": "x" });
    const one = await digest(["v1"], dir);
    expect(one).toMatch(SHA1_HEX);
    expect(await digest(["v1"], dir)).toBe(one);
  });

  it("differs where a module of the folder differs, or a part", async () => {
    const x = await digest(["v1"], folderOf({ "a.js": "x" }));
    expect(await digest(["v1"], folderOf({ "a.js": "y" }))).not.toBe(x);
    expect(await digest(["v2"], folderOf({ "a.js": "x" }))).not.toBe(x);
  });

  it("tells parts apart where they split", async () => {
    const dir = folderOf({ "a.js": "x" });
    expect(await digest(["ab"], dir)).not.toBe(await digest(["a", "b"], dir));
  });

  it("reads .js, .ts and .cjs modules, not declarations, maps or other files", async () => {
    const base = { "a.js": "x" };
    const without = await digest(["v1"], folderOf(base));
    for (const other of ["b.d.ts", "b.js.map", "b.json", "b.md", "b.jsx"]) {
      expect(await digest(["v1"], folderOf({ ...base, [other]: "y" })), other).toBe(without);
    }
    for (const module of ["b.js", "b.ts", "b.cjs"]) {
      expect(await digest(["v1"], folderOf({ ...base, [module]: "y" })), module).not.toBe(without);
    }
  });

  it("tells a file's name from its text, and one file from two", async () => {
    const empty = folderOf({});
    const one = folderOf({ ab: "c" });
    const other = folderOf({ a: "bc" });
    expect(await digest(["v1"], empty, [path.join(one, "ab")])).not.toBe(await digest(["v1"], empty, [path.join(other, "a")]));
    const single = folderOf({ a: "bc\0d" });
    const pair = folderOf({ a: "b", c: "d" });
    expect(await digest(["v1"], empty, [path.join(single, "a")])).not.toBe(
      await digest(["v1"], empty, [path.join(pair, "a"), path.join(pair, "c")]),
    );
  });

  it("skips a named file that is not there", async () => {
    const dir = folderOf({ "a.js": "x" });
    expect(await digest(["v1"], dir, [path.join(dir, "gone.json")])).toBe(await digest(["v1"], dir));
  });

  it("is computed once per process: code edited under a running process keeps its digest, a new process sees it", async () => {
    const dir = folderOf({ "a.js": "x" });
    const { codeDigest } = await fresh();
    const first = codeDigest(["v1"], dir);
    writeFileSync(path.join(dir, "a.js"), "y");
    expect(codeDigest(["v1"], dir)).toBe(first);
    expect(await digest(["v1"], dir)).not.toBe(first);
  });

  it("keeps one digest per code, not one for all", async () => {
    const { codeDigest } = await fresh();
    const x = codeDigest(["v1"], folderOf({ "a.js": "x" }));
    const y = codeDigest(["v1"], folderOf({ "a.js": "y" }));
    expect(y).not.toBe(x);
    expect(codeDigest(["v2"], folderOf({ "a.js": "x" }))).not.toBe(x);
  });
});

describe("treeDigest", () => {
  const digest = async (parts: string[], files: Record<string, string>) => (await fresh()).treeDigest(parts, folderOf(files));

  it("is the SHA-1 of the parts, then of each module's path in the tree and text, in the order of their paths", async () => {
    // Walked, the tree gives its root's modules first and its folders' after, the last folder first: not path order.
    const files = { "b.js": "1", "z.ts": "2", "a/y.cjs": "3", "a/deep/x.js": "4", "m/w.js": "5", "m.js": "6" };
    const expected = createHash("sha1");
    for (const part of ["v1", "ab"]) expected.update(part).update("\0");
    for (const name of Object.keys(files).sort()) expected.update(name).update("\0").update(files[name as keyof typeof files]).update("\0");
    expect(await digest(["v1", "ab"], files)).toBe(expected.digest("hex"));
  });

  it("differs where a module of a subfolder differs, and not for declarations, maps or other files", async () => {
    const base = { "a.js": "x", "checks/b.js": "y", "checks/deep/c.ts": "z" };
    const same = await digest(["v1"], base);
    expect(same).toMatch(SHA1_HEX);
    expect(await digest(["v1"], base)).toBe(same);
    expect(await digest(["v1"], { ...base, "checks/deep/c.ts": "z2" })).not.toBe(same);
    expect(await digest(["v1"], { ...base, "checks/d.cjs": "w" })).not.toBe(same);
    for (const other of ["checks/e.d.ts", "checks/b.js.map", "checks/f.json"]) expect(await digest(["v1"], { ...base, [other]: "w" }), other).toBe(same);
    expect(await digest(["v2"], base)).not.toBe(same);
  });

  it("names each module by its path in the tree: the same text moved to another folder is other code", async () => {
    expect(await digest(["v1"], { "a/b.js": "x" })).not.toBe(await digest(["v1"], { "b.js": "x", a: "" }));
    expect(await digest(["v1"], { "a/b.js": "x" })).not.toBe(await digest(["v1"], { "c/b.js": "x" }));
  });

  it("reads a tree nested deeper than a call stack would follow", async () => {
    const deep = Array.from({ length: 200 }, (_, i) => `d${i}`).join("/");
    expect(await digest(["v1"], { [`${deep}/m.js`]: "y" })).not.toBe(await digest(["v1"], { [`${deep}/m.js`]: "x" }));
  });

  it("is computed once per process", async () => {
    const dir = folderOf({ "a/b.js": "x" });
    const { treeDigest } = await fresh();
    const first = treeDigest(["v1"], dir);
    writeFileSync(path.join(dir, "a", "b.js"), "y");
    expect(treeDigest(["v1"], dir)).toBe(first);
    expect((await fresh()).treeDigest(["v1"], dir)).not.toBe(first);
  });
});
