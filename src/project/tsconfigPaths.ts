// Path aliases from the monitor's tsconfig.json (`compilerOptions.paths`, `baseUrl`, `extends`): `@/mcp/helpers` is a module of the monitor too.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "jsonc-parser";

interface Aliases {
  /** Folder the targets are relative to. */
  base: string;
  paths: [pattern: string, targets: string[]][];
  baseUrl: string | null;
}

const byFolder = new Map<string, Aliases | null>();

/** Candidate base paths (without extension handling) for a bare specifier, from the nearest tsconfig.json above `fromFile`. */
export function aliasCandidates(fromFile: string, specifier: string): string[] {
  const aliases = nearest(path.dirname(fromFile));
  if (!aliases) return [];
  const out: string[] = [];
  let best: { prefixLength: number; targets: string[]; star: string } | undefined;
  for (const [pattern, targets] of aliases.paths) {
    const star = pattern.indexOf("*");
    if (star < 0) {
      if (pattern === specifier) return targets.map((t) => path.resolve(aliases.base, t));
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix) || specifier.length < prefix.length + suffix.length) continue;
    // TypeScript picks the pattern with the longest prefix.
    if (!best || prefix.length > best.prefixLength) {
      best = { prefixLength: prefix.length, targets, star: specifier.slice(prefix.length, specifier.length - suffix.length) };
    }
  }
  if (best) for (const t of best.targets) out.push(path.resolve(aliases.base, t.replace("*", best.star)));
  if (aliases.baseUrl) out.push(path.resolve(aliases.baseUrl, specifier));
  return out;
}

/** Forgets what was read (tests, editors after a tsconfig.json change). */
export function clearAliasCache(): void {
  byFolder.clear();
}

function nearest(folder: string): Aliases | null {
  const cached = byFolder.get(folder);
  if (cached !== undefined) return cached;
  let found: Aliases | null = null;
  const file = path.join(folder, "tsconfig.json");
  const read = readConfig(file, 0);
  if (read) found = read;
  else {
    const parent = path.dirname(folder);
    found = parent === folder ? null : nearest(parent);
  }
  byFolder.set(folder, found);
  return found;
}

/** A tsconfig's aliases, following `extends` (relative files only): the nearest `paths` and `baseUrl` win. */
function readConfig(file: string, depth: number): Aliases | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  const json = parse(text, [], { allowTrailingComma: true }) as {
    extends?: string | string[];
    compilerOptions?: { paths?: Record<string, string[]>; baseUrl?: string };
  } | null;
  if (!json || typeof json !== "object") return null;
  const dir = path.dirname(file);
  let inherited: Aliases | null = null;
  const parents = typeof json.extends === "string" ? [json.extends] : Array.isArray(json.extends) ? json.extends : [];
  for (const p of parents) {
    if (depth > 8 || typeof p !== "string" || !p.startsWith(".")) continue;
    const target = path.resolve(dir, p.endsWith(".json") ? p : `${p}.json`);
    inherited = readConfig(target, depth + 1) ?? inherited;
  }
  const options = json.compilerOptions ?? {};
  const baseUrl = typeof options.baseUrl === "string" ? path.resolve(dir, options.baseUrl) : (inherited?.baseUrl ?? null);
  if (options.paths && typeof options.paths === "object") {
    const paths = Object.entries(options.paths).filter((e): e is [string, string[]] => Array.isArray(e[1]));
    return { base: baseUrl ?? dir, paths, baseUrl };
  }
  if (inherited) return { ...inherited, baseUrl };
  return { base: baseUrl ?? dir, paths: [], baseUrl };
}
