// A file that starts with a byte order mark is read as the text after it (as ESLint reads it): the store's text, the
// code frame of a finding on its first line and the hash its facts are cached under are those of the text without it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractingStore, runCensus } from "../../src/project/census.js";
import { contentHash } from "../../src/project/factCache.js";
import { writeMonitor } from "../adversarial/generate.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const LINES = [
  `export function register(server: any): void { server.registerTool("one", { description: "A tool." }, async () => "First sentence."); }`,
  `export function registerTwo(server: any): void {`,
  `  server.registerTool("two", { description: "A tool." }, async () => "Second sentence.");`,
  `}`,
];
const TEXT = `${LINES.join("\n")}\n`;

function monitorWithBom(): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-bom-lines-"));
  made.push(dir);
  writeMonitor(dir, { "src/tools/bom.ts": `\uFEFF${TEXT}` });
  return { dir, file: path.join(dir, "src", "tools", "bom.ts") };
}

describe("a file with a byte order mark", () => {
  it("is the text after the mark in the store", () => {
    const { dir, file } = monitorWithBom();
    const store = extractingStore(loadConfig({ dir }));
    store.get(file);
    expect(store.textOf(file)).toBe(TEXT);
    expect(store.inputs()?.files.find((f) => f.file === file)).toMatchObject({ content: contentHash(TEXT) });
  });

  it("gives a finding on its first line the line without the mark as its code frame", () => {
    const { dir } = monitorWithBom();
    const { report } = runCensus(loadConfig({ dir }));
    const first = report.findings.filter((f) => f.file === "src/tools/bom.ts").map((f) => [f.line, f.source]);
    expect(first).toEqual([
      [1, LINES[0]],
      [3, LINES[2]],
    ]);
  });
});
