// Module resolution and export following across files: which declaration an imported name finally is, hop by hop.
import path from "node:path";
import type { FactStore } from "./factStore.js";
import type { CalleeRef, ExportFact } from "../facts/types.js";
import { FAILURE_WORD, REFUSAL_WORD } from "../envelope.js";

/** One (module, exported name) an import passes through on its way to the declaration. */
export interface ExportHop {
  file: string;
  name: string;
}

export type Followed =
  | { ok: true; /** Declaring file. */ file: string; /** Local name there. */ local: string; hops: ExportHop[] }
  | { ok: false; why: string; hops: ExportHop[] };

/** The runtime producers this package ships (`payload-census/envelope`): a module of every monitor that imports it. */
export const ENVELOPE_MODULE = "payload-census/envelope";

/** The string constants the runtime module exports: the words its producers build, as that module spells them. */
const ENVELOPE_CONSTANTS: ReadonlyMap<string, string> = new Map([
  ["FAILURE_WORD", FAILURE_WORD],
  ["REFUSAL_WORD", REFUSAL_WORD],
]);

/** The value of a string constant the runtime module exports, or why there is none: it is not a file to read. */
export function envelopeConstant(name: string): { value: string } | { unknown: string } {
  const value = ENVELOPE_CONSTANTS.get(name);
  return value === undefined ? { unknown: `\`${name}\` is not a string constant of ${ENVELOPE_MODULE}` } : { value };
}

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".d.ts", ".js", ".mjs", ".cjs", ".jsx"];
const JS_TO_TS: Record<string, string[]> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

export class ModuleGraph {
  /** Resolutions by (importing folder, specifier): a graph lives for one census, over one state of the store. */
  private readonly resolvedThisCensus = new Map<string, string | undefined>();

  constructor(
    private readonly store: FactStore,
    /** Relative path for messages. */
    private readonly show: (file: string) => string,
  ) {}

  /** The file a relative specifier names (TypeScript's `.js` → `.ts` mapping and `index` files included). */
  resolveModule(fromFile: string, specifier: string): string | undefined {
    const key = `${path.dirname(fromFile)}\0${specifier}`;
    if (this.resolvedThisCensus.has(key)) return this.resolvedThisCensus.get(key);
    const found = this.resolve(fromFile, specifier);
    this.resolvedThisCensus.set(key, found);
    return found;
  }

  private resolve(fromFile: string, specifier: string): string | undefined {
    if (!specifier.startsWith(".") && !path.isAbsolute(specifier)) {
      for (const base of this.store.aliases.candidates(fromFile, specifier)) {
        const found = this.withExtensions(base);
        if (found) return found;
      }
      return undefined;
    }
    return this.withExtensions(path.resolve(path.dirname(fromFile), specifier));
  }

  private withExtensions(base: string): string | undefined {
    const candidates: string[] = [];
    const ext = path.extname(base);
    const mapped = JS_TO_TS[ext];
    if (mapped) for (const m of mapped) candidates.push(base.slice(0, -ext.length) + m);
    candidates.push(base);
    for (const e of SOURCE_EXTENSIONS) candidates.push(base + e);
    for (const e of SOURCE_EXTENSIONS) candidates.push(path.join(base, `index${e}`));
    return candidates.find((c) => this.store.exists(c));
  }

  /** Follows `name` exported by `file` to its declaration, through re-exports, `export *` and import-then-export. */
  followExport(file: string, name: string, seen: Set<string> = new Set()): Followed {
    const hops: ExportHop[] = [{ file, name }];
    const key = `${file}#${name}`;
    if (seen.has(key)) return { ok: false, why: `\`${name}\` is re-exported in a circle through ${this.show(file)}`, hops };
    seen.add(key);
    const stored = this.store.get(file);
    if (!stored.facts) return { ok: false, why: `${this.show(file)} cannot be read`, hops };
    const facts = stored.facts;
    if (facts.parseErrors.length > 0) return { ok: false, why: `${this.show(file)} does not parse`, hops };
    const prepend = (f: Followed): Followed => ({ ...f, hops: [...hops, ...f.hops] });
    for (const entry of facts.exports) {
      if ("star" in entry || entry.name !== name) continue;
      if ("local" in entry) {
        const imported = facts.imports[entry.local];
        if (!imported) return { ok: true, file, local: entry.local, hops };
        return prepend(this.followImport(file, imported.module, imported.name, seen));
      }
      return prepend(this.followImport(file, entry.from, entry.importName, seen));
    }
    if (name !== "default") {
      for (const entry of facts.exports) {
        if (!("star" in entry)) continue;
        const target = this.resolveModule(file, entry.star);
        if (!target) continue;
        const found = this.followExport(target, name, seen);
        if (found.ok) return prepend(found);
      }
    }
    return { ok: false, why: `${this.show(file)} has no export \`${name}\``, hops };
  }

