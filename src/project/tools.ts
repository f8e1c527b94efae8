// Tools of one SKU: every shape of SPEC §1 resolved across modules into names, served descriptions and bodies.
import type { ResolvedToolClass } from "../config/types.js";
import type { BareSentenceFact, CallFact, ClassFact, DataValue, DispatchFact, Loc, Site, ToolFact } from "../facts/types.js";
import type { SkuContext } from "./context.js";
import { DataResolver, describe, NO_ENV, type CallSites, type Env, type Resolved } from "./dataResolver.js";
import { InputSchemaReader, type InputSchema } from "./inputSchema.js";

/** A text of a tool (its description) and where it is written, or why the census cannot see it. */
export type ToolText =
  | { known: true; text: string; file: string; loc: Loc; end: Loc | null }
  | { known: false; why: string; file: string; loc: Loc; end: Loc | null };

export interface Tool {
  /** Absolute path of the file that defines it: registers, defines, lists or declares it. */
  file: string;
  /** Where it is defined: the call, the list's handler, the class's name. */
  loc: Loc;
  /** The statically known name, or null with the reason it cannot be seen. */
  name: string | null;
  nameUnknown?: string;
  nameLoc: Loc;
  /** The description served; null when the definition gives none (served as ""). */
  description: ToolText | null;
  /** Where its body is (a function, or a dispatch branch, by its key in the file's functions). */
  body: { file: string; key: string } | null;
  bodyUnknown?: { why: string; fix?: string };
  /** The input schema tools/list serves for it (as the SDK serialises a zod shape), or why the census cannot see it. */
  input: InputSchema;
}

export interface BareSentenceSite extends BareSentenceFact {
  /** Absolute path of the file holding the sentence. */
  file: string;
  tool: string | null;
  /** Why the tool's name is unknown, when it is. */
  toolUnknown?: string;
}

export interface SkuTools {
  tools: Tool[];
  /** Files that hold tool bodies outside the tool files (absolute): tool sources as much as the defining files. */
  handlerFiles: string[];
  /** Tool name for a fact's site in `file`. */
  toolAt(file: string, site: Site): string | null;
  bareSentences: BareSentenceSite[];
}

export function collectTools(ctx: SkuContext, toolFiles: readonly string[]): SkuTools {
  const data = new DataResolver(ctx.graph, (f) => ctx.facts(f), (f) => ctx.rel(f), callSitesIn(ctx, toolFiles), (f, expr) => ctx.resolveStr(f, expr));
  const reader = new ToolReader(ctx, data, toolFiles);
  const tools = reader.read();

  const byBody = new Map<string, string | null>();
  const handlerFiles = new Set<string>();
  const bareSentences: BareSentenceSite[] = [];
  const toolSet = new Set(toolFiles);
  for (const tool of tools) {
    if (!tool.body) continue;
    const id = `${tool.body.file}#${tool.body.key}`;
    if (!byBody.has(id)) byBody.set(id, tool.name);
    if (!toolSet.has(tool.body.file)) handlerFiles.add(tool.body.file);
    const fn = ctx.facts(tool.body.file)?.functions[tool.body.key];
    for (const s of fn?.bareSentences ?? []) {
      const site: BareSentenceSite = { ...s, file: tool.body.file, tool: tool.name };
      if (tool.name === null) {
        site.tool = null;
        site.toolUnknown = tool.nameUnknown ?? "it is not a constant";
      }
      bareSentences.push(site);
    }
  }
  const toolAt = (file: string, site: Site): string | null => {
    for (const key of site.within) {
      const id = `${file}#${key}`;
      if (byBody.has(id)) return byBody.get(id)!;
    }
    return null;
  };
  return { tools, handlerFiles: [...handlerFiles].sort(), toolAt, bareSentences };
}

/** The input schema of a tool whose list the census cannot see. */
const UNLISTED: InputSchema = { known: false, why: "the tool comes from a list the census cannot see" };

/** The members a tool class may keep its input schema in. */
const CLASS_INPUT_KEYS = ["inputSchema", "input", "parameters"];

/** The most instances one registration may stand for, one per call of the functions whose parameters it reads. */
const MAX_INSTANCES = 10_000;

