// The remembered config (src/config/configMemo.ts): taken while the config's text, the kinds of the paths it names and
// its glob walks are as they were; any change is resolved afresh, and a config with problems is never remembered.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { captureIo } from "../census/io.js";
import { settledMonitor } from "./settled.js";


async function run(dir: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(dir);
  const code = await main(["check", "--format", "json", ...args], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

describe("the remembered config", () => {
  it("is what loading gives, and any edit of the config is loaded afresh", async () => {
    const { dir, cache } = settledMonitor("config-memo");
    const fresh = await run(dir, ["--no-cache"]);
    expect(await run(dir, ["--cache-location", cache])).toEqual(fresh);
    expect(readdirSync(path.join(cache, "config"))).toHaveLength(1);
    expect(await run(dir, ["--cache-location", cache])).toEqual(fresh);

    const file = path.join(dir, "payload-census.config.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"tools": 44', '"tools": 45'));
    const edited = await run(dir, ["--cache-location", cache]);
    expect(edited.code).toBe(1);
    expect(edited).toEqual(await run(dir, ["--no-cache"]));
  });

  it("a file the config names that is gone is a config error, however the config was remembered", async () => {
    const { dir, cache } = settledMonitor("config-memo");
    expect((await run(dir, ["--cache-location", cache])).code).toBe(0);
    rmSync(path.join(dir, "lite", "src", "mcp", "helpers.ts"));
    const gone = await run(dir, ["--cache-location", cache]);
    expect(gone.code).toBe(2);
    expect(gone.err).toContain("file not found");
    expect(gone).toEqual(await run(dir, ["--no-cache"]));
  });

  it("a config with problems is not remembered, and a damaged memory is not trusted", async () => {
    const { dir, cache } = settledMonitor("config-memo");
    const file = path.join(dir, "payload-census.config.json");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace('"helpers": "src/mcp/helpers.ts"', '"helpers": "src/mcp/nowhere.ts"'));
    expect((await run(dir, ["--cache-location", cache])).code).toBe(2);
    expect(existsSync(path.join(cache, "config")), "nothing remembered of a config with problems").toBe(false);
    expect((await run(dir, ["--cache-location", cache])).code).toBe(2);

    writeFileSync(file, text);
    const fresh = await run(dir, ["--cache-location", cache]);
    for (const name of readdirSync(path.join(cache, "config"))) writeFileSync(path.join(cache, "config", name), "garbage");
    expect(await run(dir, ["--cache-location", cache])).toEqual(fresh);
  });

  it("places a finding in a remembered config where loading places it", async () => {
    const { dir, cache } = settledMonitor("config-memo");
    const file = path.join(dir, "payload-census.config.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"tools": 44', '"tools": 45'));
    const first = await run(dir, ["--cache-location", cache]);
    // A tool file's edit: the census runs again, on the config taken from the cache.
    const tool = path.join(dir, "full", "src", "mcp", "tools", "waits.ts");
    writeFileSync(tool, `${readFileSync(tool, "utf8")}\n// edited\n`);
    const again = await run(dir, ["--cache-location", cache]);
    expect(again).toEqual(await run(dir, ["--no-cache"]));
    expect(again).toEqual(first);
    const floor = (JSON.parse(again.out) as { findings: { rule: string; file: string; line: number; column: number }[] }).findings.find((f) => f.rule === "floor");
    expect(floor).toMatchObject({ file: "payload-census.config.json", line: 56 });
  });
});

