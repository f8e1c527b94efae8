// From a schema-valid config to the ResolvedConfig the core runs on: defaults applied, paths made absolute and checked, globs expanded, and the checks a schema cannot express.
import { readdirSync as readdirSyncFs, realpathSync, statSync, type Dirent } from "node:fs";
import { dirname, resolve } from "node:path";
import { createRequire } from "node:module";
import type FastGlob from "fast-glob";
import { readFailure } from "../fsErrors.js";
import { compareText, countPaths } from "../model.js";
import { closest } from "./didYouMean.js";
import type { JsonDocument, JsonPath } from "./jsonDocument.js";
import { displayPath, type Problem } from "./problems.js";
import { mtimeOf, type GlobListings } from "./globListings.js";
import type { ResolutionReads } from "./configMemo.js";
import { KIND_NAMES, kindOf as statKind, type PathKind } from "./kinds.js";
import { configSchema, type RawConfig } from "./schema.js";
import type { ResolvedConfig, ResolvedContract, ResolvedDefiner, ResolvedDescriptions, ResolvedFloor, ResolvedSku } from "./types.js";

type RawSku = RawConfig["skus"][number];

// Never tool sources, whatever a glob says: installed packages and declaration files.
const NEVER_TOOLS = ["**/node_modules/**", "**/*.d.ts", "**/*.d.mts", "**/*.d.cts"];

/** Resolves `raw`, adding to `problems` everything that is wrong with it; the result is meaningful only when none were added. */
/** `listings`: where glob walks are remembered (see globListings.ts); without, every glob is walked. */
export function resolveConfig(raw: RawConfig, doc: JsonDocument, configFile: string, problems: Problem[], listings?: GlobListings, reads?: ResolutionReads): ResolvedConfig {
  const dir = dirname(configFile);
  const io: ResolveIo = {
    listings,
    kindOf: (path) => {
      const kind = statKind(path);
      reads?.kinds.set(path, kind);
      return kind;
    },
    globbed: (key) => reads?.globs.add(key),
  };
  const skus = raw.skus.map((sku, i) => resolveSku(sku, ["skus", i], dir, problems, io));
  checkUnique(
    raw.skus.map((s) => s.name),
    (i) => ["skus", i, "name"],
    "SKU name",
    problems,
  );
  checkUnique(
    (raw.parity ?? []).map((p) => p.name),
    (i) => ["parity", i, "name"],
    "parity pin name",
    problems,
  );
  const contract = resolveContract(raw, doc, problems);
  const floors = resolveFloors(raw, doc, problems);
  const defaults = configSchema.properties;
  const d = defaults.descriptions.properties;
  const pins: Record<string, readonly string[]> = raw.descriptions?.pins ?? d.pins.default;
  const descriptions: ResolvedDescriptions = {
    cap: raw.descriptions?.cap ?? d.cap.default,
    caps: { ...(raw.descriptions?.caps ?? d.caps.default) },
    total: raw.descriptions?.total ?? d.total.default,
    pointer: raw.descriptions?.pointer ?? d.pointer.default,
    pins: Object.fromEntries(Object.entries(pins).map(([tool, pins]) => [tool, [...pins]])),
    clientLimits: [...(raw.descriptions?.clientLimits ?? d.clientLimits.default)],
    tokenCap: raw.descriptions?.tokenCap ?? d.tokenCap.default,
    tokenTotal: raw.descriptions?.tokenTotal ?? d.tokenTotal.default,
    routes: raw.descriptions?.routes ?? d.routes.default,
  };
  const discovery = defaults.discovery.properties;
  const classDefaults = discovery.classes.items.properties;
  const bodyKey = raw.discovery?.bodyKey ?? discovery.bodyKey.default;
  return {
    configFile,
    dir,
    raw,
    skus,
    contract,
    carriers: [...(raw.carriers ?? defaults.carriers.default)],
    discovery: {
      register: [...(raw.discovery?.register ?? discovery.register.default)],
      adapters: [...(raw.discovery?.adapters ?? discovery.adapters.default)],
      definers: (raw.discovery?.definers ?? discovery.definers.default).map((d) => definerOf(d, bodyKey)),
      bodyKey,
      classes: (raw.discovery?.classes ?? discovery.classes.default).map((c) => ({
        extends: c.extends,
        name: c.name ?? classDefaults.name.default,
        description: c.description ?? classDefaults.description.default,
        body: c.body ?? classDefaults.body.default,
      })),
      lists: raw.discovery?.lists ?? discovery.lists.default,
    },
    roster: resolve(dir, raw.roster ?? defaults.roster.default),
    floors,
    descriptions,
    parity: (raw.parity ?? defaults.parity.default).map((p) => ({ name: p.name, text: p.text })),
    lineOf: (path) => doc.lineOf(path),
    positionOf: (path) => doc.positionOf(path),
  };
}

