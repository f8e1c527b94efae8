// The editor's case for tsconfig.json path aliases: a session that resolved a producer through an alias follows an edit
// of the tsconfig.json (the file itself, the one it extends, one that appears nearer) without being reset by hand.
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Finding } from "../src/model.js";
import { TsconfigAliases } from "../src/project/tsconfigPaths.js";
import { CensusSession } from "../src/session.js";

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "near-miss", "pass-through-producer", "import-tsconfig-paths");
const TOP = "src/tools/top.ts";

let dir: string;
let session: CensusSession;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "payload-census-tsconfig-"));
  cpSync(fixture, dir, { recursive: true });
  session = new CensusSession(path.join(dir, "payload-census.config.json"), { revalidateMs: 0 });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (rel: string) => path.join(dir, rel);

/** Writes `text` to `rel` and moves its time on, so that a coarse file-system clock cannot hide the change. */
function rewrite(rel: string, text: string): void {
  const before = statSync(file(rel), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  writeFileSync(file(rel), text);
  const later = new Date(Math.max(before, statSync(file(rel)).mtimeMs) + 5000);
  utimesSync(file(rel), later, later);
}

function edit(rel: string, from: string, to: string): void {
  const text = readFileSync(file(rel), "utf8");
  if (!text.includes(from)) throw new Error(`edit: ${JSON.stringify(from)} does not occur in ${rel}`);
  rewrite(rel, text.replace(from, to));
}

/** The essentials of a pass-through finding: where it is, and which specifier no alias maps. */
const shown = (f: Finding) => [f.rule, f.file, f.line, f.column, f.messageId, /"([^"]+)" is a package/.exec(f.message)?.[1]];

const TOP_ERROR = ["pass-through-producer", TOP, 12, 7, "notShared", "@app/helpers.js"];
const MISS = ["pass-through-producer", TOP, 15, 7, "notShared", "#resolver"];

describe("CensusSession and tsconfig.json aliases", () => {
  it("resolves both producers through the aliases, and reads nothing again while no tsconfig.json changes", () => {
    expect(session.findingsFor(file(TOP))).toEqual([]);
    expect(session.findingsFor(file(TOP))).toEqual([]);
    expect(session.stats().censuses).toBe(1);
    expect(session.census().report.counts.passThroughs).toMatchObject({ total: 2, resolver: 1, validator: 1, unshared: 0 });
  });

  it("follows an alias re-pointed in the tsconfig.json that tsconfig.json extends, and pointed back", () => {
    expect(session.findingsFor(file(TOP))).toEqual([]);

    edit("tsconfig.base.json", '"@app/*": ["src/*"]', '"@app/*": ["lib/*"]');
    expect(session.findingsFor(file(TOP)).map(shown)).toEqual([TOP_ERROR]);
    expect(session.census().report.counts.passThroughs).toMatchObject({ total: 2, resolver: 1, validator: 0, unshared: 1 });

    edit("tsconfig.base.json", '"@app/*": ["lib/*"]', '"@app/*": ["src/*"]');
    expect(session.findingsFor(file(TOP))).toEqual([]);
    expect(session.stats().censuses).toBe(3);
  });

  it("notices the tsconfig.json removed, and written again", () => {
    expect(session.findingsFor(file(TOP))).toEqual([]);
    const text = readFileSync(file("tsconfig.json"), "utf8");

    rmSync(file("tsconfig.json"));
    expect(session.findingsFor(file(TOP)).map(shown)).toEqual([TOP_ERROR, MISS]);
    expect(session.census().report.counts.passThroughs).toMatchObject({ total: 2, resolver: 0, validator: 0, unshared: 2 });

    rewrite("tsconfig.json", text);
    expect(session.findingsFor(file(TOP))).toEqual([]);
  });

  it("notices a tsconfig.json that appears nearer the importing file, where none was when the aliases were read", () => {
    expect(session.findingsFor(file(TOP))).toEqual([]);

    // The nearest tsconfig.json wins and extends nothing: only `#resolver` is mapped from src/tools/ now.
    rewrite("src/tools/tsconfig.json", JSON.stringify({ compilerOptions: { paths: { "#resolver": ["../resolver.ts"] } } }));
    expect(session.findingsFor(file(TOP)).map(shown)).toEqual([TOP_ERROR]);
    expect(session.census().report.counts.passThroughs).toMatchObject({ total: 2, resolver: 1, validator: 0, unshared: 1 });
  });
});

describe("a tsconfig.json nested deeper than its parser follows", () => {
  it("gives no aliases, and never an exception", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "payload-census-deep-tsconfig-"));
    try {
      writeFileSync(path.join(dir, "tsconfig.json"), `${"[".repeat(20_000)}${"]".repeat(20_000)}`);
      const aliases = new TsconfigAliases(() => "stamp");
      expect(aliases.candidates(path.join(dir, "src", "a.ts"), "@app/x")).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
