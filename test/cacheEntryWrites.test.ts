// Cache entries as written: every byte of every body (whatever its characters and whatever was written before it),
// and a folder removed under a running process (another run pruning the cache) made again.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readEntry, writeEntry } from "../src/cacheEntry.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-entry-"));
  dirs.push(dir);
  return dir;
}

describe("writeEntry", () => {
  it("writes each body whole, a short one after a long one and characters of every width", () => {
    const dir = scratch();
    const bodies = [
      JSON.stringify({ text: "x".repeat(200_000) }),
      JSON.stringify({ text: "short" }),
      JSON.stringify({ text: "curly ‘quotes’, an ellipsis…, a snowman ☃ and an emoji 🧭" }),
      "",
      JSON.stringify({ text: "é".repeat(70_000) }),
    ];
    bodies.forEach((body, i) => {
      const file = path.join(dir, "aa", `${i}.json`);
      writeEntry(file, { format: "test/1", n: i }, body);
      const entry = readEntry(file);
      expect(entry, `entry ${i}`).toEqual({ header: expect.objectContaining({ format: "test/1", n: i }), body });
      const data = readFileSync(file, "utf8");
      const newline = data.indexOf("\n");
      expect(JSON.parse(data.slice(0, newline))).toEqual({ format: "test/1", n: i, sum: expect.stringMatching(/^[0-9a-f]{40}$/) });
      expect(data.slice(newline + 1)).toBe(body);
    });
    // No temporary file is left beside the entries.
    expect(readdirSync(path.join(dir, "aa")).sort()).toEqual(["0.json", "1.json", "2.json", "3.json", "4.json"]);
  });

  it("makes a folder again when it was removed after this process wrote there", () => {
    const dir = scratch();
    const first = path.join(dir, "facts", "ab", "one.json");
    writeEntry(first, { format: "test/1" }, '{"a":1}');
    expect(readEntry(first)?.body).toBe('{"a":1}');
    rmSync(path.join(dir, "facts"), { recursive: true, force: true });
    const second = path.join(dir, "facts", "ab", "two.json");
    writeEntry(second, { format: "test/1" }, '{"b":2}');
    expect(readEntry(second)?.body).toBe('{"b":2}');
    expect(readdirSync(path.join(dir, "facts", "ab"))).toEqual(["two.json"]);
  });

  it("skips an entry it cannot write, leaving nothing behind", () => {
    const dir = scratch();
    // A folder where the entry's folder should be is a file: nothing can be written under it.
    const blocker = path.join(dir, "blocked");
    writeEntry(blocker, { format: "test/1" }, "{}");
    expect(() => writeEntry(path.join(blocker, "entry.json"), { format: "test/1" }, "{}")).not.toThrow();
    expect(readdirSync(dir)).toEqual(["blocked"]);
  });
});
