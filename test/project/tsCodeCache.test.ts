// The TypeScript package from V8's code cache (src/tsCodeCache.ts), in processes of their own: the first compiles and
// keeps the code, the next takes it; damaged code is compiled again; the package is the one `require` gives everyone.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const folder = path.join(path.dirname(path.dirname(createRequire(import.meta.url).resolve("typescript/package.json"))), ".cache", "payload-census", "v8");
const hasOwnCompileCache = typeof (createRequire(import.meta.url)("node:module") as { enableCompileCache?: unknown }).enableCompileCache === "function";

/** A process that loads the census's parser, parses a file, keeps the code, and says how it loaded the package. */
function parseInChild(env: Record<string, string> = {}): { state: string; sameModule: boolean; kinds: number } {
  const script = `
    import { createRequire } from "node:module";
    const { ts, parseSource } = await import(${JSON.stringify(pathToFileURL(path.join(root, "dist", "src", "ts.js")).href)});
    const { keepParserCode, parserCodeState } = await import(${JSON.stringify(pathToFileURL(path.join(root, "dist", "src", "tsCodeCache.js")).href)});
    const file = parseSource("x.ts", "export const a = (b: number) => b + 1;");
    keepParserCode();
    const sameModule = createRequire(${JSON.stringify(path.join(root, "package.json"))})("typescript") === ts;
    console.log(JSON.stringify({ state: parserCodeState(), sameModule, kinds: file.statements.length }));
  `;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", env: { ...process.env, ...env } });
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout) as { state: string; sameModule: boolean; kinds: number };
}

describe.skipIf(hasOwnCompileCache)("the parser's code kept between processes (Node without a compile cache of its own)", () => {
  it("is compiled and kept by the first process, taken by the next, compiled again when damaged; off with NODE_DISABLE_COMPILE_CACHE", () => {
    rmSync(folder, { recursive: true, force: true });
    // What another version left is dropped when this one keeps its code.
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "typescript-0.0.1-1-1-node-v0.0.0-x64.bin"), "old");
    expect(parseInChild()).toEqual({ state: "compiled", sameModule: true, kinds: 1 });
    const kept = readdirSync(folder);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^typescript-[\d.]+-\d+-\d+-node-v[\d.]+-\w+\.bin$/);
    expect(parseInChild()).toEqual({ state: "taken", sameModule: true, kinds: 1 });

    writeFileSync(path.join(folder, kept[0]!), "not code");
    expect(parseInChild()).toEqual({ state: "compiled", sameModule: true, kinds: 1 });
    expect(parseInChild()).toEqual({ state: "taken", sameModule: true, kinds: 1 });

    expect(parseInChild({ NODE_DISABLE_COMPILE_CACHE: "1" })).toEqual({ state: "plain", sameModule: true, kinds: 1 });
    expect(existsSync(path.join(folder, kept[0]!))).toBe(true);
  });
});