/** The most ancestors of a tool class the census reads, past which (a chain that loops) it looks no further. */
const MAX_CLASS_ANCESTORS = 32;

/** How deep `argumentFunctions` looks into a tool's values for the parameters they read. */
const MAX_ARGUMENT_DEPTH = 8;

/**
 * The functions of the tool's file whose parameters its name, description or body read (`server.tool(name, …)`), also
 * through a local the function declares (`const { name } = { ...defaults, ...spec }`): `data` is the file's.
 */
function argumentFunctions(fact: ToolFact, data: Readonly<Record<string, DataValue>>): string[] {
  const found = new Set<string>();
  const pending: { value: DataValue; depth: number }[] = [fact.name, fact.description, fact.body].flatMap((v) => (v ? [{ value: v, depth: 0 }] : []));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (depth > MAX_ARGUMENT_DEPTH) continue;
    const push = (v: DataValue) => void pending.push({ value: v, depth: depth + 1 });
    if (value.k === "arg") found.add(value.fn);
    else if (value.k === "get") push(value.base);
    else if (value.k === "local" && data[value.key]) push(data[value.key]!);
    else if (value.k === "choice") value.options.forEach(push);
    else if (value.k === "concat") value.parts.forEach(push);
    else if (value.k === "object") for (const e of value.entries) push("spread" in e ? e.spread : e.value);
  }
  return [...found].sort();
}

/** A function's own members that call it: `f.call(thisArg, …)`, `f.apply(thisArg, args)`, `f.bind(thisArg)(…)`. */
const FUNCTION_CALLERS: ReadonlySet<string> = new Set(["call", "apply", "bind"]);

/** Reads the tools of one SKU's tool files: each tool fact (once per element of its iterations) and each tool class. */
class ToolReader {
  private readonly dispatch: Map<string, { file: string; key: string }>;
  private readonly dispatchOpaque: string[] = [];
  private readonly schemas: InputSchemaReader;

  constructor(
    private readonly ctx: SkuContext,
    private readonly data: DataResolver,
    private readonly toolFiles: readonly string[],
  ) {
    this.dispatch = this.readDispatch();
    this.schemas = new InputSchemaReader(ctx, data);
  }

  read(): Tool[] {
    const tools: Tool[] = [];
    for (const file of this.toolFiles) {
      const facts = this.ctx.facts(file);
      if (!facts) continue;
      // A tool an exported function lists counts where a tools/list handler is that function (`listedBy` below).
      for (const fact of facts.tools) if (fact.listedBy === undefined) tools.push(...this.instances(file, fact));
      for (const d of facts.dispatch) if (d.k === "list") tools.push(...this.listedBy(file, d));
      for (const cls of facts.classes) {
        const tool = this.classTool(file, cls);
        if (tool) tools.push(tool);
      }
    }
    return tools;
  }

  /**
   * The tools a tools/list handler imported from another module lists: those its function there returns. A handler the
   * census cannot follow, or one that returns no `tools` it can see, is one tool it cannot see, which says why.
   */
  private listedBy(file: string, d: Extract<DispatchFact, { k: "list" }>): Tool[] {
    const followed = this.ctx.graph.followCallee(file, d.callee);
    const handler = `\`${d.callee.k === "import" ? d.callee.local : d.callee.name}\``;
    const unseen = (why: string): Tool[] => [{ file, loc: d.loc, name: null, nameLoc: d.loc, description: null, body: null, input: UNLISTED, nameUnknown: why }];
    if (!followed.ok) return unseen(`the tools/list handler ${handler} cannot be followed: ${followed.why}`);
    const facts = this.ctx.facts(followed.file);
    const listed = (facts?.tools ?? []).filter((t) => t.listedBy === followed.local);
    if (listed.length === 0) return unseen(`the tools/list handler ${handler} in ${this.ctx.rel(followed.file)} returns no \`tools\` the census can see`);
    return listed.flatMap((fact) => this.instances(followed.file, fact));
  }

