// Data across modules: refs followed to the values other modules declare, iterations expanded, members looked up.
import { CHAIN_TOO_DEEP } from "../facts/types.js";
import type { CallFact, DataEntry, DataValue, FileFacts, Loc, StrExpr } from "../facts/types.js";
import { ENVELOPE_MODULE, type ModuleGraph } from "./modules.js";
import type { Resolved as ResolvedText } from "./stringResolver.js";
import { formatPropertyPath } from "../propertyPaths.js";

/** A value with the file it was written in: strings and refs inside it are read from that file. */
export type Resolved =
  | { k: "string"; file: string; expr: StrExpr; loc: Loc; end: Loc }
  | { k: "object"; file: string; value: Extract<DataValue, { k: "object" }>; env: Env }
  | { k: "function"; file: string; key: string; loc: Loc }
  | { k: "tool"; file: string; index: number }
  | { k: "class"; file: string; name: string; loc: Loc }
  /** A list whose elements are known: `items`, each resolved. */
  | { k: "list"; items: Resolved[] }
  /** A value declared outside the monitor (a package's export): known by its name only. */
  | { k: "external"; name: string; why: string; file: string; loc: Loc }
  | { k: "other"; what: string; why: string; file: string; loc: Loc }
  /** `missing`: the path of properties the value was read at and does not have (`{ description }.inputSchema`). */
  | { k: "unknown"; why: string; file: string; loc: Loc; missing?: readonly string[] };

/** The elements iterations bind, by `file#slot`. */
export type Env = ReadonlyMap<string, Resolved>;

export const NO_ENV: Env = new Map();

/** Where an environment keeps what the call of a function an instance is read for passed (see `callBindings`). */
function callKey(file: string, fn: string): string {
  return `${file}#call:${fn}`;
}

/** What a call that passes `undefined` (or leaves a hole) passed: nothing, so the parameter's default. */
const PASSES_NOTHING = "the call passes nothing";

/** The calls of a function (its file, and its key there) in the modules of the SKU, with the file of each. */
export type CallSites = (file: string, fn: string) => { file: string; call: CallFact }[];

/** How many values may be followed one inside the other (refs, consts, spreads) before the chain counts as circular. */
const MAX_DEPTH = 64;

/** The most elements a resolved list may hold: beyond it, the list is not one the census enumerates. */
const MAX_ELEMENTS = 10_000;

export class DataResolver {
  private depth = 0;
  /** Declared values (`local`) and imports (`ref`) by where they are read: neither depends on an iteration's element. */
  private readonly named = new Map<string, Resolved>();

  constructor(
    private readonly graph: ModuleGraph,
    private readonly factsOf: (file: string) => FileFacts | undefined,
    private readonly show: (file: string) => string,
    private readonly callSites: CallSites,
    /** The text of a string expression of a file, imported constants followed. */
    private readonly textOf: (file: string, expr: StrExpr) => ResolvedText,
  ) {}

  /** A value of `file` as far as the monitor's modules let it be seen. Lists are expanded into their elements. */
  resolve(file: string, value: DataValue, env: Env = NO_ENV): Resolved {
    if (this.depth >= MAX_DEPTH) return { k: "unknown", why: CHAIN_TOO_DEEP, file, loc: value.loc };
    this.depth++;
    try {
      return this.resolveOnce(file, value, env);
    } finally {
      this.depth--;
    }
  }

