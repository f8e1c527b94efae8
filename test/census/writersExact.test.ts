// The writers to the byte where the other writer tests look at a part: each file-system failure in words, floors
// --raise's summary and formatting, and the roster plan's first-wins entries, its orders and its summary lines.
import fs, { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whyNotWritten, writeAtomically } from "../../census/writers/atomic.js";
import { inferFormatting, raiseFloors, raiseInText, summarize as summarizeFloors, type FloorPlan } from "../../census/writers/floors.js";
import { planRoster, summarize as summarizeRoster } from "../../census/writers/roster.js";
import { PartialCensusError, UserError } from "../../src/errors.js";
import { censusResult, cleanReport, counts, sentence } from "./reports.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "payload-census-writers-"));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/** Makes the last step of every atomic write, the rename over the old file, fail with `error`. */
function failRename(error: Error): void {
  vi.spyOn(fs, "rename").mockImplementation(((_from: string, _to: string, callback: (error: Error) => void) => {
    callback(error);
  }) as unknown as typeof fs.rename);
}

describe("a failed write, in words", () => {
  it.each([
    ["EACCES", "permission denied (the file or its folder is not writable)"],
    ["EPERM", "permission denied (the file or its folder is not writable)"],
    ["EROFS", "the file system is read-only"],
    ["ENOSPC", "no space left on the device"],
    ["EDQUOT", "the disk quota is exceeded"],
    ["ENAMETOOLONG", "the path is too long"],
    ["ELOOP", "too many levels of symbolic links in its path"],
    ["EBUSY", "the file is busy (in use by another program)"],
    ["EIO", "i/o error, write"],
  ])("%s", (code, words) => {
    expect(whyNotWritten(Object.assign(new Error("i/o error, write"), { code }))).toBe(words);
  });
});

describe("a failed write, as whose fault", () => {
  it("a file system's refusal is the user's to fix, a fault without a system error code is thrown as it is", async () => {
    const file = `${dir}/out.txt`;
    failRename(Object.assign(new Error("EIO: i/o error, rename"), { code: "EIO" }));
    await expect(writeAtomically(file, "x", "the report")).rejects.toThrow(new UserError("cannot write the report: EIO: i/o error, rename"));
    vi.restoreAllMocks();
    const bug = new Error("not a system error");
    failRename(bug);
    await expect(writeAtomically(file, "x", "the report")).rejects.toBe(bug);
  });
});

describe("floors --raise, exactly", () => {
  it("summarizes every kind of floor, one of a kind in the singular", () => {
    const plan: FloorPlan = {
      raised: [{ count: "tools", floor: 3, actual: 4 }],
      level: [],
      above: [
        { count: "handBuilt", floor: 2, actual: 1 },
        { count: "validators", floor: 9, actual: 8 },
      ],
      unknown: [
        { count: "nope", floor: 1, actual: undefined },
        { count: "nada", floor: 2, actual: undefined },
      ],
    };
    expect(summarizeFloors(plan, "c.json")).toBe(
      [
        "raised 1 floor in c.json:",
        "  tools  3 → 4",
        "left above their count (floors are never lowered; check runs report them): handBuilt 2 > 1, validators 9 > 8",
        "not a count, left as is: nope, nada",
        "",
      ].join("\n"),
    );
    expect(summarizeFloors({ raised: [], level: [{ count: "tools", floor: 4, actual: 4 }], above: [], unknown: [] }, "c.json")).toBe(
      "no floor to raise in c.json: none is below its count\nat their count already: tools 4\n",
    );
  });

  it("leaves a floor that names no count out of the text", () => {
    const text = '{\n  "floors": { "tools": 1 }\n}\n';
    expect(raiseInText(text, [{ count: "tools", floor: 1, actual: undefined }])).toBe(text);
  });

  it("writes a floor the text does not hold yet in the file's own indentation", () => {
    expect(raiseInText('{\n\t"floors": {\n\t\t"tools": 1\n\t}\n}\n', [{ count: "handBuilt", floor: 0, actual: 2 }])).toBe(
      '{\n\t"floors": {\n\t\t"tools": 1,\n\t\t"handBuilt": 2\n\t}\n}\n',
    );
  });

  it("takes the indentation from the start of a line, and tabs only from a line that starts with one", () => {
    expect(inferFormatting('{ "a": {\n\t"b": 1 } }')).toEqual({ insertSpaces: false, tabSize: 1, eol: "\n" });
    expect(inferFormatting('{\n \t"b": 1\n}')).toEqual({ insertSpaces: true, tabSize: 2, eol: "\n" });
  });

  it("refuses a partial census, naming every file that fails", async () => {
    const result = censusResult(dir, { unparsed: ["src/a.ts", "src/b.ts"], config: { floors: [{ count: "tools", floor: 1 }] } });
    const raised = raiseFloors(result);
    await expect(raised).rejects.toThrow(PartialCensusError);
    await expect(raised).rejects.toThrow("2 files fail to parse: fix them first, the counts leave out what they hold: src/a.ts, src/b.ts");
  });

  it("names the config it cannot write", async () => {
    writeFileSync(`${dir}/payload-census.config.json`, '{ "floors": { "tools": 1 } }\n');
    const report = cleanReport();
    report.counts = counts({ tools: 2 });
    failRename(Object.assign(new Error("EIO: i/o error, rename"), { code: "EIO" }));
    await expect(raiseFloors(censusResult(dir, { report, config: { floors: [{ count: "tools", floor: 1 }] } }))).rejects.toThrow(
      new UserError("cannot write the config payload-census.config.json: EIO: i/o error, rename"),
    );
  });

  it("reads no config when no floor is raised", async () => {
    // The config file does not exist: reading it would fail.
    const report = cleanReport();
    report.counts = counts({ tools: 1 });
    const result = censusResult(dir, { report, config: { floors: [{ count: "tools", floor: 1 }] } });
    expect(await raiseFloors(result)).toBe("no floor to raise in payload-census.config.json: none is below its count\nat their count already: tools 1\n");
  });
});

