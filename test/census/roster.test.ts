// The roster writer: entries from the census's bare sentences, notes kept, counts, order, refusal while partial, atomic writes.
import fs, { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { planRoster, writeRoster } from "../../census/writers/roster.js";
import { PartialCensusError, UserError } from "../../src/errors.js";
import { censusResult, sentence } from "./reports.js";

const ROSTER = "payload-census.roster.json";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "payload-census-roster-"));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/** The code's bare sentences in a deliberately unsorted order, one repeated twice and one in an unnamed tool. */
function sentences() {
  return [
    sentence("src/tools/waits.ts", "get_waits", "No waits.", 30),
    sentence("src/tools/plan.ts", "get_plan", "No plan XML provided.", 12),
    sentence("src/tools/plan.ts", "get_plan", "No plan XML provided.", 40),
    sentence("src/tools/plan.ts", "analyze_plan", "Plan ${…} is empty.", 77),
    sentence("src/tools/misc.ts", null, "Whatever.", 9, 14),
  ];
}

const OLD_ENTRIES = [
  { file: "src/tools/plan.ts", tool: "get_plan", sentence: "No plan XML provided.", note: "the SDK's own wording" },
  { file: "src/tools/gone.ts", tool: "old_tool", sentence: "Gone.", note: "removed in 2.0" },
  { file: "src/tools/waits.ts", tool: "get_waits", sentence: "No waits.", count: 2 },
];

const EXPECTED_FILE = `{
  "schemaVersion": 1,
  "entries": [
    {
      "file": "src/tools/plan.ts",
      "tool": "analyze_plan",
      "sentence": "Plan \${…} is empty."
    },
    {
      "file": "src/tools/plan.ts",
      "tool": "get_plan",
      "sentence": "No plan XML provided.",
      "count": 2,
      "note": "the SDK's own wording"
    },
    {
      "file": "src/tools/waits.ts",
      "tool": "get_waits",
      "sentence": "No waits."
    }
  ]
}
`;

describe("planRoster", () => {
  it("makes one entry per (file, tool, sentence), counted when repeated, sorted, with the old notes", () => {
    const plan = planRoster(censusResult(dir, { bareSentences: sentences(), rosterEntries: OLD_ENTRIES }));
    expect(plan.roster).toEqual({
      schemaVersion: 1,
      entries: [
        { file: "src/tools/plan.ts", tool: "analyze_plan", sentence: "Plan ${…} is empty." },
        { file: "src/tools/plan.ts", tool: "get_plan", sentence: "No plan XML provided.", count: 2, note: "the SDK's own wording" },
        { file: "src/tools/waits.ts", tool: "get_waits", sentence: "No waits." },
      ],
    });
    expect(plan.added).toEqual([{ file: "src/tools/plan.ts", tool: "analyze_plan", sentence: "Plan ${…} is empty." }]);
    expect(plan.removed).toEqual([{ file: "src/tools/gone.ts", tool: "old_tool", sentence: "Gone.", note: "removed in 2.0" }]);
    expect(plan.kept).toBe(2);
    expect(plan.recounted).toEqual([
      { entry: plan.roster.entries[1], from: 1, to: 2 },
      { entry: plan.roster.entries[2], from: 2, to: 1 },
    ]);
    expect(plan.skipped).toEqual([sentence("src/tools/misc.ts", null, "Whatever.", 9, 14)]);
  });

  it("matches notes on file, tool and sentence together", () => {
    const plan = planRoster(
      censusResult(dir, {
        bareSentences: [sentence("src/tools/plan.ts", "get_plan", "No plan.", 3)],
        rosterEntries: [
          { file: "src/tools/plan.ts", tool: "other_tool", sentence: "No plan.", note: "wrong tool" },
          { file: "src/tools/other.ts", tool: "get_plan", sentence: "No plan.", note: "wrong file" },
          { file: "src/tools/plan.ts", tool: "get_plan", sentence: "No plan!", note: "wrong sentence" },
        ],
      }),
    );
    expect(plan.roster.entries).toEqual([{ file: "src/tools/plan.ts", tool: "get_plan", sentence: "No plan." }]);
    expect(plan.removed.map((e) => e.note)).toEqual(["wrong file", "wrong sentence", "wrong tool"]);
  });

  it("counts a place in the code once even when two SKUs see the same file", () => {
    const shared = sentence("src/shared/tools.ts", "ping", "pong", 5);
    const plan = planRoster(censusResult(dir, { bareSentences: [shared, { ...shared, sku: "lite" }] }));
    expect(plan.roster.entries).toEqual([{ file: "src/shared/tools.ts", tool: "ping", sentence: "pong" }]);
  });

  it("sorts by code units, not by locale", () => {
    const plan = planRoster(
      censusResult(dir, {
        bareSentences: [sentence("a.ts", "t", "b", 1), sentence("a.ts", "t", "B", 2), sentence("a.ts", "T", "z", 3)],
      }),
    );
    expect(plan.roster.entries.map((e) => `${e.tool} ${e.sentence}`)).toEqual(["T z", "t B", "t b"]);
  });
});