  /** `key` of a resolved value: an object's own entry (the last that sets it, spreads included), or why it has none. */
  member(value: Resolved, key: string): Resolved | "absent" {
    if (value.k === "unknown" || value.k === "external") return value;
    if (value.k === "other") return { k: "unknown", why: `\`${value.what}\` is built at run time: its properties cannot be seen`, file: value.file, loc: value.loc };
    if (value.k !== "object") return { k: "unknown", why: `${describe(value)} has no property \`${key}\``, file: fileOf(value), loc: locOfResolved(value) };
    const entries = value.value.entries;
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]!;
      if (!("spread" in entry)) {
        const own = this.keyOf(value.file, entry, value.env);
        if (typeof own !== "string") return { k: "unknown", why: own.unknown, file: value.file, loc: entry.loc };
        if (own === key) return this.resolve(value.file, entry.value, value.env);
        continue;
      }
      const spread = this.resolve(value.file, entry.spread, value.env);
      if (spread.k === "unknown" || spread.k === "external" || spread.k === "other") {
        // What a call builds needs no more words; a package's value or a chain too deep says why it is unseen.
        const unseen = spread.k === "other" ? "" : `: ${spread.why}`;
        return { k: "unknown", why: `the config spreads \`${entry.text}\`, which may set the ${key}${unseen}`, file: value.file, loc: entry.loc };
      }
      // A spread of a spread of …: as deep as the modules chain them, so it counts against the same depth as refs (the
      // next spread's `resolve` stops the chain at the limit).
      this.depth++;
      let found: Resolved | "absent";
      try {
        found = this.member(spread, key);
      } finally {
        this.depth--;
      }
      if (found !== "absent") return found;
    }
    return "absent";
  }

  /** The key of an entry that is no spread: as written, or computed (`[searchTool.name]`) across modules, or why not. */
  keyOf(file: string, entry: Exclude<DataEntry, { spread: DataValue }>, env: Env): string | { unknown: string } {
    if ("key" in entry) return entry.key;
    const key = this.textOfValue(this.resolve(file, entry.computed, env));
    return key.known ? key.value : { unknown: `the key \`${entry.text}\` cannot be evaluated: ${key.why}` };
  }

  /** The text a resolved value holds, or why it holds none (and, for a string of its own file, where). */
  private textOfValue(resolved: Resolved): ResolvedText | { known: false; why: string; line?: undefined; column?: undefined } {
    if (resolved.k === "string") return this.textOf(resolved.file, resolved.expr);
    const why = resolved.k === "unknown" || resolved.k === "external" || resolved.k === "other" ? resolved.why : `it is ${describe(resolved)}, not a string`;
    return { known: false, why };
  }

  /** A member path of a resolved value. */
  path(value: Resolved, path: readonly string[]): Resolved | "absent" {
    let current: Resolved = value;
    for (const key of path) {
      if (current.k === "list" && /^\d+$/.test(key)) {
        current = current.items[Number(key)] ?? { k: "unknown", why: `the list has no element ${key}`, file: fileOf(current), loc: locOfResolved(current) };
        continue;
      }
      const next = this.member(current, key);
      if (next === "absent") return "absent";
      current = next;
    }
    return current;
  }

  /** The elements a value holds as a list (spreads flattened, `map` applied, each option of a choice), or why not. */
  elements(file: string, value: DataValue, env: Env = NO_ENV): Resolved[] | { unknown: string; file: string; loc: Loc } {
    const resolved = this.resolve(file, value, env);
    if (resolved.k === "list") return resolved.items;
    if (resolved.k === "unknown" || resolved.k === "external" || resolved.k === "other") return { unknown: resolved.why, file: resolved.file, loc: resolved.loc };
    if (resolved.k === "string" && resolved.expr.k === "unknown") return { unknown: resolved.expr.why, file: resolved.file, loc: resolved.loc };
    return { unknown: `${describe(resolved)} is not a list`, file: fileOf(resolved), loc: locOfResolved(resolved) };
  }

  private resolveOnce(file: string, value: DataValue, env: Env): Resolved {
    switch (value.k) {
      case "string":
        return { k: "string", file, expr: value.expr, loc: value.loc, end: value.end };
      case "object":
        return { k: "object", file, value, env };
      case "function":
        return { k: "function", file, key: value.key, loc: value.loc };
      case "tool":
        return { k: "tool", file, index: value.index };
      case "class":
        return { k: "class", file, name: value.name, loc: value.loc };
      case "other":
        return { k: "other", what: value.what, why: value.why, file, loc: value.loc };
      case "unknown":
        return { k: "unknown", why: value.why, file, loc: value.loc };
      case "this":
        return { k: "unknown", why: `\`${memberPath(value.path)}\` depends on the object at run time`, file, loc: value.loc };
      case "array": {
        const items: Resolved[] = [];
        for (const item of value.items) {
          if ("value" in item) {
            items.push(this.resolve(file, item.value, env));
            continue;
          }
          const spread = this.elements(file, item.spread, env);
          // The innermost reason is the one to act on: spreads of spreads do not wrap it again.
          if ("unknown" in spread) return { k: "unknown", why: spread.unknown, file: spread.file, loc: spread.loc };
          if (items.length + spread.length > MAX_ELEMENTS) return tooMany(file, value.loc);
          items.push(...spread);
        }
        return { k: "list", items };
      }
      case "choice": {
        // In a list, each option is defined.
        const options = value.options.map((o) => this.resolve(file, o, env));
        if (options.every((o) => o.k === "list")) {
          const items = unionOf(options.map((o) => (o.k === "list" ? o.items : [])));
          return items.length > MAX_ELEMENTS ? tooMany(file, value.loc) : { k: "list", items };
        }
        // A choice has two options (`?:`, `??`, `||`): as one value it depends on which the run takes.
        return { k: "unknown", why: "the value depends on a condition at run time", file, loc: value.loc };
      }
      case "concat":
        return this.joined(file, value, env);
      case "filter":
        return this.resolve(file, value.source, env);
      case "map": {
        const source = this.elements(file, value.source, env);
        if ("unknown" in source) return { k: "unknown", why: source.unknown, file: source.file, loc: source.loc };
        // A list of tools mapped into another shape (`tools.map((t) => ({ name: t.schema.name, … }))`) still holds those tools.
        return {
          k: "list",
          items: source.map((element) =>
            element.k === "tool" || element.k === "class" ? element : this.resolve(file, value.element, bind(env, file, value.slot, element)),
          ),
        };
      }
      case "values":
      case "entries": {
        const source = this.resolve(file, value.source, env);
        return this.objectList(source, value.k, value.loc, file);
      }
      case "param": {
        const element = env.get(`${file}#${value.slot}`);
        if (!element) return { k: "unknown", why: "the value depends on an element the census cannot list", file, loc: value.loc };
        return this.at(this.path(element, value.path), value.path, file, value.loc);
      }
      case "get":
        return this.at(this.path(this.resolve(file, value.base, env), value.path), value.path, file, value.loc);
      case "ref":
        return this.once(`${file}\0ref\0${value.module}\0${value.name}\0${value.path.join("\0")}`, () => this.ref(file, value));
      case "arg":
        return this.argument(file, value, env);
      case "local": {
        const declared = this.factsOf(file)?.data[value.key];
        if (!declared) return { k: "unknown", why: `no value is declared as \`${value.key}\``, file, loc: value.loc };
        // Read for one instance (a call of the function it is declared in) when there is one: it may read that call's arguments.
        const whole = env.size > 0 ? this.resolve(file, declared, env) : this.once(`${file}\0local\0${value.key}`, () => this.resolve(file, declared));
        return this.at(this.path(whole, value.path), value.path, file, value.loc);
      }
    }
  }

  /**
   * A string joined from parts once the element or the call they read is known: each part's text in turn, or the
   * first part that has none, and why.
   */
  private joined(file: string, value: Extract<DataValue, { k: "concat" }>, env: Env): Resolved {
    const text: string[] = [];
    for (const part of value.parts) {
      const resolved = this.resolve(file, part, env);
      const r = this.textOfValue(resolved);
      if (r.known) {
        text.push(r.value);
        continue;
      }
      // The part that cannot be read (a finding on the text stands where the text is: see `loc`).
      return { k: "string", file, expr: { k: "unknown", why: r.why, line: part.loc.line, column: part.loc.column }, loc: value.loc, end: value.end };
    }
    return { k: "string", file, expr: { k: "str", v: text.join("") }, loc: value.loc, end: value.end };
  }

  /**
   * A parameter of a function: what the call an instance is read for passed (see `callBindings`); else what the
   * function's only call passes, or its default (or the literal of `name || "ping"`) when that call passes nothing
   * there; anything else depends on the caller, and the census says so.
   */
  private argument(file: string, arg: Extract<DataValue, { k: "arg" }>, env: Env): Resolved {
    // A function inside another is keyed by its place (`@12:3`): named by it for a user.
    const place = /^@(\d+):(\d+)$/.exec(arg.fn);
    const what = place ? `the function at line ${place[1]}, column ${place[2]}` : `\`${arg.fn}\``;
    const dependsOn = (why: string): Resolved => ({ k: "unknown", why: `the value is an argument of ${what}, so it depends on the caller: ${why}`, file, loc: arg.loc });
    // A tool registered once per call of its function: the call this instance is of passed these.
    const bound = env.get(callKey(file, arg.fn));
    if (bound?.k === "list") {
      const given = bound.items[arg.index];
      if (given && !(given.k === "unknown" && given.why === PASSES_NOTHING)) return this.at(this.path(given, arg.path), arg.path, file, arg.loc);
      return arg.fallback ? this.resolve(file, arg.fallback) : dependsOn("a call passes none, and it has no default");
    }
    const sites = this.callSites(file, arg.fn);
    if (sites.length === 0) return dependsOn("the census sees no call of it in the SKU's modules");
    if (sites.length > 1) return dependsOn(`it is called ${sites.length} times (${sites.map((s) => `${this.show(s.file)}:${s.call.loc.line}`).join(", ")})`);
    const site = sites[0]!;
    const given = site.call.args[arg.index];
    const passesNothing =
      !given || given.k === "none" || (arg.path.length > 0 && given.k === "object" && !given.open && !given.keys.includes(arg.path[0]!));
    if (!passesNothing) {
      const value = site.call.values?.[arg.index];
      if (value) return this.at(this.path(this.resolve(site.file, value), arg.path), arg.path, site.file, value.loc);
      return dependsOn(`its call at ${this.show(site.file)}:${site.call.loc.line} passes one`);
    }
    if (!arg.fallback) return dependsOn(`its call at ${this.show(site.file)}:${site.call.loc.line} passes none, and it has no default`);
    return this.resolve(file, arg.fallback);
  }

  /**
   * The calls of `fn` (a function of `file`) made as statements, each as the binding a tool it registers is read with:
   * what the call passes, resolved where the call is. Undefined when some call is not one the census can read so.
   */
  callBindings(file: string, fn: string): { key: string; value: Resolved; at: string }[] | undefined {
    const sites = this.callSites(file, fn);
    if (sites.some((s) => !s.call.values)) return undefined;
    return sites.map((site) => ({
      key: callKey(file, fn),
      at: `${this.show(site.file)}:${site.call.loc.line}`,
      value: {
        k: "list",
        items: site.call.args.map((shape, i) =>
          shape.k === "none" ? { k: "unknown", why: PASSES_NOTHING, file: site.file, loc: site.call.loc } : this.resolve(site.file, site.call.values![i]!),
        ),
      },
    }));
  }

  /** A value read once per run: values reused many times (`[A, A]`, `[B, B]`, …) cost their size, not their paths. */
  private once(key: string, resolve: () => Resolved): Resolved {
    const known = this.named.get(key);
    if (known) return known;
    const value = resolve();
    this.named.set(key, value);
    return value;
  }

  private at(found: Resolved | "absent", path: readonly string[], file: string, loc: Loc): Resolved {
    return found === "absent" ? { k: "unknown", why: `it has no property \`${path.join(".")}\``, file, loc, missing: path } : found;
  }

  /** `Object.values(o)` / `Object.entries(o)` of an object whose keys are all known, spreads of objects read. */
  private objectList(source: Resolved, kind: "values" | "entries", loc: Loc, file: string): Resolved {
    if (source.k === "unknown") return source;
    // A package's value or one built at run time may well be an object: what it holds is what cannot be seen.
    if (source.k === "external" || source.k === "other") return { k: "unknown", why: source.why, file: source.file, loc: source.loc };
    if (source.k !== "object") return { k: "unknown", why: `${describe(source)} is not an object`, file, loc };
    const { entries, unseen } = this.entriesOf(source);
    if (unseen.length > 0) return { k: "unknown", why: unseen[0]!.why, file: source.file, loc: unseen[0]!.loc };
    const items = [...entries].map(([key, value]): Resolved => {
      if (kind === "values") return value;
      const name: Resolved = { k: "string", file: source.file, expr: { k: "str", v: key }, loc, end: loc };
      return { k: "list", items: [name, value] };
    });
    return { k: "list", items };
  }

  /**
   * An object's entries as it holds them at run time: each key's last value, where the key first stands, a spread
   * object's own read where the spread stands. Each key or spread the census cannot see is said in `unseen` (what it
   * may set is left out); a spread of a spread of … counts against the same depth as refs.
   */
  entriesOf(object: Extract<Resolved, { k: "object" }>): { entries: Map<string, Resolved>; unseen: { why: string; loc: Loc }[] } {
    const entries = new Map<string, Resolved>();
    const unseen: { why: string; loc: Loc }[] = [];
    for (const entry of object.value.entries) {
      if (!("spread" in entry)) {
        const key = this.keyOf(object.file, entry, object.env);
        if (typeof key === "string") entries.set(key, this.resolve(object.file, entry.value, object.env));
        else unseen.push({ why: key.unknown, loc: entry.loc });
        continue;
      }
      const spread = this.resolve(object.file, entry.spread, object.env);
      if (spread.k !== "object") {
        const seen = !(spread.k === "unknown" || spread.k === "external" || spread.k === "other");
        unseen.push({ why: seen ? `the object spreads \`${entry.text}\`, ${describe(spread)}, not an object` : spread.why, loc: entry.loc });
        continue;
      }
      this.depth++;
      try {
        const inner = this.entriesOf(spread);
        for (const [key, value] of inner.entries) entries.set(key, value);
        unseen.push(...inner.unseen);
      } finally {
        this.depth--;
      }
    }
    return { entries, unseen };
  }

  /**
   * A namespace import as a value: an object whose entries are the module's exports, each read through the import
   * (`Object.values(tools)` lists every tool the module exports, `export *` included). A package's cannot be listed.
   */
  private namespace(file: string, ref: Extract<DataValue, { k: "ref" }>): Resolved {
    const target = ref.module === ENVELOPE_MODULE ? undefined : this.graph.resolveModule(file, ref.module);
    if (!target) {
      // Why the module is none of the monitor's is what following any of its names says (a package, a missing file);
      // the runtime module follows, but has no namespace to list.
      const followed = this.graph.followImport(file, ref.module, "default");
      const why = followed.ok ? `\`${ref.module}\` is a whole module object` : followed.why;
      return { k: "unknown", why, file, loc: ref.loc };
    }
    const names = this.graph.exportNames(target);
    if (!Array.isArray(names)) return { k: "unknown", why: names.why, file, loc: ref.loc };
    const entries = names.map((name): DataEntry => ({ key: name, value: { k: "ref", module: ref.module, name, path: [], loc: ref.loc }, loc: ref.loc, end: ref.loc }));
    return { k: "object", file, value: { k: "object", entries, loc: ref.loc }, env: NO_ENV };
  }

  /** An imported value: the data, function or class the module declares under that name, read at the ref's path. */
  private ref(file: string, ref: Extract<DataValue, { k: "ref" }>): Resolved {
    let [name, path] = [ref.name, ref.path];
    if (name === "*") {
      // `import * as tools from "./tools"; Object.values(tools)`: the module's namespace object, its exports by name.
      if (path.length === 0) return this.namespace(file, ref);
      // `import * as defs from "./defs"; defs.tools`: the first step of the path is the export's name.
      [name, path] = [path[0]!, path.slice(1)];
    }
    // `export * as defs from "./defs.js"` in the module imported from: the namespace of the module it names.
    const reexported = this.graph.reexportedNamespace(file, ref.module, name);
    if (reexported) {
      const namespace = this.namespace(reexported.file, { ...ref, module: reexported.module });
      return this.at(this.path(namespace, path), path, reexported.file, ref.loc);
    }
    const followed = this.graph.followImport(file, ref.module, name);
    if (!followed.ok) {
      // A package's export: nothing to read, but its name may still say what it is (`ToolBase` of a framework).
      return { k: "external", name, why: followed.why, file, loc: ref.loc };
    }
    // A constant string (or `as const` object of them), or one of the runtime module's words: the string resolver
    // follows the same import, to the constant's own name.
    const asString = (): Resolved => {
      const expr: StrExpr = { k: "ref", module: ref.module, name, path, line: ref.loc.line, column: ref.loc.column };
      return { k: "string", file, expr, loc: ref.loc, end: ref.loc };
    };
    if (followed.file === ENVELOPE_MODULE) return asString();
    const facts = this.factsOf(followed.file);
    if (!facts) return { k: "unknown", why: `${this.show(followed.file)} does not parse`, file, loc: ref.loc };
    let base: Resolved;
    const local = followed.local;
    if (Object.hasOwn(facts.data, local)) base = this.resolve(followed.file, facts.data[local]!);
    else if (Object.hasOwn(facts.functions, local)) base = { k: "function", file: followed.file, key: local, loc: facts.functions[local]!.loc };
    else if (facts.classes.some((c) => c.name === local)) base = { k: "class", file: followed.file, name: local, loc: ref.loc };
    else return asString();
    return this.at(this.path(base, path), path, followed.file, ref.loc);
  }
}

