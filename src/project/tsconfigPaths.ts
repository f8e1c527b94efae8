// Path aliases from the monitor's tsconfig.json (`compilerOptions.paths`, `baseUrl`, `extends`): `@/mcp/helpers` is a module of the monitor too.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type * as Jsonc from "jsonc-parser";

interface Aliases {
  /** Folder the targets are relative to. */
  base: string;
  paths: [pattern: string, targets: string[]][];
  baseUrl: string | null;
}

/** What a folder's nearest tsconfig.json says, and the stamp of every file that answer was read from. */
interface FolderAliases {
  aliases: Aliases | null;
  /**
   * Each tsconfig.json consulted, with its stamp when it was read (undefined: not there): the folder's own, those of
   * the folders above it when it has none, and every file its `extends` chain names.
   */
  stamps: Map<string, string | undefined>;
}

/**
 * The tsconfig.json aliases of one run or session. A folder's answer is kept until `revalidate` finds that a file it
 * was read from changed stamp, appeared or went away.
 */
export class TsconfigAliases {
  private readonly byFolderUntilRestamped = new Map<string, FolderAliases>();

  constructor(
    /** A file's stamp, undefined when it is not a readable file: the fact store's, so aliases and facts agree on "changed". */
    private readonly stampOf: (file: string) => string | undefined,
  ) {}

  /** Candidate base paths (without extension handling) for a bare specifier, from the nearest tsconfig.json above `fromFile`. */
  candidates(fromFile: string, specifier: string): string[] {
    const aliases = this.nearest(path.dirname(fromFile)).aliases;
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

  /** Forgets every folder whose tsconfig.json files changed since they were read; true when any did. */
  /** Every tsconfig.json (or file it extends) consulted so far, found or not. */
  consulted(): string[] {
    const files = new Set<string>();
    for (const entry of this.byFolderUntilRestamped.values()) for (const file of entry.stamps.keys()) files.add(file);
    return [...files].sort();
  }

  revalidate(): boolean {
    const now = new Map<string, string | undefined>();
    const stampNow = (file: string) => {
      if (!now.has(file)) now.set(file, this.stampOf(file));
      return now.get(file);
    };
    let changed = false;
    for (const [folder, entry] of this.byFolderUntilRestamped) {
      for (const [file, then] of entry.stamps) {
        if (stampNow(file) === then) continue;
        this.byFolderUntilRestamped.delete(folder);
        changed = true;
        break;
      }
    }
    return changed;
  }

  private nearest(folder: string): FolderAliases {
    const cached = this.byFolderUntilRestamped.get(folder);
    if (cached) return cached;
    const stamps = new Map<string, string | undefined>();
    let aliases = this.readConfig(path.join(folder, "tsconfig.json"), 0, stamps);
    if (!aliases) {
      const parent = path.dirname(folder);
      if (parent !== folder) {
        const above = this.nearest(parent);
        aliases = above.aliases;
        for (const [file, stamp] of above.stamps) stamps.set(file, stamp);
      }
    }
    const entry = { aliases, stamps };
    this.byFolderUntilRestamped.set(folder, entry);
    return entry;
  }

  /** A tsconfig's aliases, following `extends` (relative files only): the nearest `paths` and `baseUrl` win. */
  private readConfig(file: string, depth: number, stamps: Map<string, string | undefined>): Aliases | null {
    // Stamped before it is read: a write in between shows as a change at the next revalidation.
    stamps.set(file, this.stampOf(file));
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return null;
    }
    let json: { extends?: string | string[]; compilerOptions?: { paths?: Record<string, string[]>; baseUrl?: string } } | null;
    try {
      json = jsonc().parse(text, [], { allowTrailingComma: true }) as typeof json;
    } catch {
      // A tsconfig.json nested deeper than the JSONC parser can follow gives no aliases, like one that is not JSON.
      return null;
    }
    if (!json || typeof json !== "object") return null;
    const dir = path.dirname(file);
    let inherited: Aliases | null = null;
    const parents = typeof json.extends === "string" ? [json.extends] : Array.isArray(json.extends) ? json.extends : [];
    for (const p of parents) {
      if (depth > 8 || typeof p !== "string" || !p.startsWith(".")) continue;
      const target = path.resolve(dir, p.endsWith(".json") ? p : `${p}.json`);
      inherited = this.readConfig(target, depth + 1, stamps) ?? inherited;
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
}

/** The JSONC parser, loaded on the first tsconfig.json read: a remembered census reads none. */
let parser: typeof Jsonc | undefined;
function jsonc(): typeof Jsonc {
  parser ??= createRequire(import.meta.url)("jsonc-parser") as typeof Jsonc;
  return parser;
}