describe("roster --write, exactly", () => {
  const entry = (sentence: string, extra: { count?: number; note?: string } = {}) => ({ file: "src/a.ts", tool: "t", sentence, ...extra });

  it("keeps the first of two entries for one sentence, its count and note, and adds no key it has no value for", () => {
    const plan = planRoster(
      censusResult(dir, {
        rosterEntries: [entry("Gone.", { count: 2, note: "first" }), entry("Gone.", { note: "second" }), entry("Old."), entry("Kept.")],
        bareSentences: [sentence("src/a.ts", "t", "Kept.", 1)],
      }),
    );
    expect(plan.removed).toStrictEqual([
      { file: "src/a.ts", tool: "t", sentence: "Gone.", count: 2, note: "first" },
      { file: "src/a.ts", tool: "t", sentence: "Old." },
    ]);
    expect(plan.roster.entries).toStrictEqual([{ file: "src/a.ts", tool: "t", sentence: "Kept." }]);
  });

  it("sorts the added entries and the sentences it cannot roster", () => {
    const plan = planRoster(
      censusResult(dir, {
        bareSentences: [
          sentence("src/b.ts", "t", "B.", 1),
          sentence("src/a.ts", "t", "A.", 1),
          sentence("src/b.ts", null, "Late column.", 4, 9),
          sentence("src/b.ts", null, "Early column.", 4, 3),
          sentence("src/b.ts", null, "Early line.", 2, 20),
          sentence("src/a.ts", null, "Other file.", 9),
        ],
      }),
    );
    expect(plan.added.map((e) => e.sentence)).toEqual(["A.", "B."]);
    expect(plan.skipped.map((s) => s.sentence)).toEqual(["Other file.", "Early line.", "Early column.", "Late column."]);
    expect(summarizeRoster(plan, "r.json", "created")).toBe(
      [
        "created r.json: 2 entries (2 added, 0 removed, 0 kept)",
        '  + src/a.ts  t  "A."',
        '  + src/b.ts  t  "B."',
        "not rostered: 4 bare sentences in a tool whose name the census cannot see (they stay findings):",
        '  src/a.ts:9:12  "Other file."',
        '  src/b.ts:2:20  "Early line."',
        '  src/b.ts:4:3  "Early column."',
        '  src/b.ts:4:9  "Late column."',
        "",
      ].join("\n"),
    );
  });

  it("says a removed entry's note is gone only when it had one", () => {
    const plan = planRoster(censusResult(dir, { rosterEntries: [entry("Noted.", { note: "why" }), entry("Plain.")] }));
    expect(summarizeRoster(plan, "r.json", "wrote")).toBe(
      ["wrote r.json: 0 entries (0 added, 2 removed, 0 kept)", '  - src/a.ts  t  "Noted."  (its note is gone: "why")', '  - src/a.ts  t  "Plain."', ""].join("\n"),
    );
  });
});
