// Shards that merge (SPEC §7): the partial reports of `check --shard I/N`, merged, are the single run's report byte for
// byte, in every format; a partial set that is incomplete, mixed or damaged is refused in words (exit 2).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { sliceOf } from "../../src/project/partial.js";
import { tempDir } from "../properties/trees.js";
import { captureIo } from "./io.js";
import { RED_CASES } from "../redCases.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const fixtures = path.join(root, "fixtures");
const RED = RED_CASES;

const FORMATS = ["json", "sarif", "text"] as const;

async function run(args: string[], cwd = root): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(cwd);
  const code = await main(args, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

/** Runs every shard of `count` into files of `dir` and returns their paths. */
async function shards(fixture: string, count: number, dir: string): Promise<string[]> {
  const files: string[] = [];
  for (let index = 1; index <= count; index++) {
    const file = path.join(dir, `${path.basename(fixture)}-${index}-of-${count}.json`);
    const shard = await run(["check", path.join("fixtures", fixture), "--shard", `${index}/${count}`, "--output", file, "--no-cache"]);
    expect(shard.err).toBe("");
    expect(shard.code, "a shard's exit code says only that its partial was written").toBe(0);
    files.push(file);
  }
  return files;
}

describe("merged shards are the single run's report, byte for byte", () => {
  for (const fixture of ["monitor", ...RED]) {
    it(fixture, async () => {
      const dir = tempDir("shards");
      const single = await Promise.all(FORMATS.map((format) => run(["check", path.join("fixtures", fixture), "--format", format, "--no-cache"])));
      for (const count of [1, 2, 3, 7]) {
        const partials = await shards(fixture, count, dir);
        for (const [i, format] of FORMATS.entries()) {
          // The partials in another order than written: merge does not care.
          const merged = await run(["merge", ...[...partials].reverse(), "--format", format]);
          expect(merged.err).toBe("");
          expect(merged.code, `${format}, ${count} shards: exit code`).toBe(single[i]!.code);
          expect(merged.out, `${format}, ${count} shards`).toBe(single[i]!.out);
        }
      }
    });
  }
});

describe("a shard is a slice", () => {
  it("every file is in exactly one slice, whatever the order it is given in", () => {
    const files = Array.from({ length: 23 }, (_, i) => `src/tools/t${String(i).padStart(2, "0")}.ts`);
    for (const count of [1, 2, 3, 7, 30]) {
      const slices = Array.from({ length: count }, (_, i) => sliceOf([...files].reverse(), { index: i + 1, count }));
      expect(slices.flat().sort()).toEqual(files);
      expect(Math.max(...slices.map((s) => s.length)) - Math.min(...slices.map((s) => s.length))).toBeLessThanOrEqual(1);
    }
  });
});

describe("merge refuses a set of partials that is not one whole run", () => {
  async function threeShards(): Promise<{ dir: string; partials: string[] }> {
    const dir = tempDir("shards");
    return { dir, partials: await shards("monitor", 3, dir) };
  }

  it("a missing shard", async () => {
    const { partials } = await threeShards();
    const r = await run(["merge", partials[0]!, partials[2]!]);
    expect(r.code).toBe(2);
    expect(r.err).toBe("payload-census: shard 2/3 is missing: give the partial report of every shard of the run\n");
  });

  it("a shard given twice", async () => {
    const { partials } = await threeShards();
    const r = await run(["merge", ...partials, partials[1]!]);
    expect(r.code).toBe(2);
    expect(r.err).toBe("payload-census: shard 2/3 is given 2 times: give each shard's partial report once\n");
  });

  it("shards of runs with different counts", async () => {
    const { dir, partials } = await threeShards();
    const [other] = await shards("monitor", 2, dir);
    const r = await run(["merge", partials[0]!, partials[1]!, other!]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("is shard 1/2 but");
  });

  it("a file that is not JSON, JSON that is not a partial, a damaged partial, another version", async () => {
    const { dir, partials } = await threeShards();
    const notJson = path.join(dir, "not.json");
    writeFileSync(notJson, "{ nope");
    expect((await run(["merge", notJson])).err).toBe(
      `payload-census: ${notJson} is not JSON: give the partial reports written by payload-census check --shard I/N --output FILE\n`,
    );
    const report = path.join(dir, "report.json");
    writeFileSync(report, (await run(["check", "fixtures/monitor", "--format", "json", "--no-cache"])).out);
    expect((await run(["merge", report])).err).toContain("is not a partial report");
    const damaged = path.join(dir, "damaged.json");
    const partial = JSON.parse(readFileSync(partials[0]!, "utf8")) as { files: { facts: Record<string, unknown> }[]; version: string };
    delete partial.files[0]!.facts.tools;
    writeFileSync(damaged, JSON.stringify(partial));
    expect((await run(["merge", damaged])).err).toContain("is a damaged partial report");
    const older = path.join(dir, "older.json");
    writeFileSync(older, JSON.stringify({ ...JSON.parse(readFileSync(partials[0]!, "utf8")), version: "0.0.1" }));
    const r = await run(["merge", older]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("was written by payload-census 0.0.1 and this is");
    expect((await run(["merge", path.join(dir, "absent.json")])).err).toContain("no such partial report");
  });

  it("a config whose extraction settings changed since the shards ran", async () => {
    const dir = tempDir("shards");
    const monitor = path.join(dir, "monitor");
    const { cpSync } = await import("node:fs");
    cpSync(path.join(fixtures, "monitor"), monitor, { recursive: true });
    const partials: string[] = [];
    for (const index of [1, 2]) {
      const file = path.join(dir, `p${index}.json`);
      expect((await run(["check", "--shard", `${index}/2`, "--output", file, "--no-cache"], monitor)).code).toBe(0);
      partials.push(file);
    }
    const configFile = path.join(monitor, "payload-census.config.json");
    writeFileSync(configFile, readFileSync(configFile, "utf8").replace('"bodyKey": "run"', '"bodyKey": "execute"'));
    const r = await run(["merge", ...partials], monitor);
    expect(r.code).toBe(2);
    expect(r.err).toContain("changed since the shards ran");
  });
});