  /** One tool per element of the fact's iterations (one tool when it sits in none). */
  private instances(file: string, fact: ToolFact): Tool[] {
    let envs: Env[] = [NO_ENV];
    for (const each of fact.each) {
      const next: Env[] = [];
      for (const env of envs) {
        const elements = this.data.elements(file, each.source, env);
        if ("unknown" in elements) {
          // The list cannot be seen: one tool stands for all it may hold, and says what could not be seen.
          return [{ ...this.unseenTool(file, fact), nameUnknown: `it comes from a list the census cannot see: ${elements.unknown}` }];
        }
        for (const element of elements) {
          // A list of tools made elsewhere (definer calls, tool classes) registers those tools, not new ones.
          if (element.k === "tool" || element.k === "class") continue;
          next.push(new Map(env).set(`${file}#${each.slot}`, element));
        }
      }
      envs = next;
    }
    // A tool registered inside a function from its parameters (`function addTool(server, name, description, handler)`):
    // one tool per call of the function, each read with what its call passes; `calls` keeps which call each instance
    // is of, to say which call passes a name the census cannot see.
    const calls = new Map<Env, string>();
    for (const fn of argumentFunctions(fact, this.ctx.facts(file)?.data ?? {})) {
      const bindings = this.data.callBindings(file, fn);
      // Instances multiply across functions: past the bound, the calls are not told apart (the name says why).
      if (!bindings || bindings.length < 2 || envs.length * bindings.length > MAX_INSTANCES) continue;
      envs = envs.flatMap((env) =>
        bindings.map((b) => {
          const bound = new Map(env).set(b.key, b.value);
          calls.set(bound, b.at);
          return bound;
        }),
      );
    }
    const out: Tool[] = [];
    for (const env of envs) {
      if (this.isGenericRegistration(file, fact)) continue;
      const tool = this.tool(file, fact, env);
      const call = calls.get(env);
      if (call !== undefined && tool.nameUnknown !== undefined) tool.nameUnknown = `its call at ${call} passes it: ${tool.nameUnknown}`;
      out.push(tool);
    }
    return out;
  }

  private unseenTool(file: string, fact: ToolFact): Tool {
    return { file, loc: fact.loc, name: null, nameLoc: fact.nameLoc, description: null, body: null, input: UNLISTED };
  }

  private tool(file: string, fact: ToolFact, env: Env): Tool {
    const tool: Tool = { file, loc: fact.loc, name: null, nameLoc: fact.nameLoc, description: null, body: null, input: UNLISTED };
    const name = this.text(file, fact.name, env, fact.nameLoc, null);
    if (name.known) tool.name = name.text;
    else tool.nameUnknown = name.why;
    let input = fact.input;
    if (fact.description) {
      const description = this.text(file, fact.description, env, fact.descriptionLoc ?? fact.loc, fact.descriptionEnd);
      // A description that resolves to no text at all (an object given where a schema may stand) is none.
      tool.description = description.known || !description.none ? description : null;
      // `server.tool(name, x, …)` where the facts could not tell what `x` is: a text is the description, as the SDK tells
      // them apart at run time, and the parameters' schema is the argument after it.
      if (description.known && fact.inputAfterText !== undefined) input = fact.inputAfterText;
    }
    tool.input = this.schemas.read(file, input, env, fact.form === "list");
    if (fact.form === "list") {
      const body = tool.name === null ? undefined : this.dispatch.get(tool.name);
      if (body) tool.body = body;
      else tool.bodyUnknown = this.noBranch(tool.name);
    } else if (fact.body) {
      this.setBody(tool, this.data.resolve(file, fact.body, env));
    } else {
      tool.bodyUnknown = fact.bodyMissing ?? { why: "the census sees no function that answers it" };
    }
    return tool;
  }

  /**
   * The text a value gives, and where it is written: in place (`at`, the expression in the defining file), or where
   * the value was found (a constant object spread in, another module's definitions).
   */
  private text(file: string, value: DataValue, env: Env, at: Loc, end: Loc | null): ToolText & { none?: boolean } {
    const resolved = this.data.resolve(file, value, env);
    if (resolved.k === "string") {
      const r = this.ctx.resolveStr(resolved.file, resolved.expr);
      const where = resolved.file === file && value.k === "string" ? { file, loc: at, end } : { file: resolved.file, loc: resolved.loc, end: resolved.end };
      return r.known ? { known: true, text: r.value, ...where } : { known: false, why: r.why, ...where };
    }
    if (resolved.k === "unknown" || resolved.k === "external") return { known: false, why: resolved.why, file: resolved.file || file, loc: resolved.loc, end: null };
    if (resolved.k === "other") return { known: false, why: resolved.why, file, loc: at, end };
    // An object or a function where a text may stand (`server.tool(name, schema, handler)`): there is no text.
    const none = resolved.k === "object" || resolved.k === "function";
    return { known: false, why: `it is ${describe(resolved)}, not a string`, file, loc: at, end, none };
  }

