// Real TypeScript for the bench, fetched from the npm registry with `npm pack` (into a cache folder reused by later
// runs) and laid out as a monitor whose every source file is a tool file.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "./harness.js";

/** The packages measured, pinned: a new release would change what is measured. */
export const REAL_PACKAGES = [
  { name: "effect", version: "4.1.0" },
  { name: "rxjs", version: "7.8.2" },
] as const;

/** Outside the repo's tracked files, and kept across runs: a run offline after the first still has the tarballs. */
export const FETCH_CACHE = path.join(ROOT, "node_modules", ".cache", "payload-census-bench");

export interface RealTree {
  /** The folder holding payload-census.config.json, the sources in package/src. */
  dir: string;
  /** Every .ts source (not .d.ts) under package/src. */
  files: string[];
}

/** The tarball of name@version in the cache, packed from the registry when it is not there yet. */
function tarball(name: string, version: string): string {
  mkdirSync(FETCH_CACHE, { recursive: true });
  const file = path.join(FETCH_CACHE, `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`);
  if (!existsSync(file)) {
    // npm pack checks the tarball against the registry's integrity hash before it writes it.
    execFileSync("npm", ["pack", `${name}@${version}`, "--pack-destination", FETCH_CACHE, "--silent"], { stdio: ["ignore", "ignore", "inherit"] });
    if (!existsSync(file)) throw new Error(`npm pack ${name}@${version} wrote no ${path.basename(file)} in ${FETCH_CACHE}`);
  }
  return file;
}

/**
 * name@version's TypeScript sources in a new temp dir, with a config that makes every one a tool file: the census
 * runs its whole per-file analysis on each, on code written by others.
 */
export function realTree(name: string, version: string): RealTree {
  const dir = mkdtempSync(path.join(tmpdir(), `payload-census-bench-${name}-`));
  execFileSync("tar", ["-xzf", tarball(name, version), "-C", dir, "package/src"]);
  const files: string[] = [];
  const keep = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) keep(p);
      // Declarations and the JSON and JS beside the sources are not what the census reads in a monitor.
      else if (p.endsWith(".ts") && !p.endsWith(".d.ts")) files.push(p);
      else rmSync(p);
    }
  };
  keep(path.join(dir, "package", "src"));
  const config = { skus: [{ name, root: "package", helpers: "src/index.ts", producers: [], tools: ["src/**/*.ts"] }] };
  writeFileSync(path.join(dir, "payload-census.config.json"), JSON.stringify(config, null, 2) + "\n");
  return { dir, files: files.sort() };
}
