// The CLI end to end on a copy of the reference monitor with the real census: check, JSON, roster --write, floors --raise, trace.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { Report, TraceResult } from "../../src/model.js";
import { captureIo } from "./io.js";

// Assertions are relations (before and after a write), not the fixture's counts: those belong to the census's own tests.
const FIXTURE = new URL("../../fixtures/monitor/", import.meta.url);

const sku = (name: string) => ({
  name,
  root: name,
  helpers: "src/mcp/helpers.ts",
  producers: [
    { module: "src/mcp/helpers.ts", category: "validator", names: ["validate*"] },
    { module: "src/mcp/serverResolver.ts", category: "resolver" },
    { module: "src/mcp/gates.ts", category: "gate" },
  ],
  tools: ["src/mcp/tools/**/*.ts"],
});

/** JSONC with a comment, so that floors --raise has something to keep. */
const CONFIG = `{
  // written by the CLI's integration test
  "skus": ${JSON.stringify([sku("full"), sku("lite")])},
  "discovery": { "adapters": ["textTool"] },
  "floors": { "passThroughs.total": 1, "files": 100000 }
}
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "payload-census-cli-"));
  cpSync(FIXTURE, dir, { recursive: true });
  // The test's own config and no roster: a known start, whatever the fixture's config and roster say today.
  writeFileSync(join(dir, "payload-census.config.json"), CONFIG);
  rmSync(join(dir, "payload-census.roster.json"), { force: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  const io = captureIo(dir);
  const code = await main(argv, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

async function report(): Promise<Report> {
  const { code, out, err } = await run(["--format", "json"]);
  expect(err).toBe("");
  const parsed = JSON.parse(out) as Report;
  expect(code).toBe(parsed.ok ? 0 : 1);
  return parsed;
}

describe("payload-census on the reference monitor", () => {
  it("prints the same JSON twice, and the text report ends in a verdict matching the exit code", async () => {
    const first = await run(["--format", "json"]);
    const second = await run(["--format", "json"]);
    expect(second.out).toBe(first.out);
    expect(first.out).not.toContain(dir);

    const text = await run([]);
    const parsed = JSON.parse(first.out) as Report;
    expect(text.code).toBe(first.code);
    const files = new Set(parsed.findings.map((f) => f.file)).size;
    expect(text.out.trimEnd().split("\n").at(-1)).toMatch(
      parsed.findings.length === 0
        ? /^✓ clean · /
        : new RegExp(`^✗ ${parsed.findings.length} finding${parsed.findings.length === 1 ? "" : "s"} in ${files} files? · `),
    );
    // The floor of 100000 files cannot hold on a small fixture.
    expect(text.out).toMatch(/✗ files +\d+ < 100000 {2}BELOW/);
  });

  it("roster --write rosters every bare sentence of a named tool: afterwards none is unrostered", async () => {
    // node_modules holds the census's fact cache (this copy has no package.json above it), not a file of the monitor's.
    const listing = readdirSync(dir).filter((f) => f !== "payload-census.roster.json" && f !== "node_modules");
    const before = await report();
    const write = await run(["roster", "--write"]);
    expect(write).toMatchObject({ code: 0, err: "" });
    expect(write.out).toMatch(/^created payload-census\.roster\.json: \d+ entr(y|ies) \(\d+ added, 0 removed, 0 kept\)\n/);

    const after = await report();
    expect(after.counts.bareSentences.total).toBe(before.counts.bareSentences.total);
    const unnamed = after.findings.filter((f) => f.rule === "bare-sentence-roster" && f.tool === null).length;
    expect(after.counts.bareSentences.unrostered).toBe(unnamed);
    expect(after.counts.bareSentences.stale).toBe(0);

    // A second write finds nothing to change and leaves the file alone.
    const again = await run(["roster", "--write"]);
    expect(again.out).toMatch(/^payload-census\.roster\.json is up to date: /);
    // Nothing but the roster was added: no temporary file is left behind.
    expect(readdirSync(dir).filter((f) => f !== "node_modules").sort()).toEqual([...listing, "payload-census.roster.json"].sort());
  });

  it("floors --raise raises the low floor to the count, leaves the high one, keeps the comment", async () => {
    const before = await report();
    expect(await run(["floors", "--raise", "-q"])).toEqual({ code: 0, out: "", err: "" });
    const config = readFileSync(join(dir, "payload-census.config.json"), "utf8");
    expect(config).toContain("// written by the CLI's integration test");
    expect(config).toContain(`"floors": { "passThroughs.total": ${before.counts.passThroughs.total}, "files": 100000 }`);
    const after = await report();
    expect(after.floors).toEqual([
      { count: "passThroughs.total", floor: before.counts.passThroughs.total, actual: before.counts.passThroughs.total, ok: true },
      { count: "files", floor: 100000, actual: before.counts.files, ok: false },
    ]);
  });

  it("traces every pass-through the census found in a file, with the exit code its verdict says", async () => {
    const file = "full/src/mcp/tools/waits.ts";
    const lines = readFileSync(join(dir, file), "utf8").split("\n");
    const guards = lines.flatMap((text, i) => (/^\s*if \((\w+) != null\) return \1;/.test(text) ? [i + 1] : []));
    expect(guards.length).toBeGreaterThan(0);
    for (const line of guards) {
      const json = await run(["trace", `${file}:${line}`, "--format", "json"]);
      const trace = JSON.parse(json.out) as TraceResult;
      expect(trace).toMatchObject({ file, line });
      expect(json.code).toBe(trace.ok ? 0 : 1);
      const text = await run(["trace", `${file}:${line}`]);
      expect(text.out.split("\n")[0]).toMatch(new RegExp(`^${file.replace(/[./]/g, "\\$&")}:${line}:\\d+  if \\(`));
      expect(text.out.trimEnd().split("\n").at(-1)).toMatch(trace.ok ? /^passes: / : /^fails: /);
    }
  });
});