  private setBody(tool: Tool, body: Resolved): void {
    if (body.k === "function") {
      const fn = this.ctx.facts(body.file)?.functions[body.key];
      if (fn) tool.body = { file: body.file, key: body.key };
      else tool.bodyUnknown = { why: `\`${body.key}\` in ${this.ctx.rel(body.file)} is not a function` };
      return;
    }
    tool.bodyUnknown = { why: body.k === "unknown" || body.k === "external" ? body.why : `the handler is ${describe(body)}, not a function the census can follow` };
  }

  /** `register(server) { server.tool(this.name, …) }` in a tool base class: each tool class is the tool, not this call. */
  private isGenericRegistration(file: string, fact: ToolFact): boolean {
    if (fact.inClass === null || fact.name.k !== "this") return false;
    const cls = this.ctx.facts(file)?.classes.find((c) => c.name === fact.inClass);
    return !!cls && this.ctx.config.discovery.classes.some((shape) => shape.extends === cls.name || this.chainOf(file, cls).includes(shape.extends));
  }

  /** A tool class: not abstract, and one of its ancestors is a configured base class. */
  private classTool(file: string, cls: ClassFact): Tool | undefined {
    if (cls.abstract) return undefined;
    const chain = this.chainOf(file, cls);
    const shape = this.ctx.config.discovery.classes.find((s) => chain.includes(s.extends));
    if (!shape) return undefined;
    const tool: Tool = { file, loc: cls.loc, name: null, nameLoc: cls.loc, description: null, body: null, input: UNLISTED };
    tool.input = this.classInput(file, cls, chain);
    const name = this.memberOf(file, cls, shape.name);
    if (!name) tool.nameUnknown = `class ${cls.name} has no member \`${shape.name}\` (discovery.classes names the member that holds the name)`;
    else {
      const text = this.text(name.file, name.value, NO_ENV, name.loc, name.end);
      if (text.known) tool.name = text.text;
      else tool.nameUnknown = text.why;
    }
    const description = this.memberOf(file, cls, shape.description);
    if (description) tool.description = this.text(description.file, description.value, NO_ENV, description.loc, description.end);
    const body = this.memberOf(file, cls, shape.body);
    if (body) this.setBody(tool, this.data.resolve(body.file, body.value));
    else tool.bodyUnknown = { why: `class ${cls.name} has no method \`${shape.body}\``, fix: bodyFix(shape) };
    return tool;
  }

