// What every fact extractor of one file shares: the tree, the options, the evaluator, the facts so far and the sites index.
import type { ts } from "../ts.js";
import { StringEvaluator } from "./evaluator.js";
import type { FileFacts, Loc, Site } from "./types.js";

/** The part of the config the per-file facts depend on (and nothing else): the cache key of a file's facts. */
export interface ExtractOptions {
  /** Registration methods: `server.registerTool(name, config, handler)`, `server.tool(name, …, handler)`. */
  register: string[];
  /** Wrappers around a handler (`textTool(fn)`), unwrapped to the function inside. */
  adapters: string[];
  /** Definer calls: `defineTool({ name, description, run })`. */
  definers: string[];
  /** The definer property holding the body. */
  bodyKey: string;
  /** Names whose calls build an envelope: the builder and the allow-listed callees. */
  builders: string[];
  /** The two producers' names (failure, refusal), for the rewrites an editor may suggest. */
  producers: string[];
}

export function emptyFacts(): FileFacts {
  return {
    parseErrors: [],
    imports: {},
    exports: [],
    constants: {},
    declarations: {},
    factories: {},
    objects: {},
    functions: {},
    tools: [],
    passThroughs: [],
    builds: [],
  };
}

/** One file under extraction. Made per file and dropped with it: nothing here outlives the syntax tree. */
export class FileIndex {
  readonly facts: FileFacts = emptyFacts();
  readonly evaluator = new StringEvaluator();
  /** Function nodes that are tool bodies, to the index of their tool. */
  readonly toolBodies = new Map<ts.Node, number>();
  /** Top-level function nodes, to their local name. */
  readonly topLevel = new Map<ts.Node, string>();
  /** Where a function bound to a `const` is declared (for findings about the function as a whole). */
  readonly declaredAt = new Map<ts.Node, { loc: Loc; end: Loc }>();
  readonly register: ReadonlySet<string>;
  readonly adapters: ReadonlySet<string>;
  readonly definers: ReadonlySet<string>;
  readonly builders: ReadonlySet<string>;

  constructor(
    readonly sf: ts.SourceFile,
    readonly options: ExtractOptions,
  ) {
    this.register = new Set(options.register);
    this.adapters = new Set(options.adapters);
    this.definers = new Set(options.definers);
    this.builders = new Set(options.builders);
  }

  /** The tool body and the top-level function a node sits in. */
  siteOf(node: ts.Node): Site {
    let tool: number | null = null;
    let owner: string | null = null;
    for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
      if (tool === null) {
        const index = this.toolBodies.get(p);
        if (index !== undefined) tool = index;
      }
      const name = this.topLevel.get(p);
      if (name !== undefined) owner = name;
    }
    return { tool, owner };
  }
}