/**
 * The elements of lists a condition chooses between (`readOnly ? READ : [...READ, ...WRITE]`): each option's, less those
 * another option listed before it (the same definition, so one tool, whichever option runs). Within one option an
 * element listed twice stays twice: that list does define it twice.
 */
function unionOf(lists: readonly (readonly Resolved[])[]): Resolved[] {
  const items: Resolved[] = [];
  const earlier = new Set<string>();
  for (const list of lists) {
    const mine: string[] = [];
    for (const item of list) {
      const key = definitionKey(item, 0);
      if (key !== undefined && earlier.has(key)) continue;
      items.push(item);
      if (key !== undefined) mine.push(key);
    }
    for (const key of mine) earlier.add(key);
  }
  return items;
}

/** Most iterations nested in an element's bindings that its definition key follows (deeper: no key, never merged). */
const MAX_KEY_DEPTH = 8;

/**
 * Where an element is defined, with what each iteration bound for it: the same key is the same definition. None for
 * a value the census cannot see (two of those are never taken for one).
 */
function definitionKey(value: Resolved, depth: number): string | undefined {
  if (depth > MAX_KEY_DEPTH) return undefined;
  const at = (file: string, loc: Loc) => `${file}:${loc.line}:${loc.column}`;
  switch (value.k) {
    case "object": {
      const bound: string[] = [];
      for (const [slot, element] of [...value.env].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const key = definitionKey(element, depth + 1);
        if (key === undefined) return undefined;
        bound.push(`${slot}=${key}`);
      }
      return `object ${at(value.file, value.value.loc)} {${bound.join(",")}}`;
    }
    case "tool":
      return `tool ${value.file}#${value.index}`;
    case "class":
      return `class ${value.file}#${value.name}`;
    case "function":
      return `function ${value.file}#${value.key}`;
    case "string":
      // With its text: the keys `Object.entries` gives all stand where the call stands.
      return `string ${at(value.file, value.loc)} ${JSON.stringify(value.expr)}`;
    case "list": {
      // An element bound to a list: an `Object.entries` pair, `[key, value]`.
      const items: string[] = [];
      for (const item of value.items) {
        const key = definitionKey(item, depth + 1);
        if (key === undefined) return undefined;
        items.push(key);
      }
      return `list [${items.join(",")}]`;
    }
    default:
      return undefined;
  }
}