  /**
   * The names a module exports, as its namespace object holds them (`import * as tools`): its own exports and, through
   * `export *`, every other module's but their defaults; sorted as JavaScript sorts a namespace's keys. Or why they
   * cannot be listed.
   */
  exportNames(file: string): string[] | { why: string } {
    const names = new Set<string>();
    const seen = new Set<string>();
    // An explicit stack: a chain of `export *` is as long as the monitor makes it.
    const pending: { file: string; starred: boolean }[] = [{ file, starred: false }];
    for (let next = pending.pop(); next; next = pending.pop()) {
      if (seen.has(next.file)) continue;
      seen.add(next.file);
      const facts = this.store.get(next.file).facts;
      if (!facts) return { why: `${this.show(next.file)} cannot be read` };
      if (facts.parseErrors.length > 0) return { why: `${this.show(next.file)} does not parse` };
      for (const entry of facts.exports) {
        if (!("star" in entry)) {
          if (!(next.starred && entry.name === "default")) names.add(entry.name);
          continue;
        }
        const target = this.resolveModule(next.file, entry.star);
        if (!target) return { why: `module "${entry.star}" that ${this.show(next.file)} re-exports is not a module of this monitor` };
        pending.push({ file: target, starred: true });
      }
    }
    return [...names].sort();
  }

  /**
   * Where `name`, imported from `module` in `fromFile`, is a whole module's namespace re-exported (`export * as defs
   * from "./defs.js"`, or `import * as defs from "./defs.js"; export { defs }`): the re-exporting file, and the module
   * as that file names it. Undefined for any other export (followImport follows those).
   */
  reexportedNamespace(fromFile: string, module: string, name: string): { file: string; module: string } | undefined {
    const target = module === ENVELOPE_MODULE ? undefined : this.resolveModule(fromFile, module);
    const facts = target === undefined ? undefined : this.store.get(target).facts;
    const entry = facts?.exports.find((e): e is Exclude<ExportFact, { star: string }> => !("star" in e) && e.name === name);
    if (!target || !facts || !entry) return undefined;
    if ("from" in entry) return entry.importName === "*" ? { file: target, module: entry.from } : undefined;
    const imported = facts.imports[entry.local];
    return imported?.name === "*" ? { file: target, module: imported.module } : undefined;
  }

  /** Follows an imported name (`import { name } from module` in `fromFile`) to its declaration. */
  followImport(fromFile: string, module: string, name: string, seen: Set<string> = new Set()): Followed {
    if (module === ENVELOPE_MODULE) return { ok: true, file: ENVELOPE_MODULE, local: name, hops: [{ file: ENVELOPE_MODULE, name }] };
    if (name === "*") return { ok: false, why: `\`${module}\` is imported as a whole module object, not a function`, hops: [] };
    const target = this.resolveModule(fromFile, module);
    if (!target) {
      const why = module.startsWith(".")
        ? `module "${module}" imported by ${this.show(fromFile)} does not exist`
        : `"${module}" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor`;
      return { ok: false, why, hops: [] };
    }
    return this.followExport(target, name, seen);
  }

  /** Follows a callee as the file saw it: an import, or a function of the file itself (with the names it is exported as). */
  followCallee(file: string, ref: CalleeRef): Followed {
    if (ref.k === "unknown") return { ok: false, why: ref.why, hops: [] };
    if (ref.k === "import") return this.followImport(file, ref.module, ref.name);
    const facts = this.store.get(file).facts;
    const hops: ExportHop[] = (facts?.exports ?? [])
      .filter((e): e is { name: string; local: string } => "local" in e && e.local === ref.name)
      .map((e) => ({ file, name: e.name }));
    return { ok: true, file, local: ref.name, hops };
  }
}