/** What resolving touches on disk: the kinds of paths and the tool globs' walks, each recorded for ConfigMemo. */
interface ResolveIo {
  listings: GlobListings | undefined;
  kindOf(path: string): PathKind;
  globbed(key: string): void;
}

function resolveSku(sku: RawSku, at: JsonPath, dir: string, problems: Problem[], io: ResolveIo): ResolvedSku {
  const root = resolve(dir, sku.root);
  const rootKind = io.kindOf(root);
  if (rootKind !== "folder") {
    problems.push({
      path: [...at, "root"],
      message: `${rootKind === "missing" ? "folder not found" : `expected a folder, found ${KIND_NAMES[rootKind]}`}: ${displayPath(root)} ("${sku.root}" is relative to the config's folder)`,
    });
  }
  // Under a root that is not there every file would be missing too: one problem says it.
  const file = (relative: string, path: JsonPath): string => {
    const absolute = resolve(root, relative);
    const kind = rootKind === "folder" ? io.kindOf(absolute) : "file";
    if (kind !== "file") {
      problems.push({
        path,
        message: `${kind === "missing" ? "file not found" : `expected a file, found ${KIND_NAMES[kind]}`}: ${displayPath(absolute)} ("${relative}" is relative to the SKU's root "${sku.root}")`,
      });
    }
    return absolute;
  };
  return {
    name: sku.name,
    root,
    helpers: file(sku.helpers, [...at, "helpers"]),
    producers: sku.producers.map((p, j) => ({
      module: file(p.module, [...at, "producers", j, "module"]),
      category: p.category,
      names: p.names === undefined ? null : [...p.names],
    })),
    toolFiles: rootKind === "folder" ? toolFiles(sku, root, [...at, "tools"], problems, io) : [],
    guide: sku.guide === undefined ? null : file(sku.guide, [...at, "guide"]),
    instructions: sku.instructions === undefined ? null : file(sku.instructions, [...at, "instructions"]),
  };
}

function toolFiles(sku: RawSku, root: string, at: JsonPath, problems: Problem[], io: ResolveIo): string[] {
  // As in knip and fast-glob: a "!" glob excludes from every other glob of the list.
  const excluded = sku.tools.filter((g) => g.startsWith("!")).map((g) => g.slice(1));
  const ignore = [...excluded, ...NEVER_TOOLS];
  // One file reached by several paths (a folder linked into another) is one tool file: the first path, sorted.
  const found = new Map<string, string>();
  let included = 0;
  sku.tools.forEach((glob, k) => {
    if (glob.startsWith("!")) return;
    included++;
    let matches: string[];
    let linked: boolean;
    try {
      ({ matches, linked } = listedFiles(glob, root, ignore, io));
    } catch (error) {
      problems.push({ path: [...at, k], message: `glob "${glob}" cannot be expanded: ${readFailure(error)}${pathOf(error)}` });
      return;
    }
    if (matches.length === 0) {
      problems.push({
        path: [...at, k],
        message: `glob "${glob}" matches no file under the SKU's root ${displayPath(root)} (node_modules and .d.ts files never match)`,
      });
    }
    for (const m of matches.map((m) => resolve(m)).sort(compareText)) {
      // A walk that met no link reaches each file by one path, the same for every glob: its own path names it.
      const real = linked ? realPathOf(m) : m;
      if (!found.has(real)) found.set(real, m);
    }
  });
  if (included === 0) problems.push({ path: at, message: 'every glob starts with "!"; expected at least one glob that includes tool files' });
  return [...new Set(found.values())].sort(compareText);
}

