// The TypeScript package loaded from V8's code cache when Node keeps none of its own (Node 22 has
// module.enableCompileCache; Node 20 compiles the package's 9 MB anew in every process, a tenth of a second, in the
// main thread and in every worker). Imported for its effect before src/ts.ts requires the package: the module it
// registers in require's cache is the one every later `require("typescript")` of the process gets, typescript-eslint's
// parser included. Where the package is loaded already, or anything goes wrong, the plain require does the loading.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { threadId } from "node:worker_threads";
import vm from "node:vm";

const require = createRequire(import.meta.url);

interface Loaded {
  script: vm.Script;
  /** Where the code is kept: the cache folder of the node_modules that holds the package. */
  file: string;
  /** Whether the kept code was there and taken (else it is written once the parser has run). */
  accepted: boolean;
}

let loaded: Loaded | undefined;
let kept = false;

load();

function load(): void {
  // Node's own switch for its compile cache turns this one off too; Node's own cache, where it exists, is enough.
  if (process.env.NODE_DISABLE_COMPILE_CACHE || typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === "function") return;
  let file: string;
  try {
    file = require.resolve("typescript");
  } catch {
    return;
  }
  if (require.cache[file]) return;
  const folder = path.dirname(path.dirname(file)); // node_modules/typescript/lib/typescript.js → node_modules/typescript
  const version = (JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { version: string }).version;
  // V8 checks kept code against the source's length only: the file's own stamp is part of the name, so a patched
  // package (same version, other bytes) never takes code compiled from the original.
  const { size, mtimeMs } = statSync(file);
  const keptFile = path.join(
    path.dirname(folder),
    ".cache",
    "payload-census",
    "v8",
    `typescript-${version}-${size}-${Math.trunc(mtimeMs)}-node-${process.version}-${process.arch}.bin`,
  );
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(keptFile);
  } catch {
    cachedData = undefined;
  }
  const module = new Module(file) as Module & { paths: string[]; loaded: boolean; filename: string };
  try {
    // The wrapper CommonJS puts around a module's code: the same five names a plain require gives it.
    const wrapped = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(file, "utf8")}\n});`;
    const script = new vm.Script(wrapped, {
      filename: file,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
    module.filename = file;
    module.paths = nodeModulePaths(path.dirname(file));
    require.cache[file] = module;
    wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
    module.loaded = true;
    loaded = { script, file: keptFile, accepted: cachedData !== undefined && !script.cachedDataRejected };
  } catch {
    // The plain require loads it instead.
    delete require.cache[file];
  }
}

/** The node_modules folders a module in `dir` looks in, nearest first, as require's own resolution walks them. */
function nodeModulePaths(dir: string): string[] {
  const paths: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    if (path.basename(d) !== "node_modules") paths.push(path.join(d, "node_modules"));
    if (path.dirname(d) === d) return paths;
  }
}

/**
 * How this process loaded the package: from the code kept by an earlier one ("taken"), compiled here from source
 * ("compiled", kept by `keepParserCode`), or by the plain require ("plain": Node's own cache, the switch off, or the
 * package loaded before).
 */
export function parserCodeState(): "taken" | "compiled" | "plain" {
  return loaded === undefined ? "plain" : loaded.accepted ? "taken" : "compiled";
}

/**
 * Keeps the package's compiled code for the next process, once per process and only when there was none to take:
 * called after parsing, so that the functions the parser ran are compiled into what is kept. A folder that cannot
 * be written costs the next run its head start, nothing else.
 */
export function keepParserCode(): void {
  if (!loaded || loaded.accepted || kept) return;
  kept = true;
  const temp = `${loaded.file}.${process.pid}-${threadId}.tmp`;
  try {
    mkdirSync(path.dirname(loaded.file), { recursive: true });
    writeFileSync(temp, loaded.script.createCachedData());
    renameSync(temp, loaded.file);
    // One kept code per folder: what another version of the package or of Node kept is dropped with it.
    const folder = path.dirname(loaded.file);
    for (const name of readdirSync(folder)) {
      if (name.startsWith("typescript-") && name.endsWith(".bin") && name !== path.basename(loaded.file)) rmSync(path.join(folder, name), { force: true });
    }
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was written where nothing can be.
    }
  }
}
