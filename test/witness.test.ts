// payload-census witness (SPEC §6): every check fires on a real site of the monitor, a blind check is DARK, nothing is written.
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "jsonc-parser";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../census/main.js";
import type { WitnessReport } from "../census/witness/run.js";
import { RULE_IDS } from "../src/model.js";
import { captureIo } from "./census/io.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const monitor = path.join(root, "fixtures", "monitor");
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function witness(dir: string, ...flags: string[]): Promise<{ code: number; out: string; report?: WitnessReport }> {
  const io = captureIo(root);
  const code = await main(["witness", dir, ...flags], io);
  const out = io.out.join("");
  return { code, out, ...(flags.includes("json") ? { report: JSON.parse(out) as WitnessReport } : {}) };
}

/** A copy of the reference monitor whose config is changed by `edit` (the config is JSONC: its comments go). */
function monitorWith(edit: (config: Record<string, any>) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-witness-"));
  made.push(dir);
  cpSync(monitor, dir, { recursive: true });
  const file = path.join(dir, "payload-census.config.json");
  const config = parse(readFileSync(file, "utf8")) as Record<string, any>;
  edit(config);
  writeFileSync(file, JSON.stringify(config, null, 2));
  return dir;
}

function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[path.relative(dir, p)] = createHash("sha256").update(readFileSync(p)).digest("hex");
    }
  };
  walk(dir);
  return out;
}

describe("witness on the reference monitor", () => {
  it("witnesses every check: each fires on a real site, exit 0", async () => {
    const { code, report } = await witness(monitor, "--format", "json");
    expect(report!.checks.map((c) => [c.rule, c.status])).toEqual(RULE_IDS.map((rule) => [rule, "witnessed"]));
    expect(report!.ok).toBe(true);
    expect(code).toBe(0);
  });

  it("says where each check fired, for people", async () => {
    const { code, out } = await witness(monitor);
    expect(code).toBe(0);
    expect(out.split("\n")[0]).toBe("witness: 15 checks on fixtures/monitor/payload-census.config.json");
    expect(out).toContain("✓ hand-built-status         witnessed: fired at full/src/mcp/tools/agent.ts:120 (a hand-built status(\"error\", …) split across a line)");
    expect(out).toContain("✓ every check witnessed: each fires on a real site of this monitor");
  });

  it("leaves every file of the monitor byte-identical", async () => {
    const before = hashTree(monitor);
    await witness(monitor, "--format", "json");
    expect(hashTree(monitor)).toEqual(before);
  });
});

describe("witness on a monitor whose config makes a check blind", () => {
  it("a failure word nothing uses: the failure producer's check is DARK, exit 1", async () => {
    const dir = monitorWith((c) => {
      c.contract.words.failure = "boom";
    });
    const { code, report } = await witness(dir, "--format", "json");
    const row = report!.checks.find((c) => c.rule === "one-failure-producer")!;
    expect(row).toEqual({ rule: "one-failure-producer", status: "dark", change: 'formatError builds "boom" a second time', firedAt: null });
    expect(report!.ok).toBe(false);
    expect(code).toBe(1);
  });

  it("tools globs that match a folder of data: the checks that need a tool have no site, exit 1", async () => {
    const dir = monitorWith((c) => {
      for (const sku of c.skus) sku.tools = ["src/mcp/toolNames.ts"];
      delete c.floors;
    });
    const { code, report } = await witness(dir, "--format", "json");
    const status = Object.fromEntries(report!.checks.map((c) => [c.rule, c.status]));
    expect(status["pass-through-producer"]).toBe("no-site");
    expect(status["tool-discovery"]).toBe("no-site");
    expect(status["floor"]).toBe("no-site");
    expect(code).toBe(1);
  });
});