/** globFiles, answered from a remembered walk while every folder it read is unchanged, and remembered otherwise. */
function listedFiles(glob: string, root: string, ignore: string[], io: ResolveIo): { matches: string[]; linked: boolean } {
  const key = JSON.stringify([root, glob, ignore]);
  io.globbed(key);
  const listings = io.listings;
  if (!listings) return globFiles(glob, root, ignore);
  const known = listings.matches(key);
  // A remembered walk met no link (only those are remembered), so each of its files has one path.
  if (known) return { matches: known, linked: false };
  const listedAt = Date.now();
  const walk = globFiles(glob, root, ignore);
  if (!walk.linked) listings.remember(key, { matches: walk.matches, folders: walk.folders, listedAt });
  return walk;
}

/** fast-glob, loaded on the first walk: a run whose walks are all remembered never loads it. */
let fastGlob: typeof FastGlob | undefined;

/**
 * What a glob matches under `root`: every entry but folders, so that a FIFO, a socket or a dangling link the glob
 * names is a file the census says it cannot read, not one it silently drops. Linked folders are followed once per
 * real folder: a link back up the tree (`ln -s . loop`) is not a second copy of every file, and two of them are not
 * a walk that never ends. Entries are read in name order, so which path reaches a folder first does not depend on
 * the file system's order.
 */
function globFiles(glob: string, root: string, ignore: string[]): { matches: string[]; linked: boolean; folders: [string, number | null][] } {
  const walked = new Set<string>();
  const folders: [string, number | null][] = [];
  // Whether the walk met a link (or a folder whose entries it could not tell apart): then one file may have two paths.
  let linked = false;
  const readdirSync = ((folder: string, options?: { withFileTypes: true }): (Dirent | string)[] => {
    const real = realPathOf(resolve(root, folder));
    if (walked.has(real)) return [];
    walked.add(real);
    // The folder's time before its entries: an entry added in between moves the time past the one remembered. A folder
    // that is not there (the base of a glob that matches nothing yet) is remembered as not there.
    folders.push([real, mtimeOf(real) ?? null]);
    const nameOf = (entry: Dirent | string): string => (typeof entry === "string" ? entry : entry.name);
    const entries = readdirSyncFs(folder, options as { withFileTypes: true }) as (Dirent | string)[];
    if (entries.some((e) => typeof e === "string" || e.isSymbolicLink())) linked = true;
    return entries.sort((a, b) => compareText(nameOf(a), nameOf(b)));
  }) as typeof readdirSyncFs;
  fastGlob ??= createRequire(import.meta.url)("fast-glob") as typeof FastGlob;
  const entries = fastGlob.sync(glob, { cwd: root, absolute: true, onlyFiles: false, objectMode: true, ignore, fs: { readdirSync } });
  // A glob without wildcards is looked up, not walked: nothing told whether its path is a link.
  return { matches: entries.filter((e) => !e.dirent.isDirectory()).map((e) => e.path), linked: linked || walked.size === 0, folders };
}

/** The path with every link resolved; the path itself when it cannot be (a dangling link). */
function realPathOf(path: string): string {
  try {
    // The system's own realpath: one call, where the JavaScript one stats every component of every path.
    return realpathSync.native(path);
  } catch {
    return path;
  }
}


