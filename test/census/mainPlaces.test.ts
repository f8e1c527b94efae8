// Where the command line looks: the root of the git checkout its CI formats name files from (none outside one), the
// commands whose config is remembered in the cache (check, roster, floors, trace; no other), and a DIR typed as a
// path that is not there (a missing folder, not a mistyped command).
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempTree } from "../config/tempTree.js";
import { captureIo } from "./io.js";

const HELPERS =
  'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
  'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
  'export function refusal(p: string, s: string) { return status("invalid", s); }\n';
const TOOL =
  'import { refusal, status } from "../helpers.js";\n' +
  "export function register(server: any): void {\n" +
  '  server.registerTool("count", { description: "Counts things." }, async ({ n }: { n: number }) => {\n' +
  "    const err = n < 0 ? refusal(\"n\", \"n must not be negative.\") : null;\n" +
  "    if (err != null) return err;\n" +
  '    if (n > 9) return status("invalid", "n is too large.");\n' +
  "    return JSON.stringify({ n });\n" +
  "  });\n" +
  "}\n";

/** A monitor with one hand-built refusal, in `prefix` of a new folder. */
function monitorIn(prefix: string): string {
  const at = (rel: string) => (prefix === "" ? rel : `${prefix}/${rel}`);
  return tempTree({
    [at("payload-census.config.json")]: JSON.stringify({ skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }] }),
    [at("src/helpers.ts")]: HELPERS,
    [at("src/tools/count.ts")]: TOOL,
  });
}

async function run(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(cwd);
  const code = await main(argv, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

const annotatedFiles = (github: string) => [...new Set([...github.matchAll(/file=([^,]+),/g)].map((m) => m[1]))];

describe("the files CI formats name", () => {
  it("are named from the root of the git checkout holding the config, however deep the config is", async () => {
    const root = monitorIn("services/monitor");
    mkdirSync(path.join(root, ".git"));
    const r = await run(["check", "services/monitor", "--format", "github", "--no-cache"], root);
    expect(r.code).toBe(1);
    expect(annotatedFiles(r.out)).toEqual(["services/monitor/src/tools/count.ts"]);
    const sarif = await run(["check", path.join(root, "services", "monitor"), "--format", "sarif", "--no-cache"], path.join(root, "services"));
    expect(sarif.out).toContain('"uri": "services/monitor/src/tools/count.ts"');
  });

  it("are named from the config's folder outside a checkout", async () => {
    const root = monitorIn("");
    const r = await run(["check", ".", "--format", "github", "--no-cache"], root);
    expect(annotatedFiles(r.out)).toEqual(["src/tools/count.ts"]);
  });
});

describe("the commands that remember their config in the cache", () => {
  const memory = (cache: string) => existsSync(path.join(cache, "config"));

  it.each([
    ["check", []],
    ["roster", ["--write"]],
    ["floors", ["--raise"]],
    ["trace", ["src/tools/count.ts:5"]],
  ])("%s does", async (command, args) => {
    const root = monitorIn("");
    const cache = path.join(root, "cache");
    await run([command, ...args, ".", "--cache-location", cache], root);
    expect(memory(cache)).toBe(true);
  });

  it("check --no-cache does not, and routes leaves no cache at all", async () => {
    const root = monitorIn("");
    const cache = path.join(root, "cache");
    await run(["check", ".", "--no-cache", "--cache-location", cache], root);
    expect(memory(cache)).toBe(false);
    expect((await run(["routes", "count", "."], root)).code).toBe(0);
    expect(existsSync(path.join(root, "node_modules", ".cache", "payload-census", "config"))).toBe(false);
  });
});

describe("a DIR that is not there", () => {
  it.each(["./nowhere", "nowhere/deeper", "no.where"])("%s, typed as a path, is a missing folder", async (dir) => {
    const root = monitorIn("");
    const r = await run([dir], root);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`payload-census: no such folder: ${dir} (DIR is the folder holding payload-census.config.json)\n`);
  });

  it("an absolute path too", async () => {
    const root = monitorIn("");
    const dir = path.join(root, "nowhere");
    const r = await run([dir], root);
    expect(r.err).toBe(`payload-census: no such folder: ${dir} (DIR is the folder holding payload-census.config.json)\n`);
  });
});
