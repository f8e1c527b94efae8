// The floors writer: raises floors to today's counts, never lowers one, keeps the JSONC config's comments, writes atomically.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inferFormatting, planFloors, raiseFloors, raiseInText } from "../../census/writers/floors.js";
import { PartialCensusError } from "../../src/errors.js";
import { censusResult, cleanReport, counts } from "./reports.js";

const CONFIG = "payload-census.config.json";

const CONFIG_TEXT = `{
  // The monitor's two servers.
  "skus": [{ "name": "full", "root": "full" }],
  "floors": {
    "passThroughs.total": 460, // raised by hand after the 2.3 split
    /* validators only */
    "passThroughs.validator": 210,
    "handBuilt": 0,
    "bareSentences.total": 20,
  },
}
`;

const FLOORS = [
  { count: "passThroughs.total", floor: 460 },
  { count: "passThroughs.validator", floor: 210 },
  { count: "handBuilt", floor: 0 },
  { count: "bareSentences.total", floor: 20 },
];

/** Today's counts: total and validator went up, hand-built is level, bare sentences went down. */
function today() {
  const report = cleanReport();
  report.counts = counts({ passThroughs: { total: 472, validator: 215 }, handBuilt: 0, bareSentences: { total: 18 } });
  return report;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "payload-census-floors-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("planFloors", () => {
  it("raises floors below their count, keeps the level ones, never lowers one above its count", () => {
    const plan = planFloors([...FLOORS, { count: "passThroughs.nope", floor: 1 }], today().counts);
    expect(plan.raised).toEqual([
      { count: "passThroughs.total", floor: 460, actual: 472 },
      { count: "passThroughs.validator", floor: 210, actual: 215 },
    ]);
    expect(plan.level).toEqual([{ count: "handBuilt", floor: 0, actual: 0 }]);
    expect(plan.above).toEqual([{ count: "bareSentences.total", floor: 20, actual: 18 }]);
    expect(plan.unknown).toEqual([{ count: "passThroughs.nope", floor: 1, actual: undefined }]);
  });
});

describe("raiseInText", () => {
  it("changes only the raised numbers: comments, trailing commas and layout stay", () => {
    const plan = planFloors(FLOORS, today().counts);
    expect(raiseInText(CONFIG_TEXT, plan.raised)).toBe(
      CONFIG_TEXT.replace('"passThroughs.total": 460,', '"passThroughs.total": 472,').replace(
        '"passThroughs.validator": 210,',
        '"passThroughs.validator": 215,',
      ),
    );
  });

  it("keeps CRLF line ends", () => {
    const crlf = CONFIG_TEXT.replace(/\n/g, "\r\n");
    const out = raiseInText(crlf, planFloors(FLOORS, today().counts).raised);
    expect(out).toContain('"passThroughs.total": 472, // raised by hand after the 2.3 split\r\n');
    expect(out.replace(/\r\n/g, "")).not.toContain("\n");
  });

  it("infers the file's indentation and line ends", () => {
    expect(inferFormatting('{\n    "a": 1\n}\n')).toEqual({ insertSpaces: true, tabSize: 4, eol: "\n" });
    expect(inferFormatting('{\r\n\t"a": 1\r\n}')).toEqual({ insertSpaces: false, tabSize: 1, eol: "\r\n" });
    expect(inferFormatting("{}")).toEqual({ insertSpaces: true, tabSize: 2, eol: "\n" });
  });
});

describe("raiseFloors", () => {
  it("writes the raised config atomically and says what it did", async () => {
    const file = join(dir, CONFIG);
    writeFileSync(file, CONFIG_TEXT);
    const summary = await raiseFloors(censusResult(dir, { report: today(), config: { floors: FLOORS } }));
    expect(summary).toBe(
      [
        "raised 2 floors in payload-census.config.json:",
        "  passThroughs.total      460 → 472",
        "  passThroughs.validator  210 → 215",
        "at their count already: handBuilt 0",
        "left above their count (floors are never lowered; check runs report them): bareSentences.total 20 > 18",
        "",
      ].join("\n"),
    );
    const written = readFileSync(file, "utf8");
    expect(written).toContain('"passThroughs.total": 472, // raised by hand after the 2.3 split');
    expect(written).toContain('"passThroughs.validator": 215,');
    expect(written).toContain('"bareSentences.total": 20,');
    expect(written).toContain("// The monitor's two servers.");
    expect(readdirSync(dir)).toEqual([CONFIG]);
  });

  it("changes nothing when no floor is below its count", async () => {
    const file = join(dir, CONFIG);
    writeFileSync(file, CONFIG_TEXT);
    const report = cleanReport();
    report.counts = counts({ passThroughs: { total: 460, validator: 200 }, bareSentences: { total: 20 } });
    const summary = await raiseFloors(censusResult(dir, { report, config: { floors: FLOORS } }));
    expect(summary).toBe(
      [
        "no floor to raise in payload-census.config.json: none is below its count",
        "at their count already: passThroughs.total 460, handBuilt 0, bareSentences.total 20",
        "left above their count (floors are never lowered; check runs report them): passThroughs.validator 210 > 200",
        "",
      ].join("\n"),
    );
    expect(readFileSync(file, "utf8")).toBe(CONFIG_TEXT);
  });

  it("says so when no floors are configured, and changes nothing", async () => {
    const file = join(dir, CONFIG);
    writeFileSync(file, "{ /* no floors */ }\n");
    const summary = await raiseFloors(censusResult(dir, { report: today() }));
    expect(summary).toBe(
      'no floors are configured in payload-census.config.json: nothing to raise (add "floors": { "passThroughs.total": N } to start)\n',
    );
    expect(readFileSync(file, "utf8")).toBe("{ /* no floors */ }\n");
  });

  it("refuses while a file does not parse, and the config survives byte for byte", async () => {
    const file = join(dir, CONFIG);
    writeFileSync(file, CONFIG_TEXT);
    const refusal = raiseFloors(censusResult(dir, { report: today(), config: { floors: FLOORS }, unparsed: ["src/tools/a.ts"] }));
    await expect(refusal).rejects.toBeInstanceOf(PartialCensusError);
    await expect(refusal).rejects.toThrow("1 file fails to parse: fix them first, the counts leave out what they hold: src/tools/a.ts");
    expect(readFileSync(file, "utf8")).toBe(CONFIG_TEXT);
  });
});
