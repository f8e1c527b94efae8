// What the store remembers of the disk between two questions (src/project/factStore.ts): DiskHashes answers a file's
// hash from memory while its stamp (time and size) has not moved, and reads it again once it has; a file the census
// could not read and then asked about (an import that resolves to a named pipe) is the same disk while both answers
// stand.
import { execFileSync } from "node:child_process";
import { utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { contentHash } from "../../src/project/factCache.js";
import { DiskHashes, extractOptionsOf, FactStore, sameInputs } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";
import { tempDir } from "../properties/trees.js";

const OPTIONS = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("a hash is answered from memory while the stamp stands, and read again once it moves", () => {
  const file = path.join(tempDir("disk-hashes"), "a.ts");
  writeFileSync(file, "export const a = 1;\n");
  utimesSync(file, 1_000, 1_000);
  const hashes = new DiskHashes();
  const first = hashes.read(file);
  expect(first).toEqual({ content: contentHash("export const a = 1;\n") });
  // Other bytes of the same size under the same time: the stamp has not moved, so the file is not read again.
  writeFileSync(file, "export const b = 2;\n");
  utimesSync(file, 1_000, 1_000);
  expect(hashes.read(file)).toEqual(first);
  utimesSync(file, 2_000, 2_000);
  expect(hashes.read(file)).toEqual({ content: contentHash("export const b = 2;\n") });
});

it("an unreadable file, read and then asked about, is the same disk while it stays unreadable", () => {
  const fifo = path.join(tempDir("disk-probes"), "pipe.ts");
  execFileSync("mkfifo", [fifo]);
  const store = new FactStore(OPTIONS);
  expect(store.get(fifo).readError).toBe("it is a named pipe, not a file");
  expect(store.exists(fifo)).toBe(false);
  const inputs = store.inputs()!;
  expect(inputs.probes).toEqual([{ file: fifo, exists: false }]);
  expect(sameInputs(inputs)).toBe(true);
});
