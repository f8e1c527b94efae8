// Per-file facts: everything the census needs from one file, as plain serialisable data (no syntax tree inside).
/**
 * A string value as far as one file can see it. Serialisable (it is stored in per-file facts).
 * - `str`: known text (cooked: escapes resolved).
 * - `cat`: the concatenation of its parts, in order.
 * - `ref`: a value imported from another module, resolved later across files: `module` is the import specifier as
 *   written, `name` the export name ("default" for a default import), `path` the property chain read from it
 *   (`import * as W from "./w"; W.WORDS.error` → name "WORDS", path ["error"]).
 * - `unknown`: cannot be evaluated; `why` says what could not be seen, in words for a user
 *   ("`word` is a parameter", "`let` variable `w` may change", "call to `f()`"), at `line`/`column` (1-based).
 */
export type StrExpr =
  | { k: "str"; v: string }
  | { k: "cat"; parts: StrExpr[] }
  | { k: "ref"; module: string; name: string; path: string[]; line: number; column: number }
  | { k: "unknown"; why: string; line: number; column: number };

/** A top-level constant a module may export: a string expression, or an object of them (`as const` objects, string enums). */
export type ConstValue = { k: "string"; expr: StrExpr } | { k: "object"; members: Record<string, ConstValue> };

/**
 * A value as data, as far as one file can see it: the shape tool definitions are written in (objects, arrays, the
 * strings in them, functions as bodies), with what only the project can settle left symbolic. Serialisable.
 * - `string`: a string, evaluated as §2.4 says (it may hold refs of this file's imports).
 * - `object` / `array`: a literal, its entries in order (a later entry wins; a spread stands for all it spreads).
 * - `ref`: an imported binding, read at `path`; `local`: a value of this file declared in `FileFacts.data` under `key`.
 * - `param`: the element an iteration binds (`slot` of `FileFacts.iterations`), read at `path`.
 * - `map`, `filter`, `entries`, `values`: `source.map(e => element)`, `source.filter(…)` (every element counts as
 *   defined: what runs is for `descriptions --serve` to say), `Object.entries(source)`, `Object.values(source)`.
 * - `choice`: one of `options` (`a ? b : c`, `a ?? b`, `a || b`): each is defined.
 * - `concat`: a string joined at run time from `parts` (`` `v2_${t.name}` ``, `prefix + name`), some of which are an
 *   element or an argument: what the project reads once it knows which.
 * - `function`: a function value, keyed in `FileFacts.functions`; `tool`: the tool `FileFacts.tools[index]` (a definer
 *   call's result); `class`: a class of this file, by local name.
 * - `this`: a member of `this`, read at `path`; `get`: `path` read from a value the file cannot take apart.
 * - `arg`: parameter `index` of the function keyed `fn`, read at `path`; `fallback` is what it is when the caller
 *   passes nothing (its default, or the right side of `name || "ping"`).
 * - `other`: a value that holds no text the census reads (a number, a call building a schema); `unknown`: a value the
 *   census cannot see, and why.
 */
export type DataValue =
  | { k: "string"; expr: StrExpr; loc: Loc; end: Loc }
  | { k: "object"; entries: DataEntry[]; loc: Loc }
  | { k: "array"; items: DataItem[]; loc: Loc }
  | { k: "ref"; module: string; name: string; path: string[]; loc: Loc }
  | { k: "local"; key: string; path: string[]; loc: Loc }
  | { k: "param"; slot: number; path: string[]; loc: Loc }
  | { k: "map"; source: DataValue; slot: number; element: DataValue; loc: Loc }
  | { k: "filter" | "entries" | "values"; source: DataValue; loc: Loc }
  | { k: "choice"; options: DataValue[]; loc: Loc }
  | { k: "concat"; parts: DataValue[]; loc: Loc; end: Loc }
  | { k: "function"; key: string; loc: Loc }
  | { k: "tool"; index: number; loc: Loc }
  | { k: "class"; name: string; loc: Loc }
  | { k: "this"; path: string[]; loc: Loc }
  | { k: "arg"; fn: string; index: number; path: string[]; fallback: DataValue | null; loc: Loc }
  | { k: "get"; base: DataValue; path: string[]; loc: Loc }
  | { k: "other"; what: string; /** Why it is no text, when something is read as one. */ why: string; loc: Loc }
  | { k: "unknown"; why: string; loc: Loc };

