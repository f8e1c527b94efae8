// merge with --config: the config named on the command line is the one loaded (and so one that cannot be loaded is
// refused), not the one the partial reports name.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempDir } from "../properties/trees.js";
import { captureIo } from "./io.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(root);
  const code = await main(args, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

describe("merge --config", () => {
  it("loads the config it names: the partials' own config is not used instead", async () => {
    const dir = tempDir("merge-config");
    const partial = path.join(dir, "p1.json");
    expect((await run(["check", path.join("fixtures", "monitor"), "--shard", "1/1", "--output", partial, "--no-cache"])).code).toBe(0);
    const named = await run(["merge", partial, "--config", path.join("fixtures", "monitor", "payload-census.config.json")]);
    expect(named.err).toBe("");
    expect(named).toEqual(await run(["merge", partial]));
    const missing = path.join(dir, "nowhere.json");
    const refused = await run(["merge", partial, "--config", missing]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("Config file not found");
    expect(refused.out).toBe("");
  });
});