describe("writeRoster", () => {
  it("writes the roster file and says what changed", async () => {
    writeFileSync(join(dir, ROSTER), "{}\n");
    const summary = await writeRoster(censusResult(dir, { bareSentences: sentences(), rosterEntries: OLD_ENTRIES }));
    expect(readFileSync(join(dir, ROSTER), "utf8")).toBe(EXPECTED_FILE);
    expect(summary).toBe(
      [
        "wrote payload-census.roster.json: 3 entries (1 added, 1 removed, 2 kept)",
        '  + src/tools/plan.ts  analyze_plan  "Plan ${…} is empty."',
        '  ~ src/tools/plan.ts  get_plan  "No plan XML provided." → ×2',
        '  ~ src/tools/waits.ts  get_waits  "No waits." ×2 → ×1',
        '  - src/tools/gone.ts  old_tool  "Gone."  (its note is gone: "removed in 2.0")',
        "not rostered: 1 bare sentence in a tool whose name the census cannot see (it stays a finding):",
        '  src/tools/misc.ts:9:14  "Whatever."',
        "",
      ].join("\n"),
    );
    // No temporary sibling is left behind.
    expect(readdirSync(dir)).toEqual([ROSTER]);
  });

  it("creates the roster when there is none", async () => {
    const summary = await writeRoster(censusResult(dir, { bareSentences: sentences().slice(0, 1) }));
    expect(summary).toBe('created payload-census.roster.json: 1 entry (1 added, 0 removed, 0 kept)\n  + src/tools/waits.ts  get_waits  "No waits."\n');
    expect(JSON.parse(readFileSync(join(dir, ROSTER), "utf8"))).toEqual({
      schemaVersion: 1,
      entries: [{ file: "src/tools/waits.ts", tool: "get_waits", sentence: "No waits." }],
    });
  });

  it("leaves an up-to-date roster untouched", async () => {
    const file = join(dir, ROSTER);
    writeFileSync(file, EXPECTED_FILE);
    const before = statSync(file).mtimeMs;
    const entries = JSON.parse(EXPECTED_FILE).entries as typeof OLD_ENTRIES;
    const summary = await writeRoster(censusResult(dir, { bareSentences: sentences().slice(0, 4), rosterEntries: entries }));
    expect(summary).toBe("payload-census.roster.json is up to date: 3 entries\n");
    expect(statSync(file).mtimeMs).toBe(before);
  });

  it("refuses while a file does not parse, and the old roster survives byte for byte", async () => {
    const file = join(dir, ROSTER);
    const old = '{ "schemaVersion": 1, "entries": [] }  \n';
    writeFileSync(file, old);
    const result = censusResult(dir, { bareSentences: sentences(), unparsed: ["src/tools/a.ts", "src/tools/b.ts"] });
    const refusal = writeRoster(result);
    await expect(refusal).rejects.toBeInstanceOf(PartialCensusError);
    await expect(refusal).rejects.toThrow(
      "2 files fail to parse: fix them first, the roster would lose their sentences: src/tools/a.ts, src/tools/b.ts",
    );
    expect(readFileSync(file, "utf8")).toBe(old);
    expect(readdirSync(dir)).toEqual([ROSTER]);
  });

  it("keeps the old roster whole when the write is interrupted before the rename, and leaves no temp file", async () => {
    const file = join(dir, ROSTER);
    const old = JSON.stringify({ schemaVersion: 1, entries: OLD_ENTRIES }, null, 2) + "\n";
    writeFileSync(file, old);
    // The last step of an atomic write is the rename over the old file: fail exactly there.
    vi.spyOn(fs, "rename").mockImplementation(((_from: string, _to: string, callback: (error: Error) => void) => {
      callback(Object.assign(new Error("EIO: i/o error, rename"), { code: "EIO" }));
    }) as unknown as typeof fs.rename);
    const write = writeRoster(censusResult(dir, { bareSentences: sentences(), rosterEntries: OLD_ENTRIES }));
    await expect(write).rejects.toBeInstanceOf(UserError);
    await expect(write).rejects.toThrow("cannot write the roster payload-census.roster.json: EIO: i/o error, rename");
    expect(fs.rename).toHaveBeenCalled();
    expect(readFileSync(file, "utf8")).toBe(old);
    expect(readdirSync(dir)).toEqual([ROSTER]);
  });
});