/**
 * An entry of an object literal as data: a key and its value, a spread (`...source`), or a key computed from another
 * value (`[searchTool.name]: handleSearch`), which the project reads across modules.
 */
export type DataEntry =
  | { key: string; value: DataValue; loc: Loc; end: Loc }
  | { spread: DataValue; loc: Loc; /** The spread as written, for messages. */ text: string }
  | { computed: DataValue; value: DataValue; loc: Loc; end: Loc; /** The key as written, for messages. */ text: string };

/** An element of an array literal as data, or a spread of another list. */
export type DataItem = { value: DataValue } | { spread: DataValue };

export interface Loc {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/**
 * What a called name refers to, as far as the file can see: an import (resolved across files later), a function of
 * this file (by its top-level name), or something it cannot name.
 */
export type CalleeRef =
  | { k: "import"; module: string; name: string; local: string }
  | { k: "local"; name: string }
  | { k: "unknown"; why: string };

/** Where a fact sits: the keys (in `FileFacts.functions`) of the functions around it that may be a tool's body, innermost first. */
export interface Site {
  within: string[];
}

/** One value a pass-through or a validator may return, after `await`, casts and parentheses are peeled away and
 * `??`, `||` and `?:` are split. */
export type Operand =
  | { k: "nullish"; loc: Loc; text: string }
  | { k: "call"; loc: Loc; text: string; callee: CalleeRef; calleeText: string }
  | { k: "string"; loc: Loc; text: string }
  | { k: "variable"; loc: Loc; text: string; name: string; defs: Definition[] }
  | { k: "other"; loc: Loc; text: string; why: string };

/** How a reaching definition writes its variable. */
export type DefinitionKind =
  /** `const x = v`, `let x = v`, `var x = v`, also through destructuring (`const [a, x] = v`, `const { x } = v`). */
  | "initializer"
  /** `x = v`, `x ??= v`, `x ||= v`, `x &&= v`, also through destructuring assignment (`[a, x] = v`, `({ x } = v)`). */
  | "assignment"
  /** The variable is a parameter of the enclosing function and no later write hides it on some path. */
  | "parameter"
  /** The variable is written inside a nested function (closure), which may run at any time. */
  | "closure"
  /** A write whose value cannot be traced: `x += v`, `x++`, a for...of/for...in variable, a catch binding, a
   * variable captured from an enclosing function or module that is not `const`, an unresolved (global) name. */
  | "untraceable";

/** One reaching definition of a traced variable, with the operands of the value it writes. */
export interface Definition {
  kind: DefinitionKind;
  loc: Loc;
  /** The write as source text, one line, shortened. */
  text: string;
  /** For kind parameter: the name of the function whose parameter it is (null for an anonymous function). */
  fn?: string | null;
  /** For kind closure / untraceable: why it cannot be traced. */
  reason?: string;
  /** For initializer / assignment: what the value may be. */
  operands?: Operand[];
}

export interface PassThroughFact {
  /** The `if` keyword. */
  loc: Loc;
  /** The end of the condition's closing parenthesis. */
  end: Loc;
  /** The condition, one line. */
  guard: string;
  /** The access path passed through, as written without casts (`err`, `r.error`, `pair[1]`). */
  path: string;
  /** The variable at the root of the path (`r` of `r.error`): the one traced. */
  root: string;
  /** Name of the function containing the `if` (null when anonymous). */
  fn: string | null;
  site: Site;
  defs: Definition[];
}

export interface BareSentenceFact {
  /** Start of the string expression. */
  loc: Loc;
  end: Loc;
  /** Canonical text: cooked, each substitution or non-literal operand written `${…}`. */
  sentence: string;
}

export interface ReturnFact {
  /** Start of the returned expression. */
  loc: Loc;
  end: Loc;
  text: string;
  operands: Operand[];
}

export interface FunctionFact {
  loc: Loc;
  /** The end of the function's name (or of its first line's start token when anonymous). */
  end: Loc;
  /** Returns directly in the body (not in nested functions); an expression-bodied arrow is one return. Only for
   * exported functions (the only ones that can be shared validators); empty for the others. */
  returns: ReturnFact[];
  /** The bare sentences among those returns (used when the function is a tool's handler). */
  bareSentences: BareSentenceFact[];
}

export interface ToolFact {
  /**
   * How the tool is written: a registration call (`server.registerTool(name, config, handler)`), a definer call
   * (`defineTool({ name, description, run })`), an entry of the list a `tools/list` request handler returns, or a
   * tool class.
   */
  form: "register" | "definer" | "list" | "class";
  /** The registering call, the list, or the class name. */
  loc: Loc;
  name: DataValue;
  nameLoc: Loc;
  /** What gives the description; null when the definition gives none (the tool is served with ""). */
  description: DataValue | null;
  descriptionLoc: Loc | null;
  descriptionEnd: Loc | null;
  /**
   * For a tool listed by an exported function of this file (`export async function listTools() { return { tools } }`):
   * that function's key. Such a tool counts only where a `tools/list` handler of a tool file is that function.
   */
  listedBy?: string;
  /** What gives the body: a function of this file, an import, a member of an element…; null: `bodyMissing` says why. */
  body: DataValue | null;
  bodyMissing?: { why: string; fix?: string };
  /** The iterations the definition sits in, outer first: it defines one tool per element of each source. */
  each: { slot: number; source: DataValue }[];
  /** The class a registration sits in (`register(server) { server.tool(this.name, …) }` of a tool base class). */
  inClass: string | null;
  /**
   * What gives the input schema: a registration's `inputSchema` (`server.tool`'s parameters argument), a definer's
   * `inputSchema`, `input` or `parameters` beside its description, a listed tool's `inputSchema`; null when the
   * definition gives none (served as an empty object schema).
   */
  input: DataValue | null;
  /**
   * `server.tool(name, x, …)` where only the project can tell what `x` is: the parameters' schema when `x` is text (the
   * description), `input` being `x` itself when it is not.
   */
  inputAfterText?: DataValue | null;
}

/**
 * A zod schema written as a call chain (`z.number().int().optional().describe("…")`), kept as data so the project can
 * serialise it as the MCP SDK would: what the chain starts from and each step, in order.
 */
export interface ZodChainFact {
  /** The chain's root: the zod namespace (a ref to "zod"), or a schema value it extends (a const, an import). */
  root: DataValue;
  /** Each member read (`coerce`: args null) or call (`int()`, `describe("…")`), from the root outwards. */
  steps: { name: string; args: SchemaArg[] | null }[];
}

/** An argument of a zod call: a literal (numbers, booleans, null, a regular expression's source), or data. */
export type SchemaArg =
  | { k: "literal"; value: string | number | boolean | null }
  | { k: "regex"; source: string }
  /** A function (`.refine((v) => …)`, `.catch(() => …)`): it holds no part of the schema's JSON the census can read. */
  | { k: "callback" }
  | { k: "data"; value: DataValue };

/** A call of a named function, and what each argument is, as far as passing a tool's name goes. */
export interface CallFact {
  callee: CalleeRef;
  loc: Loc;
  /**
   * `none`: `undefined` (or a hole); `object`: an object literal with these keys (`open` when it spreads); `value`:
   * anything else, with its string value (`str`) for a call of one of the two producers (`refusal("top", …)`).
   */
  args: ({ k: "none" } | { k: "object"; keys: string[]; open: boolean } | { k: "value"; str?: StrExpr })[];
  /** For a call of a function inside another: the function's key in `FileFacts.functions` (its name is none). */
  fn?: string;
  /** For a call made as a statement (`addTool(server, "ping", …);`): its arguments as data, for the tool it may register. */
  values?: DataValue[];
  /** The functions around the call that may be a tool's body (or are top-level): whose routes the call is part of. */
  site?: Site;
}

/** A class of the file: the member values a tool class gives its name, description and body from. */
export interface ClassFact {
  /** Local name ("default" for an anonymous default export). */
  name: string;
  loc: Loc;
  end: Loc;
  abstract: boolean;
  /** The class it extends, as data (a class of this file, an import), or null. */
  extends: DataValue | null;
  /** Fields, getters (their one returned value) and methods (functions), static or not. */
  members: Record<string, { value: DataValue; static: boolean; loc: Loc; end: Loc }>;
}

/**
 * A branch of a `tools/call` request handler that answers the tool of one name: a `case "name":` or an
 * `if (name === "name")` (its body keyed in `functions`); a table looked up by tool name (`handlers[name](…)`,
 * `tools[name].run(…)`); or a list searched for the element whose `key` is the name (`tools.find((t) => t.name ===
 * name)`, then `tool.handler(…)`). `member`: the path from the element found to the function called ([]: the element).
 * The same in an exported function that dispatches on a parameter (`within`), read only when a handler of another
 * module forwards the tool name to it (`forward`).
 */
export type DispatchFact =
  | { k: "branch"; name: StrExpr; key: string; loc: Loc; within?: DispatchWithin }
  | { k: "table"; table: DataValue; member: string[]; loc: Loc; within?: DispatchWithin }
  | { k: "find"; list: DataValue; key: string[]; member: string[]; loc: Loc; within?: DispatchWithin }
  /** The handler hands the tool name to an imported function: as its parameter `index`, at `path` in it. */
  | { k: "forward"; callee: Exclude<CalleeRef, { k: "unknown" }>; index: number; path: string[]; loc: Loc }
  /** The `tools/list` handler is an imported function: the tools its result lists (`ToolFact.listedBy` there). */
  | { k: "list"; callee: Exclude<CalleeRef, { k: "unknown" }>; loc: Loc };

/**
 * Where a dispatch fact of an exported function reads the tool name: parameter `index` of the top-level function
 * keyed `fn`, at `path` in it. Such a fact answers tools only when a `tools/call` handler forwards the name there.
 */
export interface DispatchWithin {
  fn: string;
  index: number;
  path: string[];
}

export interface BuildFact {
  /**
   * call: a call that may be the builder's (the project follows its callee); reference: the builder passed on as a
   * value; object: an object literal with a `status` key; serialised: a string holding `"status":`.
   */
  k: "call" | "reference" | "object" | "serialised";
  loc: Loc;
  end: Loc;
  /** The status word (for serialised: the whole string; the word is read from it once resolved). */
  word: StrExpr;
  /** For objects: each value the word may take (`failed ? "error" : "no_data"`, `override ?? "invalid"`), when it is split. */
  alternatives?: StrExpr[];
  /** For objects not written as a literal: the status set by an assignment (`o.status = …`) or an `Object.fromEntries` pair. */
  form?: "assignment" | "entries";
  /**
   * For objects whose key the file cannot tell is `status` (`[KEY]: word`, `o[KEY] = word` with KEY a constant of
   * another module): the key, for the project to resolve; the object is an envelope only if it resolves to `status`.
   */
  key?: StrExpr;
  /** For calls: the called name after aliases are followed (`status`, `outcome`), whether it was a member call, and how it resolves. */
  callee?: { name: string; member: boolean; ref: CalleeRef };
  /** Names of the functions enclosing the build, innermost first. */
  enclosing: string[];
  site: Site;
  /** For calls inside a catch clause: the caught variable's name, for a suggested formatError(operation, ex). */
  catchVariable?: string | null;
  /** For calls: what an editor needs to rewrite it into a producer call. */
  rewrite?: {
    /** Source range of the call (0-based offsets), which the rewrite replaces. */
    range: [number, number];
    /** Source text of each argument. */
    args: string[];
    /** Source text of the `parameter` hint (`{ parameter: "top" }` gives `"top"`), when there is one. */
    parameter?: string;
    /** `h.` for a namespace call `h.status(…)`, else "". */
    qualifier: string;
    /** The producer names (failure, refusal) that are already bound to the producer where the call is. */
    bound: string[];
    /** The producer names bound to something else where the call is (a local variable): a rewrite would call it. */
    taken: string[];
    /** Where to add a named import next to the builder's, when it was imported by name: offset after the last specifier. */
    importAfter?: number;
  };
}

export type ExportFact =
  | { name: string; local: string }
  | { name: string; from: string; importName: string }
  | { star: string };

export interface ImportFact {
  module: string;
  /** The imported name: "default" for a default import, "*" for a namespace import. */
  name: string;
}

/** One property of a top-level object literal (`TOOL_GUIDE = { get_x: "…" }`): its key and value as strings. */
export interface ObjectEntryFact {
  key: StrExpr;
  value: StrExpr;
  /** The property. */
  loc: Loc;
  end: Loc;
  /** The value expression. */
  valueLoc: Loc;
}

export interface FileFacts {
  /** Syntax errors: when non-empty, every other field is empty (the file's facts cannot be trusted). */
  parseErrors: { loc: Loc; end: Loc; message: string; /** Set when the file parses but is nested too deeply to analyse. */ tooDeep?: true }[];
  imports: Record<string, ImportFact>;
  exports: ExportFact[];
  /** Every module the file loads code from: value and side-effect imports, re-exports, `import("…")`, `require("…")`. */
  requests: string[];
  constants: Record<string, ConstValue>;
  /** Where each top-level `const` is declared, by local name. */
  declarations: Record<string, Loc>;
  /** Top-level `const`s whose value a call makes (`const validateRows = rangeValidator(…)`), by local name. */
  factories: Record<string, { loc: Loc; end: Loc; callee: string }>;
  /** Top-level `const` object literals (with or without `as const`), by local name: the guide module's tails. */
  objects: Record<string, ObjectEntryFact[]>;
  /**
   * Functions by key: top-level ones by local name (declarations and `const f = (…) => …`), every other function
   * that may be a tool's body (and each dispatch branch) by its place, `@line:column`.
   */
  functions: Record<string, FunctionFact>;
  /**
   * `const`s as data: top-level ones (and `export default`) by local name, what other modules' tool lists read; the
   * composite values of other consts by their place, `@line:column` (what `local` refs name).
   */
  data: Record<string, DataValue>;
  classes: ClassFact[];
  dispatch: DispatchFact[];
  /** Calls of functions this file names (imported, or its own top-level ones): where a tool's name may be passed in. */
  calls: CallFact[];
  tools: ToolFact[];
  passThroughs: PassThroughFact[];
  builds: BuildFact[];
  /**
   * Zod schemas written as call chains, by where the chain starts (`line:column`): what a `DataValue` of kind `other`
   * at that place is, when it is a schema. Absent when the file has none.
   */
  schemas?: Record<string, ZodChainFact>;
  /**
   * Calls that read like a tool definition the discovery config does not name (`server.addTool({ name, description,
   * execute })`): what to tell a user whose census finds no tool. Absent when the file has none.
   */
  toolLike?: ToolLikeFact[];
}

/** A call with one object holding a `name`, a `description` and a function: a tool definition, by its look. */
export interface ToolLikeFact {
  loc: Loc;
  /** The called name (`addTool` of `server.addTool(…)`). */
  callee: string;
  /** The callee as written (`server.addTool`), for messages. */
  text: string;
  /** Whether it is called as a member (`server.addTool`: a registration) or by itself (`defineTool(…)`: a definer). */
  member: boolean;
  /** The key of the function in the object (`execute`). */
  bodyKey: string;
}

/** Why a chain of constants was cut short: the same words whether the chain runs within one file or across modules. */
export const CHAIN_TOO_DEEP = "constant chain too deep or circular";