  /**
   * A tool class's input schema: the member its base's generic registration passes (`server.tool(this.name,
   * this.description, this.argsShape, …)`), else a member named like a schema. Without either, the census cannot say
   * what the framework registers: unknown, never an empty schema.
   */
  private classInput(file: string, cls: ClassFact, chain: readonly string[]): InputSchema {
    const passed = new Set<string>();
    let passesNone = false;
    for (const toolFile of this.toolFiles) {
      for (const fact of this.ctx.facts(toolFile)?.tools ?? []) {
        if (fact.inClass === null || fact.name.k !== "this" || !(fact.inClass === cls.name || chain.includes(fact.inClass))) continue;
        if (fact.input === null) passesNone = true;
        else if (fact.input.k === "this" && fact.input.path.length === 1) passed.add(fact.input.path[0]!);
      }
    }
    const keys = passed.size > 0 ? [...passed] : CLASS_INPUT_KEYS;
    const schema = keys.map((key) => this.memberOf(file, cls, key)).find((m) => m !== undefined);
    if (schema) return this.schemas.read(schema.file, schema.value, NO_ENV, false);
    if (passesNone && passed.size === 0) return this.schemas.read(file, null, NO_ENV, false);
    return { known: false, why: `class ${cls.name} has no member ${keys.map((k) => `\`${k}\``).join(" or ")} holding its input schema` };
  }

  /** A member along the class chain, the class's own first: an instance member, else a static one. */
  private memberOf(file: string, cls: ClassFact, member: string): { file: string; value: DataValue; loc: Loc; end: Loc } | undefined {
    let current: { file: string; cls: ClassFact } | undefined = { file, cls };
    for (let hops = 0; current && hops <= MAX_CLASS_ANCESTORS; hops++) {
      const m = current.cls.members[member] ?? current.cls.members[`static ${member}`];
      if (m) return { file: current.file, value: m.value, loc: m.loc, end: m.end };
      current = this.parentOf(current.file, current.cls);
    }
    return undefined;
  }

  /** The names of a class's ancestors, nearest first (a base declared outside the monitor by its imported name). */
  private chainOf(file: string, cls: ClassFact): string[] {
    const names: string[] = [];
    let current: { file: string; cls: ClassFact } | undefined = { file, cls };
    for (let hops = 0; current && hops < MAX_CLASS_ANCESTORS; hops++) {
      const heritage = current.cls.extends;
      if (!heritage) break;
      const base = this.data.resolve(current.file, heritage);
      if (base.k === "external") names.push(base.name);
      if (base.k !== "class") break;
      names.push(base.name);
      const baseFacts = this.ctx.facts(base.file)?.classes.find((c) => c.name === base.name);
      current = baseFacts ? { file: base.file, cls: baseFacts } : undefined;
    }
    return names;
  }

  private parentOf(file: string, cls: ClassFact): { file: string; cls: ClassFact } | undefined {
    if (!cls.extends) return undefined;
    const base = this.data.resolve(file, cls.extends);
    if (base.k !== "class") return undefined;
    const found = this.ctx.facts(base.file)?.classes.find((c) => c.name === base.name);
    return found ? { file: base.file, cls: found } : undefined;
  }

  /** The branches of every `tools/call` handler in the tool files, by tool name: the bodies of listed tools. */
  private readDispatch(): Map<string, { file: string; key: string }> {
    const branches = new Map<string, { file: string; key: string }>();
    for (const file of this.toolFiles) {
      for (const d of inSourceOrder(this.ctx.facts(file)?.dispatch ?? [])) {
        // An exported function's dispatch answers only where a handler forwards the name to it.
        if (d.k === "forward") this.readForward(file, d, branches);
        else if (d.k !== "list" && !d.within) this.readDispatchFact(file, d, branches);
      }
    }
    return branches;
  }

  /** The dispatch of the function a handler forwards the tool name to, in the module that function is declared in. */
  private readForward(file: string, d: Extract<DispatchFact, { k: "forward" }>, branches: Map<string, { file: string; key: string }>): void {
    const followed = this.ctx.graph.followCallee(file, d.callee);
    const called = `\`${d.callee.k === "import" ? d.callee.local : d.callee.name}\``;
    if (!followed.ok) {
      this.dispatchOpaque.push(`the handler hands the tool name to ${called}, which the census cannot follow: ${followed.why}`);
      return;
    }
    const facts = this.ctx.facts(followed.file);
    const found = inSourceOrder(facts?.dispatch ?? []).filter(
      (f): f is Exclude<DispatchFact, { k: "forward" | "list" }> => f.k !== "forward" && f.k !== "list" && f.within?.fn === followed.local && f.within.index === d.index && f.within.path.join("\0") === d.path.join("\0"),
    );
    if (found.length === 0) {
      this.dispatchOpaque.push(`the handler hands the tool name to ${called} in ${this.ctx.rel(followed.file)}, where the census sees no switch, if or table on it`);
      return;
    }
    for (const f of found) this.readDispatchFact(followed.file, f, branches);
  }

  private readDispatchFact(file: string, d: Exclude<DispatchFact, { k: "forward" | "list" }>, branches: Map<string, { file: string; key: string }>): void {
    if (d.k === "branch") {
      const name = this.ctx.resolveStr(file, d.name);
      if (name.known && !branches.has(name.value)) branches.set(name.value, { file, key: d.key });
      return;
    }
    if (d.k === "find") {
      const elements = this.data.elements(file, d.list);
      if ("unknown" in elements) {
        this.dispatchOpaque.push(elements.unknown);
        return;
      }
      for (const element of elements) {
        const keyed = this.data.path(element, d.key);
        if (keyed === "absent" || keyed.k !== "string") continue;
        const name = this.ctx.resolveStr(keyed.file, keyed.expr);
        if (name.known && !branches.has(name.value)) this.setBranch(branches, name.value, this.called(element, d.member));
      }
      return;
    }
    const table = this.data.resolve(file, d.table);
    if (table.k !== "object") {
      this.dispatchOpaque.push(table.k === "unknown" || table.k === "external" ? table.why : `the handlers are ${describe(table)}`);
      return;
    }
    // The table's handlers as the object holds them at run time (spread tables included); what it cannot see is said.
    const { entries, unseen } = this.data.entriesOf(table);
    for (const u of unseen) this.dispatchOpaque.push(u.why);
    for (const [key, value] of entries) {
      if (!branches.has(key)) this.setBranch(branches, key, this.called(value, d.member));
    }
  }

  /**
   * What a lookup's call reaches through `member` of what it found: the member itself, or, where that is no function
   * and the path ends in a function's own `call`, `apply` or `bind` (`tool.handler.call(this, args)`), the function
   * those are called on.
   */
  private called(found: Resolved, member: readonly string[]): Resolved | "absent" {
    const direct = this.data.path(found, member);
    const last = member[member.length - 1];
    if ((direct !== "absent" && direct.k === "function") || last === undefined || !FUNCTION_CALLERS.has(last)) return direct;
    const callee = this.data.path(found, member.slice(0, -1));
    return callee !== "absent" && callee.k === "function" ? callee : direct;
  }

  /** The function a lookup gives for `name`, when it is one. */
  private setBranch(branches: Map<string, { file: string; key: string }>, name: string, fn: Resolved | "absent"): void {
    if (fn !== "absent" && fn.k === "function") branches.set(name, { file: fn.file, key: fn.key });
  }

  private noBranch(name: string | null): { why: string; fix?: string } {
    if (this.dispatchOpaque.length > 0) return { why: `the tools/call handler looks its handlers up in a table the census cannot see (${this.dispatchOpaque[0]})` };
    return {
      why: `no branch of a tools/call handler in the tool files answers ${name === null ? "it" : `"${name}"`}`,
      fix: "dispatch on request.params.name with a switch, an if, or a table of handlers keyed by the tool's name, in a file the tools globs match",
    };
  }
}

