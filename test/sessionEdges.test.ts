// CensusSession at its edges: a second request for a session with another cache, a file the config names gone after a
// good lint (no change of the config), and an unsaved file the disk does not hold while the session answers from memory.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../census/main.js";
import { CensusSession, sessionFor } from "../src/session.js";
import { captureIo } from "./census/io.js";

const monitor = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "monitor");
const WAITS = "full/src/mcp/tools/waits.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "payload-census-session-edges-"));
  cpSync(monitor, dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (rel: string) => path.join(dir, rel);
const config = () => file("payload-census.config.json");

describe("sessionFor", () => {
  it("refuses a second request with another cache than the session keeps", () => {
    const made = sessionFor(config(), { cache: { location: file("cache-a") } });
    expect(sessionFor(config(), { cache: { location: file("cache-a") } })).toBe(made);
    expect(sessionFor(config())).toBe(made);
    expect(() => sessionFor(config(), { cache: false })).toThrow(
      `the session of ${config()} keeps its cache as ${JSON.stringify({ location: file("cache-a") })}, not false`,
    );
  });
});

describe("a file the config names, gone after a good lint (the config itself unchanged)", () => {
  it("is the outcome at the next revalidation, and putting it back ends it", () => {
    const session = new CensusSession(config(), { revalidateMs: 0, cache: false });
    expect(session.lint(file(WAITS))).toEqual({ findings: [] });
    const helpers = file("lite/src/mcp/helpers.ts");
    const text = readFileSync(helpers, "utf8");
    rmSync(helpers);
    const broken = session.lint(file(WAITS));
    expect(broken.configError?.message).toContain("file not found");
    writeFileSync(helpers, text);
    expect(session.lint(file(WAITS))).toEqual({ findings: [] });
  });
});

describe("an unsaved file the disk does not hold", () => {
  it("ends the remembered census: the census of the text given runs", async () => {
    expect(await main(["check", "--quiet"], captureIo(dir))).toBe(0);
    const session = new CensusSession(config(), { revalidateMs: 60_000 });
    expect(session.findingsFor(file(WAITS), readFileSync(file(WAITS), "utf8"))).toEqual([]);
    expect(session.stats()).toMatchObject({ censuses: 0, remembered: 1 });
    const unsaved = file("full/src/mcp/tools/unsaved.ts");
    session.findingsFor(unsaved, "export const x = 1;\n");
    expect(session.stats().censuses).toBe(1);
  });
});
