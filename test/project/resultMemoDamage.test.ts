// The remembered census read back: an entry of another format or key, or whose body is not the shape one is written
// in (two lines: inputs with their lists, then a result object; either not JSON, null or missing), is never recalled;
// the well-formed entry it was made from is.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { readEntry, writeEntry } from "../../src/cacheEntry.js";
import { loadConfig } from "../../src/config/load.js";
import { extractionKey } from "../../src/project/factCache.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { ResultMemo } from "../../src/project/resultMemo.js";
import { captureIo } from "../census/io.js";
import { tempDir } from "../properties/trees.js";

const monitor = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures", "monitor");

function recall(cache: string): boolean {
  const config = loadConfig({ dir: monitor });
  return new ResultMemo(cache, extractionKey(extractOptionsOf(config)), config).recall() !== undefined;
}

describe("a damaged remembered census is not recalled", () => {
  it("each damage to the entry's header or body", async () => {
    const cache = tempDir("memo-damage");
    await main(["check", monitor, "--cache-location", cache, "--format", "json"], captureIo(monitor));
    const results = path.join(cache, "results");
    const [name] = readdirSync(results).filter((f) => f.endsWith(".json"));
    const file = path.join(results, name!);
    const entry = readEntry(file)!;
    const { sum: _sum, ...header } = entry.header;
    expect(recall(cache), "the well-formed entry").toBe(true);
    // Two lines: the inputs, then the result.
    const [inputsLine, resultLine] = entry.body.split("\n") as [string, string];
    const inputs = JSON.parse(inputsLine) as Record<string, unknown>;
    const withInputs = (changed: Record<string, unknown>) => `${JSON.stringify({ ...inputs, ...changed })}\n${resultLine}`;
    const damaged: [string, Record<string, unknown>, string][] = [
      ["another format", { ...header, format: "other" }, entry.body],
      ["another key", { ...header, key: "other" }, entry.body],
      ["one line", header, inputsLine],
      ["inputs not JSON", header, `{\n${resultLine}`],
      ["inputs null", header, `null\n${resultLine}`],
      ["inputs without files", header, withInputs({ files: undefined })],
      ["inputs without probes", header, withInputs({ probes: 1 })],
      ["inputs without tsconfigs", header, withInputs({ tsconfigs: "x" })],
      ["no result", header, `${inputsLine}\n`],
      ["a result not JSON", header, `${inputsLine}\n{`],
      ["a null result", header, `${inputsLine}\nnull`],
      ["a list for a result", header, `${inputsLine}\n[]`],
    ];
    for (const [what, h, b] of damaged) {
      writeEntry(file, h, b);
      expect(recall(cache), what).toBe(false);
    }
    writeEntry(file, header, entry.body);
    expect(recall(cache), "written back whole").toBe(true);
  });
});
