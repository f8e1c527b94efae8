// The census as a library (src/project/census.ts, src/project/traceRoutes.ts): tracePassThrough over a store of its
// own or one it is given, and routes TOOL for a tool whose description the census cannot see while its reading guide
// names a word it never returns (nothing is called unreturned: the head that would have to say it is unseen).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractingStore, tracePassThrough } from "../../src/project/census.js";
import { traceRoutes } from "../../src/project/traceRoutes.js";

const fixtures = fileURLToPath(new URL("../../fixtures", import.meta.url));
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("tracePassThrough", () => {
  it("explains the pass-through at a line, over a store of its own or the one given, which it reads into", () => {
    const config = loadConfig({ dir: path.join(fixtures, "monitor") });
    const file = "full/src/mcp/tools/waits.ts";
    const own = tracePassThrough(config, file, 71);
    expect(own).toMatchObject({ file, line: 71, path: "hoursError", ok: true });
    const store = extractingStore(config);
    expect(tracePassThrough(config, file, 71, { store })).toEqual(own);
    expect(store.extractions).toBeGreaterThan(0);
    expect(tracePassThrough(config, file, 70)).toBeUndefined();
  });
});

describe("routes TOOL for a description the census cannot see", () => {
  it("reads the words its guide names, and calls none unreturned", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "payload-census-routes-unseen-"));
    made.push(dir);
    cpSync(path.join(fixtures, "red", "status-route", "tail-names-not-found"), dir, { recursive: true });
    const tool = path.join(dir, "src", "tools", "waits.ts");
    const text = readFileSync(tool, "utf8");
    const edited = text.replace('"Reading guide: get_tool_guide.",', 'String(["Reading guide: get_tool_guide."]),');
    expect(edited).not.toBe(text);
    writeFileSync(tool, edited);
    const [d] = traceRoutes(loadConfig({ dir }), "get_wait_stats").definitions;
    expect(d).toMatchObject({ named: ["not_found"], unreturned: [], unseen: null });
  });
});
