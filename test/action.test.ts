// The composite action's script (action/census.sh), run here as the action runs it: annotations, SARIF, job summary, exit code.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function action(directory: string): { status: number | null; stdout: string; summary: string; sarif: string } {
  const scratch = mkdtempSync(path.join(tmpdir(), "payload-census-action-"));
  made.push(scratch);
  const summary = path.join(scratch, "summary.md");
  const sarif = path.join(scratch, "census.sarif");
  const run = spawnSync("bash", [path.join(root, "action", "census.sh")], {
    cwd: root,
    encoding: "utf8",
    env: {
      ...process.env,
      // The built CLI of this checkout stands in for the monitor's installed one.
      PAYLOAD_CENSUS_BIN: `node ${path.join(root, "dist", "census", "bin.js")}`,
      PAYLOAD_CENSUS_DIRECTORY: directory,
      PAYLOAD_CENSUS_SARIF: sarif,
      PAYLOAD_CENSUS_SUMMARY: "true",
      GITHUB_STEP_SUMMARY: summary,
      NO_COLOR: "1",
    },
  });
  const read = (file: string): string => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      return "";
    }
  };
  return { status: run.status, stdout: run.stdout, summary: read(summary), sarif: read(sarif) };
}

describe("action/census.sh", () => {
  it("on the reference monitor: clean, exit 0, a summary and a SARIF log written", () => {
    const run = action("fixtures/monitor");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("payload-census: ✓ clean\n");
    expect(run.summary).toContain("**✓ clean** · floors held · roster exact");
    expect(JSON.parse(run.sarif).runs[0].results).toEqual([]);
  });

  it("on a red fixture: annotations at paths from the checkout's root, exit 1, the report still written", () => {
    const run = action("fixtures/red/hand-built-status/barrel-renamed");
    expect(run.status).toBe(1);
    expect(run.stdout.split("\n")[0]).toMatch(/^::error file=fixtures\/red\/hand-built-status\/barrel-renamed\/src\/tools\/top\.ts,line=13,col=16,/);
    expect(run.summary).toContain("**✗ 1 finding**");
    expect(JSON.parse(run.sarif).runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe(
      "fixtures/red/hand-built-status/barrel-renamed/src/tools/top.ts",
    );
  });

  it("on a broken config: exit 2, no report", () => {
    const run = action("fixtures/no-such-monitor");
    expect(run.status).toBe(2);
    expect(run.summary).toBe("");
  });
});