function resolveContract(raw: RawConfig, doc: JsonDocument, problems: Problem[]): ResolvedContract {
  const c = configSchema.properties.contract.properties;
  const w = c.words.properties;
  const contract: ResolvedContract = {
    builder: raw.contract?.builder ?? c.builder.default,
    failure: raw.contract?.failure ?? c.failure.default,
    refusal: raw.contract?.refusal ?? c.refusal.default,
    words: {
      failure: raw.contract?.words?.failure ?? w.failure.default,
      refusal: raw.contract?.words?.refusal ?? w.refusal.default,
      other: [...(raw.contract?.words?.other ?? w.other.default)],
    },
    allow: (raw.contract?.allow ?? c.allow.default).map((a) => ({ callee: a.callee, words: [...a.words] })),
  };
  // Blame the key the user wrote: a default that collides is not where the fix goes.
  const written = (path: JsonPath): boolean => doc.lineOf(path) !== undefined;
  const words = ["contract", "words"] as const;
  if (contract.words.failure === contract.words.refusal) {
    const key = written([...words, "refusal"]) || !written([...words, "failure"]) ? "refusal" : "failure";
    problems.push({
      path: [...words, key],
      message: `the failure and refusal words are both "${contract.words.failure}"; expected two different words (the failure word is a fault, the refusal word a request that cannot be served)`,
    });
  }
  contract.words.other.forEach((word, k) => {
    const role = word === contract.words.failure ? "failure" : word === contract.words.refusal ? "refusal" : undefined;
    if (role !== undefined) {
      problems.push({
        path: [...words, "other", k],
        message: `"${word}" is the ${role} word; expected the other words to differ from the failure and refusal words`,
      });
    }
  });
  const roles = [
    ["builder", contract.builder],
    ["failure", contract.failure],
    ["refusal", contract.refusal],
  ] as const;
  roles.forEach(([role, name], i) => {
    const clash = roles.slice(0, i).find(([, other]) => other === name);
    if (clash !== undefined) {
      problems.push({
        path: ["contract", role],
        message: `"${name}" is also the ${clash[0]}; expected the builder, the failure producer and the refusal producer to be three different functions`,
      });
    }
  });
  return contract;
}

function resolveFloors(raw: RawConfig, doc: JsonDocument, problems: Problem[]): ResolvedFloor[] {
  const floors = raw.floors ?? {};
  // The order written, from the tree: Object.keys would move integer-like keys first.
  const floorsNode = doc.tree?.children?.find((p) => p.children?.[0]?.value === "floors")?.children?.[1];
  const keys = floorsNode?.children?.map((p) => p.children?.[0]?.value as string) ?? Object.keys(floors);
  const valid = countPaths();
  const out: ResolvedFloor[] = [];
  for (const key of new Set(keys)) {
    const floor = floors[key];
    if (floor === undefined) continue;
    if (!valid.includes(key)) {
      const guess = closest(key, valid);
      problems.push({
        path: ["floors", key],
        message: `unknown count path "${key}"${guess === undefined ? "" : ` (did you mean "${guess}"?)`}; expected one of: ${valid.join(", ")}`,
      });
    }
    out.push({ count: key, floor });
  }
  return out;
}

function checkUnique(names: readonly string[], pathOf: (i: number) => JsonPath, what: string, problems: Problem[]): void {
  names.forEach((name, i) => {
    const first = names.indexOf(name);
    if (first !== i) {
      problems.push({ path: pathOf(i), message: `duplicate ${what} "${name}" (first at index ${first}); expected unique names` });
    }
  });
}

/** A definer entry with every path spelt out: a plain name reads `name`, `description` and the body key. */
function definerOf(entry: string | { callee: string; name?: string; description?: string; body?: string }, bodyKey: string): ResolvedDefiner {
  const paths = typeof entry === "string" ? { callee: entry } : entry;
  const split = (path: string): string[] => path.split(".");
  return {
    callee: paths.callee,
    name: split(paths.name ?? "name"),
    description: split(paths.description ?? "description"),
    body: split(paths.body ?? bodyKey),
  };
}

/** ` (the path)` of a file-system error that names one, else nothing. */
function pathOf(error: unknown): string {
  const path = (error as NodeJS.ErrnoException | null | undefined)?.path;
  return typeof path === "string" ? ` (${displayPath(path)})` : "";
}
