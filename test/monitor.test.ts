// The reference monitor end to end: exact counts per SKU, floors that fire when a count drops, the roster's life cycle,
// parse errors, configuration errors and trace, all through the CLI's main() as a user runs it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { applyEdits, modify } from "jsonc-parser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../census/main.js";
import { countAt, countPaths, type Report } from "../src/model.js";
import { captureIo } from "./census/io.js";

const monitor = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "monitor");
const CONFIG = "payload-census.config.json";
const ROSTER = "payload-census.roster.json";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "payload-census-monitor-"));
  cpSync(monitor, dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(dir);
  const code = await main(argv, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

async function report(): Promise<Report> {
  const r = await run(["--format", "json"]);
  return JSON.parse(r.out) as Report;
}

function editConfig(jsonPath: (string | number)[], value: unknown): void {
  const file = path.join(dir, CONFIG);
  const text = readFileSync(file, "utf8");
  writeFileSync(file, applyEdits(text, modify(text, jsonPath, value, { formattingOptions: { insertSpaces: true, tabSize: 2 } })));
}

function editSource(rel: string, from: string, to: string): void {
  const file = path.join(dir, rel);
  const text = readFileSync(file, "utf8");
  expect(text, `${rel} holds ${from}`).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

describe("the reference monitor", () => {
  it("is clean, and its counts are exactly the hand count, per SKU and in total", async () => {
    const expected = JSON.parse(readFileSync(path.join(monitor, "expected-counts.json"), "utf8")) as Pick<Report, "counts" | "skus">;
    const r = await run(["--format", "json"]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as Report;
    expect(json.findings).toEqual([]);
    expect(json.ok).toBe(true);
    expect(json.counts).toEqual(expected.counts);
    expect(json.skus).toEqual(expected.skus);
    expect(json.floors.every((f) => f.ok)).toBe(true);
  });

  it("prints a census for people and exits 0", async () => {
    const r = await run([]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("full: 34 tools in 11 files · 11 modules · parse errors 0");
    expect(r.out).toContain("pass-throughs 70: resolver 32 · validator 30 · gate 6 · carried 2 · unshared 0");
    expect(r.out.trimEnd().endsWith("✓ clean · floors held · roster exact")).toBe(true);
  });
});

describe("floors", () => {
  it("each count's floor fails as soon as the count is below it, at the floor's key in the config", async () => {
    const actual = (await report()).counts;
    const paths = countPaths();
    for (const p of paths) editConfig(["floors", p], (countAt(actual, p) ?? 0) + 1);
    const json = await report();
    const floorFindings = json.findings.filter((f) => f.rule === "floor");
    expect(floorFindings.map((f) => f.message.split(" ")[1])).toEqual(expect.arrayContaining(paths));
    expect(floorFindings).toHaveLength(paths.length);
    const configLines = readFileSync(path.join(dir, CONFIG), "utf8").split("\n");
    for (const f of floorFindings) {
      expect(f.file).toBe(CONFIG);
      const count = f.message.split(" ")[1]!;
      expect(configLines[f.line - 1]!.slice(f.column - 1)).toMatch(new RegExp(`^"${count.replace(".", "\\.")}"`));
    }
    expect(json.floors.filter((f) => !f.ok)).toHaveLength(paths.length);
  });

  it("files (tool files) and modules (every other module analysed) are floor keys of their own", async () => {
    editConfig(["floors", "files"], 15);
    editConfig(["floors", "modules"], 21);
    const json = await report();
    expect(json.floors.filter((f) => f.count === "files" || f.count === "modules")).toEqual([
      { count: "files", floor: 15, actual: 14, ok: false },
      { count: "modules", floor: 21, actual: 21, ok: true },
    ]);
    expect(json.findings.map((f) => f.message)).toEqual([
      "Count files is 14, below its floor of 15: a matcher may have gone dark or code was removed; fix the code, or lower the floor if the drop is intended",
    ]);
  });

  it("a floor equal to its count holds", async () => {
    const actual = (await report()).counts;
    for (const p of countPaths()) editConfig(["floors", p], countAt(actual, p) ?? 0);
    const json = await report();
    expect(json.findings).toEqual([]);
  });

  it("removing pass-throughs from the code drops the counts below their floors", async () => {
    // The hand count's floors are exact: one resolver pass-through less is one below.
    editSource("full/src/mcp/tools/serverConfig.ts", "if (miss) return miss;", "void miss;");
    const json = await report();
    expect(json.counts.passThroughs.total).toBe(88);
    expect(json.findings.map((f) => [f.rule, f.message.split(" ")[1]])).toEqual([
      ["floor", "passThroughs.total"],
      ["floor", "passThroughs.resolver"],
    ]);
  });

  it("a file that stops parsing drops its counts, fires the floors, and exits 1", async () => {
    editSource("full/src/mcp/tools/waits.ts", "server.registerTool(", "server.registerTool(,");
    const r = await run(["--format", "json"]);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out) as Report;
    expect(json.counts.parseErrors).toBe(1);
    const rules = json.findings.map((f) => f.rule);
    expect(rules).toContain("parse-error");
    expect(rules).toContain("floor");
    const parse = json.findings.find((f) => f.rule === "parse-error")!;
    expect(parse.file).toBe("full/src/mcp/tools/waits.ts");
    expect(parse.message).toMatch(/^full\/src\/mcp\/tools\/waits\.ts does not parse \(Argument expression expected\.\)/);
  });
});

describe("the roster", () => {
  const plans = "full/src/mcp/tools/agent.ts";

  it("a new bare sentence fails as unrostered; a removed one fails as stale; roster --write makes it clean and keeps notes", async () => {
    const rosterBefore = JSON.parse(readFileSync(path.join(dir, ROSTER), "utf8")) as { entries: { sentence: string; note?: string }[] };
    const notes = rosterBefore.entries.filter((e) => e.note).length;
    expect(notes).toBeGreaterThan(0);

    // A new one: the seed's sentence, returned in place of an envelope.
    editSource(plans, "return JSON.stringify(", 'if (Math.random() > 2) return "No plan XML provided.";\n      return JSON.stringify(');
    let json = await report();
    let roster = json.findings.filter((f) => f.rule === "bare-sentence-roster");
    expect(roster).toHaveLength(1);
    expect(roster[0]!.file).toBe(plans);
    expect(roster[0]!.message).toContain('returns the bare sentence "No plan XML provided.", which is not in the roster');
    expect(json.counts.bareSentences.unrostered).toBe(1);

    // A removed one: its entry is stale, reported at the entry's line of the roster file.
    editSource(plans, "return `Server ${", "return JSON.stringify(`Server ${");
    editSource(plans, "has no Agent jobs.`;", "has no Agent jobs.`);");
    json = await report();
    roster = json.findings.filter((f) => f.rule === "bare-sentence-roster");
    const stale = roster.find((f) => f.file === ROSTER)!;
    expect(stale.message).toMatch(/^Roster entry for tool list_agent_jobs in full\/src\/mcp\/tools\/agent\.ts \("Server \$\{…\} has no Agent jobs\."\) matches no bare sentence/);
    const rosterLines = readFileSync(path.join(dir, ROSTER), "utf8").split("\n");
    expect(rosterLines[stale.line - 1]!.slice(stale.column - 1)).toMatch(/^\{/);
    expect(json.counts.bareSentences.stale).toBe(1);

    const write = await run(["roster", "--write"]);
    expect(write.code).toBe(0);
    const after = await run(["--format", "json"]);
    expect(after.code).toBe(0);
    const rosterAfter = JSON.parse(readFileSync(path.join(dir, ROSTER), "utf8")) as { entries: { sentence: string; note?: string }[] };
    expect(rosterAfter.entries.some((e) => e.sentence === "No plan XML provided.")).toBe(true);
    expect(rosterAfter.entries.some((e) => e.sentence === "Server ${…} has no Agent jobs.")).toBe(false);
    // Every surviving entry keeps its note.
    for (const e of rosterBefore.entries.filter((x) => x.note && x.sentence !== "Server ${…} has no Agent jobs.")) {
      expect(rosterAfter.entries.find((a) => a.sentence === e.sentence)?.note).toBe(e.note);
    }
  });

  it("roster --write refuses while a file fails to parse, and writes nothing", async () => {
    const before = readFileSync(path.join(dir, ROSTER), "utf8");
    editSource("lite/src/mcp/tools/waits.ts", "export", "const broken = ;\nexport");
    const r = await run(["roster", "--write"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/fail(s)? to parse/);
    expect(readFileSync(path.join(dir, ROSTER), "utf8")).toBe(before);
    // node_modules holds the census's fact cache (this copy has no package.json above it), not a file of the monitor's.
    expect(readdirSync(dir).filter((f) => f !== "node_modules").sort()).toEqual(readdirSync(monitor).sort());
  });

  it("floors --raise refuses while a file fails to parse", async () => {
    const before = readFileSync(path.join(dir, CONFIG), "utf8");
    editSource("lite/src/mcp/tools/waits.ts", "export", "const broken = ;\nexport");
    const r = await run(["floors", "--raise"]);
    expect(r.code).toBe(2);
    expect(readFileSync(path.join(dir, CONFIG), "utf8")).toBe(before);
  });
});

describe("configuration errors exit 2 and name the JSON path", () => {
  it.each([
    ["an unknown key", () => editConfig(["skus", 0, "toolz"], ["x"]), /skus\[0\]\.toolz/],
    ["a wrong type", () => editConfig(["skus", 1, "root"], 7), /skus\[1\]\.root: expected string/],
    ["a missing file", () => editConfig(["skus", 0, "helpers"], "src/mcp/nope.ts"), /skus\[0\]\.helpers: file not found/],
    ["a glob that matches nothing", () => editConfig(["skus", 0, "tools"], ["src/none/**/*.ts"]), /skus\[0\]\.tools\[0\]: glob/],
    ["invalid JSON", () => writeFileSync(path.join(dir, CONFIG), '{ "skus": [ }'), /invalid JSON/],
    ["a floor that is not a count", () => editConfig(["floors", "passThroughs.totl"], 3), /floors\["passThroughs\.totl"\]/],
  ])("%s", async (_name, breakIt, pattern) => {
    breakIt();
    const r = await run([]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toMatch(pattern);
    expect(r.err).not.toMatch(/\n\s+at /); // a user's error, not a stack trace
  });

  it("a missing config file", async () => {
    rmSync(path.join(dir, CONFIG));
    const r = await run([]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/Config file not found/);
  });
});

describe("trace", () => {
  it("explains a passing pass-through: guard, definition, producer and how the import was followed", async () => {
    const r = await run(["trace", "full/src/mcp/tools/sessions.ts:82"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      [
        "full/src/mcp/tools/sessions.ts:82:7  if (!!miss) return miss;  [list_sessions]",
        "  81:22  const [target, miss] = resolveOrError(monitoredServers(), server_name)",
        "    → producer resolveOrError in full/src/mcp/serverResolver.ts (resolver)",
        "      via exported by full/src/mcp/index.ts as `resolveOrError`",
        "      via exported by full/src/mcp/serverResolver.ts as `resolveOrError`",
        "passes: every definition comes from a shared producer",
        "",
      ].join("\n"),
    );
  });

  it("explains a failing pass-through: the definition that fails and why", async () => {
    editSource("full/src/mcp/tools/waits.ts", "const hoursError = validateHoursBack(hours_back);", 'const hoursError = hours_back > 720 ? "hours_back is too large." : null;');
    const json = await report();
    const finding = json.findings.find((f) => f.rule === "pass-through-producer")!;
    expect(finding.message).toContain("`hoursError` is passed through, but its value from line");
    const r = await run(["trace", `${finding.file}:${finding.line}`]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("✗ it is a string built in place");
    expect(r.out.trimEnd().split("\n").at(-1)).toBe("fails: 1 of 1 definition does not come from a shared producer");
  });

  it("a line without a pass-through is a usage error", async () => {
    const r = await run(["trace", "full/src/mcp/tools/sessions.ts:1"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no guarded pass-through starts on/);
  });
});
