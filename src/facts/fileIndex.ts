// What every fact extractor of one file shares: the tree, the options, the evaluator, the facts so far and the sites index.
import { ts, locOf } from "../ts.js";
import { DataReader, type DataSource } from "./data.js";
import { StringEvaluator } from "./evaluator.js";
import { followableCalleeRefOf } from "./callees.js";
import type { CalleeRef, DataValue, FileFacts, Loc, Site } from "./types.js";

/** The part of the config the per-file facts depend on (and nothing else): the cache key of a file's facts. */
export interface ExtractOptions {
  /** Registration methods: `server.registerTool(name, config, handler)`, `server.tool(name, …, handler)`. */
  register: string[];
  /** Wrappers around a handler (`textTool(fn)`), unwrapped to the function inside. */
  adapters: string[];
  /** Definer calls: `defineTool({ name, description, run })`, with the property paths of each part. */
  definers: DefinerOptions[];
  /** Tool classes: the base class they extend and the members that hold each part. */
  classes: ClassOptions[];
  /** Whether tools returned as data by a `tools/list` request handler are read. */
  lists: boolean;
  /** The definer property holding the body. */
  bodyKey: string;
  /** Names whose calls build an envelope: the builder and the allow-listed callees. */
  builders: string[];
  /** The allow-listed callees alone: matched by the called name, plain or as a member. */
  allowed: string[];
  /** The two producers' names (failure, refusal), for the rewrites an editor may suggest. */
  producers: string[];
}

/** A definer and where its object argument keeps each part (dotted property paths). */
export interface DefinerOptions {
  callee: string;
  name: string[];
  description: string[];
  body: string[];
}

/** A tool class: one that extends `extends` (directly or through other classes), and its members' names. */
export interface ClassOptions {
  extends: string;
  name: string;
  description: string;
  body: string;
}

export function emptyFacts(): FileFacts {
  return {
    parseErrors: [],
    imports: {},
    exports: [],
    requests: [],
    constants: {},
    declarations: {},
    factories: {},
    objects: {},
    functions: {},
    data: {},
    classes: [],
    dispatch: [],
    calls: [],
    tools: [],
    passThroughs: [],
    builds: [],
  };
}

/** One file under extraction. Made per file and dropped with it: nothing here outlives the syntax tree. */
export class FileIndex implements DataSource {
  readonly facts: FileFacts = emptyFacts();
  readonly evaluator = new StringEvaluator();
  readonly data: DataReader;
  /** Top-level function nodes, to their local name. */
  readonly topLevel = new Map<ts.Node, string>();
  /** Other functions (and dispatch branches) that may be a tool's body, to their key in `facts.functions`. */
  readonly bodies = new Map<ts.Node, string>();
  /** Where a function bound to a `const` is declared (for findings about the function as a whole). */
  readonly declaredAt = new Map<ts.Node, { loc: Loc; end: Loc }>();
  /** Definer calls, to the index of the tool each makes: a list of them holds those tools, not new ones. */
  readonly toolOfCall = new Map<ts.Node, number>();
  /** What callees are bound to, as `followableCalleeRefOf` tells (null: not followable); a call is read by more than one collector. */
  private readonly calleeRefs = new Map<ts.Expression, Exclude<CalleeRef, { k: "unknown" }> | null>();
  /** The next free iteration slot (`param` data of the file). */
  private nextSlot = 0;
  readonly register: ReadonlySet<string>;
  readonly adapters: ReadonlySet<string>;
  readonly definers: ReadonlySet<string>;
  readonly builders: ReadonlySet<string>;
  readonly allowed: ReadonlySet<string>;

  constructor(
    readonly sf: ts.SourceFile,
    readonly options: ExtractOptions,
  ) {
    this.register = new Set(options.register);
    this.adapters = new Set(options.adapters);
    this.definers = new Set(options.definers.map((d) => d.callee));
    this.builders = new Set(options.builders);
    this.allowed = new Set(options.allowed);
    this.data = new DataReader(this);
  }

  /**
   * The key a function (or a dispatch branch) has in `facts.functions`: a top-level function's local name, else its
   * place (`@line:column`), which no identifier can be. Asking for a key makes the node a possible tool body.
   */
  functionKey(node: ts.Node): string {
    const name = this.topLevel.get(node);
    if (name !== undefined) return name;
    let key = this.bodies.get(node);
    if (key === undefined) {
      const { line, column } = locOf(node);
      key = `@${line}:${column}`;
      this.bodies.set(node, key);
    }
    return key;
  }

  /** `followableCalleeRefOf` of a callee, worked out once per callee. */
  followableCallee(callee: ts.Expression): Exclude<CalleeRef, { k: "unknown" }> | undefined {
    let ref = this.calleeRefs.get(callee);
    if (ref === undefined) {
      ref = followableCalleeRefOf(callee) ?? null;
      this.calleeRefs.set(callee, ref);
    }
    return ref ?? undefined;
  }

  newSlot(): number {
    return this.nextSlot++;
  }

  declare(key: string, value: DataValue): void {
    this.facts.data[key] = value;
  }

  /** The keys of the possible tool bodies a node sits in, innermost first. */
  siteOf(node: ts.Node): Site {
    const within: string[] = [];
    for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
      const key = this.topLevel.get(p) ?? this.bodies.get(p);
      if (key !== undefined) within.push(key);
    }
    return { within };
  }
}