/** Where each function of the SKU is called, from the tool files and the configured modules (indexed on first use). */
function callSitesIn(ctx: SkuContext, toolFiles: readonly string[]): CallSites {
  let index: Map<string, { file: string; call: CallFact }[]> | undefined;
  return (file, fn) => {
    if (!index) {
      index = new Map();
      const { sku } = ctx;
      const modules = [sku.helpers, ...sku.producers.map((p) => p.module), sku.guide, sku.instructions].filter((f): f is string => f !== null);
      for (const from of new Set([...toolFiles, ...modules])) {
        for (const call of ctx.facts(from)?.calls ?? []) {
          const followed = ctx.graph.followCallee(from, call.callee);
          if (!followed.ok) continue;
          // A function inside another is keyed by its place, not its name: only its own file can call it.
          const key = call.fn !== undefined ? `${from}#${call.fn}` : `${followed.file}#${followed.local}`;
          const list = index.get(key) ?? [];
          list.push({ file: from, call });
          index.set(key, list);
        }
      }
    }
    return index.get(`${file}#${fn}`) ?? [];
  };
}

function bodyFix(shape: ResolvedToolClass): string {
  return `discovery.classes names "${shape.body}" as the method that answers a tool of ${shape.extends}: correct it, or give the class that method`;
}

/**
 * A file's dispatches in the order they stand in the source: a handler answers a name by the first that covers it
 * (`if (name === "a") return …; return handlers[name](…)`), whatever order the facts found them in.
 */
function inSourceOrder(dispatch: readonly DispatchFact[]): DispatchFact[] {
  return [...dispatch].sort((a, b) => a.loc.line - b.loc.line || a.loc.column - b.loc.column);
}
