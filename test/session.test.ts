// The editor's case: one file linted with unsaved text gets its own findings without a full census per keystroke;
// project facts are reused while the files they came from are unchanged, and recomputed when one changes.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError } from "../src/errors.js";
import { CensusSession, findConfigFile, sessionFor } from "../src/session.js";

const monitor = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "monitor");
const WAITS = "full/src/mcp/tools/waits.ts";

let dir: string;
let session: CensusSession;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "payload-census-session-"));
  cpSync(monitor, dir, { recursive: true });
  session = new CensusSession(path.join(dir, "payload-census.config.json"), { revalidateMs: 0 });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (rel: string) => path.join(dir, rel);
const text = (rel: string) => readFileSync(file(rel), "utf8");

describe("CensusSession", () => {
  it("finds the config above a file", () => {
    expect(findConfigFile(file(WAITS))).toBe(path.join(dir, "payload-census.config.json"));
    expect(findConfigFile(path.join(tmpdir(), "nowhere", "x.ts"))).toBeUndefined();
  });

  it("keeps one session per config file in the process, with the revalidation interval it was first given", () => {
    const config = path.join(dir, "payload-census.config.json");
    const made = sessionFor(config, { revalidateMs: 0 });
    expect(made.revalidateMs).toBe(0);
    // The rules ask without an interval, by whatever path leads to the config: they get the same session.
    expect(sessionFor(path.join(dir, "full", "..", "payload-census.config.json"))).toBe(made);
    expect(sessionFor(config, { revalidateMs: 0 })).toBe(made);
    expect(() => sessionFor(config, { revalidateMs: 1000 })).toThrow(`the session of ${config} revalidates every 0 ms, not 1000`);
  });

  it("lints a file with unsaved text: its findings, from one census, reused while nothing changes", () => {
    expect(session.findingsFor(file(WAITS), text(WAITS))).toEqual([]);
    const first = session.stats();
    expect(first.censuses).toBe(1);

    // Linting other files, and the same file again with the same text, reuses the census.
    session.findingsFor(file("full/src/mcp/tools/agent.ts"), text("full/src/mcp/tools/agent.ts"));
    session.findingsFor(file(WAITS), text(WAITS));
    expect(session.stats()).toEqual(first);

    // A keystroke: one file re-parsed, one census, the finding at its place in the buffer.
    const buffer = text(WAITS).replace("const hoursError = validateHoursBack(hours_back);", 'const hoursError = "hours_back is too large.";');
    const findings = session.findingsFor(file(WAITS), buffer);
    expect(findings.map((f) => [f.rule, f.file, f.line])).toEqual([["pass-through-producer", WAITS, 71]]);
    expect(session.stats()).toEqual({ censuses: 2, extractions: first.extractions + 1, remembered: 0 });
    // The disk is untouched: the buffer alone made the finding.
    expect(text(WAITS)).not.toContain("hours_back is too large.");

    // Undoing the keystroke brings the clean result back.
    expect(session.findingsFor(file(WAITS), text(WAITS))).toEqual([]);
  });

  it("notices a file changed on disk by another program", () => {
    expect(session.findingsFor(file(WAITS))).toEqual([]);
    const agent = "full/src/mcp/tools/agent.ts";
    writeFileSync(file(agent), text(agent).replace("if (miss) return miss;", 'if (miss) return "no server";'));
    // A coarse file-system clock could keep the old stamp: move the time on so the change is visible.
    const later = new Date(Date.now() + 5000);
    utimesSync(file(agent), later, later);
    const findings = session.findingsFor(file(agent));
    expect(findings.map((f) => f.rule)).toContain("bare-sentence-roster");
  });

  it("keeps a broken config as the outcome of every lint, and loads it again until it is fixed", () => {
    const config = file("payload-census.config.json");
    const good = readFileSync(config, "utf8");
    writeFileSync(config, good.replace('"name": "full",', '"name": "full"'));
    // Made on a broken config, the session does not throw: each lint gets the error, findingsFor throws it.
    const broken = new CensusSession(config, { revalidateMs: 0 });
    const outcome = broken.lint(file(WAITS), text(WAITS));
    expect(outcome.findings).toBeUndefined();
    expect(outcome.configError).toBeInstanceOf(ConfigError);
    expect(outcome.configError?.file).toBe(config);
    expect(outcome.configError?.jsonPath).toBe("skus[0].root");
    expect(() => broken.findingsFor(file(WAITS))).toThrow(ConfigError);
    expect(() => broken.census()).toThrow(ConfigError);
    expect(broken.stats().censuses).toBe(0);

    writeFileSync(config, good);
    expect(broken.lint(file(WAITS), text(WAITS))).toEqual({ findings: [] });
    expect(broken.stats().censuses).toBe(1);
  });

  it("breaks when a good config is broken on disk, and keeps the error until the fix", () => {
    const config = file("payload-census.config.json");
    const good = readFileSync(config, "utf8");
    expect(session.lint(file(WAITS))).toEqual({ findings: [] });
    writeFileSync(config, good.replace('"helpers": "src/mcp/helpers.ts",', '"helpers": "src/mcp/helpers.ts", "helper": "x.ts",'));
    const later = new Date(Date.now() + 5000);
    utimesSync(config, later, later);
    expect(session.lint(file(WAITS)).configError?.jsonPath).toBe("skus[0].helper");
    expect(session.lint(file(WAITS)).configError?.jsonPath).toBe("skus[0].helper");
    writeFileSync(config, good);
    expect(session.lint(file(WAITS))).toEqual({ findings: [] });
  });

  it("keeps a broken roster as the outcome too, until the roster changes", () => {
    const roster = file("payload-census.roster.json");
    const good = readFileSync(roster, "utf8");
    writeFileSync(roster, good.replace('"schemaVersion": 1', '"schemaVersion": 2'));
    const later = new Date(Date.now() + 5000);
    utimesSync(roster, later, later);
    const outcome = session.lint(file(WAITS));
    expect(outcome.configError?.file).toBe(roster);
    expect(outcome.configError?.message).toMatch(/^Invalid roster .*payload-census\.roster\.json \(1 problem\):\n.*schemaVersion: expected 1, got 2$/);
    // The census ran once and its error is kept: linting another file does not run it again.
    session.lint(file("full/src/mcp/tools/agent.ts"));
    expect(session.stats().censuses).toBe(1);
    writeFileSync(roster, good);
    expect(session.lint(file(WAITS))).toEqual({ findings: [] });
  });

  it("gives findings homed in JSON files (floors, stale roster entries) to the SKU's helpers module at 1:1", () => {
    const config = file("payload-census.config.json");
    writeFileSync(config, readFileSync(config, "utf8").replace('"tools": 44', '"tools": 45'));
    const later = new Date(Date.now() + 5000);
    utimesSync(config, later, later);
    const helpers = "full/src/mcp/helpers.ts";
    const findings = session.findingsFor(file(helpers));
    expect(findings.map((f) => [f.rule, f.file, f.line, f.column])).toEqual([["floor", helpers, 1, 1]]);
    expect(findings[0]!.message).toBe(
      "Count tools is 44, below its floor of 45: a matcher may have gone dark or code was removed; fix the code, or lower the floor if the drop is intended",
    );
  });
});