function tooMany(file: string, loc: Loc): Resolved {
  return { k: "unknown", why: `the list holds more than ${MAX_ELEMENTS} elements`, file, loc };
}

/** `this.toolNames[0]`, `this.caps["get-x"]`: a member path of `this` as a reader writes it (a key of digits an index). */
function memberPath(path: readonly string[]): string {
  return formatPropertyPath(["this", ...path.map((key) => (/^\d+$/.test(key) ? Number(key) : key))]);
}

function bind(env: Env, file: string, slot: number, element: Resolved): Env {
  return new Map(env).set(`${file}#${slot}`, element);
}

export function fileOf(value: Resolved): string {
  return value.k === "list" ? "" : value.file;
}

export function locOfResolved(value: Resolved): Loc {
  switch (value.k) {
    case "list":
    case "tool":
      return { line: 1, column: 1 };
    case "object":
      return value.value.loc;
    default:
      return value.loc;
  }
}

/** What a resolved value is, for a reason that names it. */
export function describe(value: Resolved): string {
  switch (value.k) {
    case "string":
      return "a string";
    case "object":
      return "an object";
    case "function":
      return "a function";
    case "tool":
      return "a tool";
    case "class":
      return `class \`${value.name}\``;
    case "list":
      return "a list";
    case "external":
      return `\`${value.name}\``;
    case "other":
      return `\`${value.what}\``;
    case "unknown":
      return "a value the census cannot see";
  }
}
