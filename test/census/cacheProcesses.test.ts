// The cache as separate processes use it (the built CLI, as installed): two runs at once on one cache both succeed and
// leave it whole, and a fully warm run never loads the TypeScript parser.
import { spawn } from "node:child_process";
import { cpSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { settle } from "../config/settled.js";
import { tempDir } from "../properties/trees.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = path.join(root, "dist", "census", "bin.js");

function cli(args: string[], cwd: string, nodeArgs: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, bin, ...args], { cwd, env: { ...process.env, NO_COLOR: "1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

function monitorCopy(): string {
  const dir = path.join(tempDir("cache-processes"), "monitor");
  cpSync(path.join(root, "fixtures", "monitor"), dir, { recursive: true });
  return dir;
}

/** Every module a run resolved, recorded by a resolve hook registered before the CLI starts. */
function hookFiles(dir: string): { nodeArgs: string[]; loaded: () => string[] } {
  const log = path.join(dir, "resolved.txt");
  const hook = path.join(dir, "hook.mjs");
  const register = path.join(dir, "register.mjs");
  writeFileSync(log, "");
  writeFileSync(
    hook,
    `import { appendFileSync } from "node:fs";\nexport async function resolve(specifier, context, next) {\n  const r = await next(specifier, context);\n  appendFileSync(${JSON.stringify(log)}, r.url + "\\n");\n  return r;\n}\n`,
  );
  writeFileSync(register, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);
  return { nodeArgs: ["--import", pathToFileURL(register).href], loaded: () => readFileSync(log, "utf8").split("\n").filter(Boolean) };
}

/** Every CommonJS module a run required by a name containing `part`, recorded by a preloaded patch of the loader. */
function requireLog(dir: string, part: string): { nodeArgs: string[]; required: () => string[] } {
  const log = path.join(dir, `required-${part.replace(/\W/g, "_")}.txt`);
  const preload = path.join(dir, `require-${part.replace(/\W/g, "_")}.cjs`);
  writeFileSync(log, "");
  writeFileSync(
    preload,
    `const Module = require("node:module");\nconst { appendFileSync } = require("node:fs");\nconst load = Module._load;\n` +
      `Module._load = function (request, ...rest) {\n  if (request.includes(${JSON.stringify(part)})) appendFileSync(${JSON.stringify(log)}, request + "\\n");\n  return load.call(this, request, ...rest);\n};\n`,
  );
  return { nodeArgs: ["--require", preload], required: () => readFileSync(log, "utf8").split("\n").filter(Boolean) };
}

describe("the cache across processes", () => {
  it("two runs at once on one cold cache both succeed, report the same, and leave every entry valid", async () => {
    const monitor = monitorCopy();
    const cache = path.join(path.dirname(monitor), "cache");
    const args = ["check", "--format", "json", "--cache-location", cache];
    const [a, b] = await Promise.all([cli(args, monitor), cli(args, monitor)]);
    expect(a.err).toBe("");
    expect(b.err).toBe("");
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(b.out).toBe(a.out);
    // No temporary file is left, and a third run finds every entry good: it never loads the parser.
    const names = readdirSync(cache, { recursive: true, encoding: "utf8" });
    expect(names.filter((n) => n.endsWith(".json")).length).toBeGreaterThan(10);
    expect(names.filter((n) => n.endsWith(".tmp"))).toEqual([]);
    const hook = hookFiles(path.dirname(monitor));
    const c = await cli(args, monitor, hook.nodeArgs);
    expect(c.out).toBe(a.out);
    expect(hook.loaded().filter((url) => url.includes("/node_modules/typescript/"))).toEqual([]);
  });

  it("a fully warm run loads neither the parser nor the extractor; one changed file loads them", async () => {
    const monitor = monitorCopy();
    const cache = path.join(path.dirname(monitor), "cache");
    const args = ["check", "--format", "json", "--cache-location", cache];
    const cold = await cli(args, monitor);
    const warmHook = hookFiles(path.dirname(monitor));
    const warm = await cli(args, monitor, warmHook.nodeArgs);
    expect(warm.out).toBe(cold.out);
    const parserModules = (urls: string[]) => urls.filter((url) => url.includes("/node_modules/typescript/") || url.endsWith("/facts/extract.js"));
    expect(warmHook.loaded().length, "the hook saw the run").toBeGreaterThan(10);
    expect(parserModules(warmHook.loaded())).toEqual([]);

    const tool = path.join(monitor, "full", "src", "mcp", "tools", "waits.ts");
    writeFileSync(tool, `${readFileSync(tool, "utf8")}\n// edited\n`);
    const editedHook = hookFiles(path.dirname(monitor));
    const edited = await cli(args, monitor, editedHook.nodeArgs);
    expect(edited.out).toBe(cold.out);
    expect(parserModules(editedHook.loaded()).length).toBeGreaterThan(0);
  });

  it("a warm run of a settled tree loads neither the config's parser and validators nor the glob library", async () => {
    const monitor = monitorCopy();
    settle(monitor);
    const cache = path.join(path.dirname(monitor), "cache");
    const args = ["check", "--format", "json", "--cache-location", cache];
    const cold = await cli(args, monitor);
    const logs = ["jsonc-parser", "validators.cjs", "fast-glob"].map((part) => requireLog(path.dirname(monitor), part));
    const warm = await cli(args, monitor, logs.flatMap((l) => l.nodeArgs));
    expect(warm.out).toBe(cold.out);
    for (const log of logs) expect(log.required()).toEqual([]);
    // The same run without the cache loads all three: the logs see what they look for.
    const plain = ["jsonc-parser", "validators.cjs", "fast-glob"].map((part) => requireLog(path.dirname(monitor), part));
    await cli(["check", "--format", "json", "--no-cache"], monitor, plain.flatMap((l) => l.nodeArgs));
    for (const log of plain) expect(log.required().length).toBeGreaterThan(0);
  });

  it("token counts are remembered: an edit that moves no description loads no tokenizer; a new description is counted", async () => {
    const monitor = monitorCopy();
    const cache = path.join(path.dirname(monitor), "cache");
    const args = ["check", "--format", "json", "--cache-location", cache];
    const cold = await cli(args, monitor);
    const tool = path.join(monitor, "full", "src", "mcp", "tools", "waits.ts");
    const text = readFileSync(tool, "utf8");
    writeFileSync(tool, `${text}\n// edited\n`);
    const quiet = requireLog(path.dirname(monitor), "gpt-tokenizer/encoding");
    const edited = await cli(args, monitor, quiet.nodeArgs);
    expect(edited.out).toBe(cold.out);
    expect(quiet.required()).toEqual([]);

    writeFileSync(tool, text.replace("description:", 'description: "Now longer, with more tokens: " +'));
    const counted = requireLog(path.dirname(monitor), "gpt-tokenizer/encoding");
    const recounted = await cli(args, monitor, counted.nodeArgs);
    expect(counted.required().length, "the tokenizer counted the new description").toBeGreaterThan(0);
    expect(recounted.out).not.toBe(cold.out);
    expect(recounted.out).toBe((await cli(["check", "--format", "json", "--no-cache"], monitor)).out);

    // A damaged memory of counts is not trusted: the counts are made again.
    for (const name of readdirSync(path.join(cache, "tokens"))) writeFileSync(path.join(cache, "tokens", name), "garbage");
    writeFileSync(tool, `${readFileSync(tool, "utf8")}\n// again\n`);
    expect((await cli(args, monitor)).out).toBe(recounted.out);
  });

  it("--jobs 1 and --jobs 2 print the same report; progress never reaches a pipe", async () => {
    const monitor = monitorCopy();
    const one = await cli(["check", "--jobs", "1", "--no-cache"], monitor);
    const two = await cli(["check", "--jobs", "2", "--no-cache"], monitor);
    expect(two.out).toBe(one.out);
    expect(one.err).toBe("");
    expect(two.err).toBe("");
  });
});
