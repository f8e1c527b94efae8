// A tool's input schema as tools/list serves it: zod shapes serialised as the MCP SDK does (zod 4, draft-07), JSON
// Schema objects as written, each read statically from the facts; or why the census cannot see it.
import type { DataEntry, DataValue, SchemaArg, ZodChainFact } from "../facts/types.js";
import type { SkuContext } from "./context.js";
import { describe, type DataResolver, type Env, type Resolved } from "./dataResolver.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `none`: the definition gives no schema (the SDK serves an empty object): what the tool takes is not said. */
export type InputSchema = { known: true; schema: Json; none?: true } | { known: false; why: string };

/** What the SDK serves for a tool registered without an input schema. */
const EMPTY_OBJECT: Json = { type: "object", properties: {} };

/** The draft the SDK asks zod 4 for: every zod schema it serves names it. */
const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** Zod 4's bounds for `.int()` without its own: the safe integers. */
const SAFE = Number.MAX_SAFE_INTEGER;

/** Zod 4's patterns for the string formats it serialises with one (`.uuid()`, `.email()`, `.date()`, `.datetime()`). */
const DATE = String.raw`(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))`;
const FORMATS: Record<string, { format: string; pattern?: string }> = {
  url: { format: "uri" },
  uuid: { format: "uuid", pattern: String.raw`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$` },
  email: { format: "email", pattern: String.raw`^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$` },
  date: { format: "date", pattern: `^${DATE}$` },
  datetime: { format: "date-time", pattern: String.raw`^${DATE}T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$` },
};

/** Steps that leave a schema's JSON as it is (checks and conversions the JSON Schema of the input cannot say). */
const TRANSPARENT = new Set(["refine", "superRefine", "check", "transform", "trim", "toLowerCase", "toUpperCase", "brand", "pipe"]);

/** A zod schema's JSON and whether it may be left out of the arguments. */
interface ZodNode {
  json: { [key: string]: Json };
  optional: boolean;
  /**
   * A wrapper (optional, nullable, default, catch, readonly) or a union: zod's value has none of its type's checks
   * (`.min`, `.gt`, `.regex`, `.extend` …), so a chain that calls one fails as its module loads.
   */
  checkless?: boolean;
}

class Unseen extends Error {}

/** Reads input schemas of one SKU's tools; made per SKU, with the SKU's data resolver. */
export class InputSchemaReader {
  constructor(
    private readonly ctx: SkuContext,
    private readonly data: DataResolver,
  ) {}

  /**
   * The input schema a tool serves. `asWritten`: a tool listed by a `tools/list` handler, whose schema is the JSON
   * Schema object it returns; otherwise a registration's zod shape (or zod object) as the SDK serialises it.
   */
  read(file: string, input: DataValue | null, env: Env, asWritten: boolean): InputSchema {
    if (input === null) return { known: true, schema: EMPTY_OBJECT, none: true };
    try {
      const resolved = this.resolveInput(file, input, env);
      if (resolved === "absent") return { known: true, schema: EMPTY_OBJECT, none: true };
      if (asWritten) return { known: true, schema: this.json(resolved) };
      return { known: true, schema: this.zodInput(resolved) };
    } catch (error) {
      if (error instanceof Unseen) return { known: false, why: error.message };
      throw error;
    }
  }

  /** A definer's schema may sit under any of the keys the facts try: a spread hides which, so each is asked. */
  private resolveInput(file: string, input: DataValue, env: Env): Resolved | "absent" {
    if (input.k === "get" && input.path.at(-1) === "inputSchema") {
      const base = this.data.resolve(file, input.base, env);
      for (const key of ["inputSchema", "input", "parameters"]) {
        const found = this.data.path(base, [...input.path.slice(0, -1), key]);
        if (found !== "absent") return found;
      }
      return "absent";
    }
    // `t.config.inputSchema` of a list's element, a const, an import, a helper's argument: a config without the key has
    // no schema.
    if ("path" in input && input.path.at(-1) === "inputSchema") {
      const found = this.data.path(this.data.resolve(file, { ...input, path: input.path.slice(0, -1) }, env), ["inputSchema"]);
      if (found === "absent") return "absent";
    }
    // `Args.shape` of a zod object `Args`: the SDK makes the same object of that shape again.
    const whole = shapeOf(input);
    if (whole) {
      const schema = this.data.resolve(file, whole, env);
      if (schema.k === "other" && this.chainAt(schema)) return schema;
    }
    const resolved = this.data.resolve(file, input, env);
    // A property the object it is read from does not have (`inputSchema: t.inputSchema` of an element without one): the
    // value is undefined, so there is no schema. Read deeper (`t.config.shape` without `config`), it would throw: unseen.
    if (resolved.k === "unknown" && resolved.missing?.length === 1) return "absent";
    return resolved;
  }

  /** The SDK's view: a raw shape (an object of zod schemas) or a zod object schema, served as a JSON Schema object. */
  private zodInput(value: Resolved): Json {
    if (value.k === "object") {
      const shape = this.shape(value);
      // Annotations in the parameters' place (`server.tool(name, { readOnlyHint: true }, cb)`): the SDK serves no schema.
      if (shape === "not-a-shape") return EMPTY_OBJECT;
      return { ...objectJson(shape), $schema: DRAFT_07 };
    }
    const node = this.zod(value);
    if (node.json.type !== "object") throw new Unseen(`its input schema is not a zod object (it serialises as ${JSON.stringify(node.json).slice(0, 40)})`);
    return { ...node.json, $schema: DRAFT_07 };
  }

  /** The properties of a raw shape, in order (a later key wins, a spread adds its keys where it stands). */
  private shape(value: Extract<Resolved, { k: "object" }>): Map<string, ZodNode> | "not-a-shape" {
    const out = new Map<string, ZodNode>();
    for (const entry of value.value.entries) {
      if ("spread" in entry) {
        // `{ ...Args.shape, more }`: the properties of the zod object whose shape is spread.
        const whole = shapeOf(entry.spread);
        const schema = whole && this.data.resolve(value.file, whole, value.env);
        if (schema?.k === "other" && this.chainAt(schema)) {
          const node = this.zod(schema);
          if (node.json.type !== "object") throw new Unseen(`the schema spreads \`${entry.text}\`, the shape of no zod object`);
          for (const [k, v] of this.objectProps(node)) out.set(k, v);
          continue;
        }
        const spread = this.data.resolve(value.file, entry.spread, value.env);
        if (spread.k !== "object") throw new Unseen(`the schema spreads \`${entry.text}\`, ${this.unseen(spread)}`);
        const inner = this.shape(spread);
        if (inner === "not-a-shape") return inner;
        for (const [k, v] of inner) out.set(k, v);
        continue;
      }
      const member = this.data.resolve(value.file, entry.value, value.env);
      if (member.k !== "other" || !this.chainAt(member)) {
        // A boolean or a string where a schema would stand: annotations, not parameters.
        if (member.k === "string" || (member.k === "other" && jsonLiteral(member.what) !== undefined)) return "not-a-shape";
      }
      const key = this.keyOf(value, entry);
      out.delete(key);
      out.set(key, this.zod(member));
    }
    return out;
  }

  /** An entry's key, as written or computed across modules; a key the census cannot compute leaves the schema unseen. */
  private keyOf(object: Extract<Resolved, { k: "object" }>, entry: Exclude<DataEntry, { spread: DataValue }>): string {
    const key = this.data.keyOf(object.file, entry, object.env);
    if (typeof key !== "string") throw new Unseen(`its schema has a key the census cannot see (${key.unknown})`);
    return key;
  }

  private chainAt(value: Extract<Resolved, { k: "other" }>): ZodChainFact | undefined {
    return this.ctx.facts(value.file)?.schemas?.[`${value.loc.line}:${value.loc.column}`];
  }

  /** A zod schema value: a chain the facts recorded, followed through the consts and imports it extends. */
  private zod(value: Resolved, depth = 0): ZodNode {
    if (depth > 32) throw new Unseen("its schema extends itself");
    if (value.k !== "other") throw new Unseen(`a parameter's schema is ${this.unseen(value)}`);
    const chain = this.chainAt(value);
    if (!chain) throw new Unseen(`\`${value.what}\` is no zod schema the census can read`);
    let node: ZodNode | undefined;
    let steps = chain.steps;
    const fromZod = chain.root.k === "ref" && /^zod(?:\/|$)/.test(chain.root.module);
    if (!fromZod) {
      const root = this.data.resolve(value.file, chain.root);
      if (root.k !== "other") throw new Unseen(`\`${value.what}\` starts from ${this.unseen(root)}`);
      node = this.zod(root, depth + 1);
    }
    if (!node) {
      // `z.coerce.number()`: the coercion does not change what the input's schema says.
      if (steps[0]?.args === null && steps[0].name === "coerce") steps = steps.slice(1);
      const [base, ...rest] = steps;
      if (!base || base.args === null) throw new Unseen(`\`${value.what}\` is no zod schema the census can read`);
      node = this.base(value.file, base.name, base.args, value.what);
      steps = rest;
    }
    return this.apply(value.file, node, steps, value.what, depth);
  }

  /** `z.string()`, `z.number()`, `z.enum([…])`, `z.object({…})` …: the schema a chain starts with. */
  private base(file: string, name: string, args: readonly SchemaArg[], what: string): ZodNode {
    const plain = (json: { [key: string]: Json }): ZodNode => ({ json, optional: false });
    switch (name) {
      case "string":
        return plain({ type: "string" });
      case "number":
        return plain({ type: "number" });
      case "int":
        return plain({ type: "integer", minimum: -SAFE, maximum: SAFE });
      case "boolean":
        return plain({ type: "boolean" });
      case "null":
        return plain({ type: "null" });
      case "any":
      case "unknown":
        return plain({});
      case "enum": {
        const values = this.argJson(file, args[0], what);
        if (!Array.isArray(values)) throw new Unseen(`the values of \`${what}\` cannot be seen`);
        return plain({ type: "string", enum: values });
      }
      case "literal": {
        const v = this.argJson(file, args[0], what);
        // zod serves a list of one value as that value (`z.literal(["a"])` is `z.literal("a")`), and an empty list as
        // a schema nothing meets.
        if (Array.isArray(v) && v.length === 0) return plain({ not: {} });
        if (!Array.isArray(v) || v.length === 1) {
          const one = Array.isArray(v) ? v[0]! : v;
          return plain({ type: one === null ? "null" : typeof one, const: one });
        }
        // `z.literal(["a", "b"])`: an enum, typed when its values share one type.
        const types = new Set(v.map((x) => (x === null ? "null" : typeof x)));
        return plain(types.size === 1 ? { type: [...types][0]!, enum: v } : { enum: v });
      }
      case "array":
        return plain({ type: "array", items: this.argSchema(file, args[0], what).json });
      case "object":
      case "strictObject":
      case "looseObject": {
        const shape = this.argValue(file, args[0], what);
        if (shape.k !== "object") throw new Unseen(`the shape of \`${what}\` is ${this.unseen(shape)}`);
        const props = this.shape(shape);
        if (props === "not-a-shape") throw new Unseen(`the shape of \`${what}\` holds values that are no schemas`);
        // A strict object refuses other keys and a loose one takes any: zod says so; a plain one, read as input, says nothing.
        const extra: { [key: string]: Json } = name === "strictObject" ? { additionalProperties: false } : name === "looseObject" ? { additionalProperties: {} } : {};
        return plain({ ...objectJson(props), ...extra });
      }
      case "record": {
        const keys = this.argSchema(file, args[0], what);
        const values = this.argSchema(file, args[1], what);
        const json: { [key: string]: Json } = { type: "object", propertyNames: keys.json, additionalProperties: values.json };
        // Keys that are a set of words (an enum, literals): each must be there, unless a value may be left out.
        const words = wordsOf(keys.json);
        if (words && !values.optional) json.required = words;
        return plain(json);
      }
      case "union": {
        const options = this.argValue(file, args[0], what);
        if (options.k !== "list") throw new Unseen(`the options of \`${what}\` cannot be seen`);
        const nodes = options.items.map((o) => this.zod(o));
        return { json: unionJson(nodes.map((n) => n.json)), optional: nodes.some((n) => n.optional), checkless: true };
      }
      default:
        throw new Unseen(`\`${what}\` uses z.${name}(), which the census does not serialise`);
    }
  }

  /** Each step after the base, as zod 4 serialises it for the input side. */
  private apply(file: string, start: ZodNode, steps: ZodChainFact["steps"], what: string, depth: number): ZodNode {
    let node: ZodNode = { json: { ...start.json }, optional: start.optional };
    let checkless = start.checkless === true;
    // Wrappers (optional, default, nullable) hold what is said about them before what they wrap.
    let wrapped = false;
    const front: [string, Json][] = [];
    // What wrappers said, put in the schema before another wraps it (`.default("a").nullable()`: the default is inside),
    // and the type's checks in zod's order: the schema as zod writes it, whatever wraps it next.
    const fold = (): void => {
      if (front.length > 0) node.json = { ...Object.fromEntries(front), ...node.json };
      front.length = 0;
      node.json = inCheckOrder(node.json);
    };
    // zod writes a schema's own description after its checks, whichever came first in the chain.
    const descriptionLast = (): void => {
      if (!("description" in node.json)) return;
      const { description, ...rest } = node.json;
      node.json = { ...rest, description: description! };
    };
    // (Where a check stands among the type's others is zod's order, set by `fold` before anything wraps the schema.)
    const set = (key: string, value: Json): void => {
      node.json[key] = value;
      if (key !== "description") descriptionLast();
    };
    // Of several bounds on one side zod keeps the tightest (an exclusive one over an inclusive one at the same value).
    const bound = (side: "lower" | "upper", value: number, exclusive: boolean): void => {
      const [inclusiveKey, exclusiveKey] = side === "lower" ? ["minimum", "exclusiveMinimum"] : ["maximum", "exclusiveMaximum"];
      const key = exclusive ? exclusiveKey : inclusiveKey;
      const currentKey = exclusiveKey in node.json ? exclusiveKey : inclusiveKey in node.json ? inclusiveKey : undefined;
      const current = currentKey === undefined ? undefined : node.json[currentKey];
      if (typeof current === "number") {
        const beyond = side === "lower" ? value > current : value < current;
        if (!beyond && !(value === current && exclusive && currentKey === inclusiveKey)) return;
      }
      node.json = replaced(node.json, currentKey ?? key, key, value);
      descriptionLast();
    };
    // A size (a string's length, an array's items): the largest least and the smallest most.
    const size = (key: string, value: number, lower: boolean): void => {
      const current = node.json[key];
      if (typeof current === "number" && (lower ? value <= current : value >= current)) return;
      set(key, value);
    };
    for (const step of steps) {
      const arg = (i: number): Json => this.argJson(file, step.args?.[i], what);
      // A check (a bound, a size, a pattern, a format, an object's keys) on a wrapper or a union: zod has none there.
      const check = (): void => {
        if (checkless) {
          throw new Unseen(`\`${what}\` calls .${step.name}() on an optional, nullable, default, catch, readonly or union schema, which has no such method (the server fails as it loads)`);
        }
      };
      // A bound or a size that is no number (`.gt("2")` in JavaScript): zod compares it as it stands and serves what
      // its converter makes of that, which the census does not follow.
      const numberArg = (i: number): number => {
        const value = arg(i);
        if (typeof value !== "number") throw new Unseen(`\`${what}\` calls .${step.name}() with ${JSON.stringify(value)}, not a number`);
        return value;
      };
      const isString = node.json.type === "string";
      const isArray = node.json.type === "array";
      switch (step.name) {
        case "optional":
          node.optional = true;
          wrapped = true;
          checkless = true;
          break;
        // A union with null made optional (zod's `nullish` is `nullable().optional()`): the optional wrapper is outermost,
        // so what is said after it is said before the union (`.nullish().describe("d")` serialises its description first).
        case "nullish":
          node.optional = true;
          fold();
          node.json = nullable(node.json);
          wrapped = true;
          checkless = true;
          break;
        case "nullable":
          fold();
          node.json = nullable(node.json);
          wrapped = false;
          checkless = true;
          break;
        case "catch":
          // zod serialises the value it falls back to as a default; the parameter stays required.
          front.push(["default", arg(0)]);
          wrapped = true;
          checkless = true;
          break;
        case "multipleOf":
        case "step":
          check();
          if ("multipleOf" in node.json) throw new Unseen(`\`${what}\` calls .${step.name}() twice, which the census does not serialise`);
          set("multipleOf", numberArg(0));
          break;
        case "default":
          node.optional = true;
          front.push(["default", arg(0)]);
          wrapped = true;
          checkless = true;
          break;
        case "describe":
          if (wrapped) front.push(["description", arg(0)]);
          // A union of bare types, written as one list of types: zod said its description before it made the list.
          else if (Array.isArray(node.json.type)) node.json = { description: arg(0), ...node.json };
          else set("description", arg(0));
          break;
        case "readonly":
          // Said first, before what any other wrapper says.
          front.unshift(["readOnly", true]);
          wrapped = true;
          checkless = true;
          break;
        case "int":
          check();
          // The safe integers' bounds, on each side that has none.
          node.json = { ...node.json, type: "integer" };
          if (!("minimum" in node.json) && !("exclusiveMinimum" in node.json)) node.json.minimum = -SAFE;
          if (!("maximum" in node.json) && !("exclusiveMaximum" in node.json)) node.json.maximum = SAFE;
          descriptionLast();
          break;
        case "min":
        case "gte":
          check();
          if (isString || isArray) size(isString ? "minLength" : "minItems", numberArg(0), true);
          else bound("lower", numberArg(0), false);
          break;
        case "max":
        case "lte":
          check();
          if (isString || isArray) size(isString ? "maxLength" : "maxItems", numberArg(0), false);
          else bound("upper", numberArg(0), false);
          break;
        case "length":
          check();
          size(isString ? "minLength" : "minItems", numberArg(0), true);
          size(isString ? "maxLength" : "maxItems", numberArg(0), false);
          break;
        case "nonempty":
          check();
          size(isString ? "minLength" : "minItems", 1, true);
          break;
        case "gt":
        case "positive":
          check();
          bound("lower", step.name === "gt" ? numberArg(0) : 0, true);
          break;
        case "lt":
        case "negative":
          check();
          bound("upper", step.name === "lt" ? numberArg(0) : 0, true);
          break;
        case "nonnegative":
          check();
          bound("lower", 0, false);
          break;
        case "nonpositive":
          check();
          bound("upper", 0, false);
          break;
        case "regex": {
          check();
          const r = step.args?.[0];
          if (r?.k !== "regex") throw new Unseen(`the pattern of \`${what}\` cannot be seen`);
          set("pattern", r.source);
          break;
        }
        case "array":
          fold();
          node = { json: { type: "array", items: node.json }, optional: false };
          wrapped = false;
          checkless = false;
          break;
        case "or": {
          fold();
          // A union that may be left out (one of its options may) is an optional parameter.
          const other = this.argSchema(file, step.args?.[0], what);
          node = { json: unionJson([node.json, other.json]), optional: node.optional || other.optional };
          wrapped = false;
          checkless = true;
          break;
        }
        case "extend":
        case "merge": {
          check();
          const extra = this.argValue(file, step.args?.[0], what);
          const props = extra.k === "object" ? this.shape(extra) : step.name === "merge" ? this.objectProps(this.zod(extra, depth + 1)) : "not-a-shape";
          if (props === "not-a-shape" || node.json.type !== "object") throw new Unseen(`\`${what}\` extends a schema the census cannot see`);
          const merged = new Map([...this.objectProps(node), ...props]);
          node = { json: objectJson(merged), optional: node.optional };
          break;
        }
        case "partial": {
          check();
          if (node.json.type !== "object") throw new Unseen(`\`${what}\` makes partial a schema that is no object`);
          delete node.json.required;
          break;
        }
        default:
          if (FORMATS[step.name] && isString) {
            check();
            const f = FORMATS[step.name]!;
            // Options other than a message (`.datetime({ offset: true })`) change the pattern zod writes.
            const option = step.args?.[0];
            if (option?.k === "data" && option.value.k === "object" && option.value.entries.some((e) => !("key" in e) || e.key !== "message")) {
              throw new Unseen(`\`${what}\` gives .${step.name}() options the census does not serialise`);
            }
            set("format", f.format);
            if (f.pattern) set("pattern", f.pattern);
            break;
          }
          if (TRANSPARENT.has(step.name)) break;
          throw new Unseen(`\`${what}\` calls .${step.name}(), which the census does not serialise`);
      }
    }
    fold();
    if (checkless) node.checkless = true;
    return node;
  }

  /** An object schema's properties back as nodes (for `.extend`): required-ness from its `required`. */
  private objectProps(node: ZodNode): Map<string, ZodNode> {
    const props = (node.json.properties ?? {}) as { [key: string]: { [key: string]: Json } };
    const required = new Set((node.json.required ?? []) as string[]);
    return new Map(Object.entries(props).map(([k, v]) => [k, { json: v, optional: !required.has(k) }]));
  }

  private argValue(file: string, arg: SchemaArg | undefined, what: string): Resolved {
    if (!arg || arg.k !== "data") throw new Unseen(`an argument of \`${what}\` cannot be seen`);
    return this.data.resolve(file, arg.value);
  }

  private argSchema(file: string, arg: SchemaArg | undefined, what: string): ZodNode {
    return this.zod(this.argValue(file, arg, what));
  }

  /** A literal argument (`.min(1)`, `.describe("…")`, `z.enum([...])`) as JSON. */
  private argJson(file: string, arg: SchemaArg | undefined, what: string): Json {
    if (!arg) throw new Unseen(`an argument of \`${what}\` is missing`);
    if (arg.k === "callback") throw new Unseen(`an argument of \`${what}\` is a function, whose value the census cannot see`);
    if (arg.k === "literal") return arg.value;
    if (arg.k === "regex") return arg.source;
    return this.json(this.data.resolve(file, arg.value));
  }

  /** A value written as JSON: strings (also constants), numbers, booleans, objects, lists. */
  private json(value: Resolved, depth = 0): Json {
    if (depth > 64) throw new Unseen("its schema nests too deeply to read");
    switch (value.k) {
      case "string": {
        const text = this.ctx.resolveStr(value.file, value.expr);
        if (!text.known) throw new Unseen(`a text in its schema cannot be seen: ${text.why}`);
        return text.value;
      }
      case "other": {
        const literal = jsonLiteral(value.what);
        if (literal === undefined) throw new Unseen(`\`${value.what}\` in its schema is built at run time`);
        return literal;
      }
      case "list":
        return value.items.map((item) => this.json(item, depth + 1));
      case "object": {
        const out: { [key: string]: Json } = {};
        for (const entry of value.value.entries) {
          if ("spread" in entry) {
            const spread = this.json(this.data.resolve(value.file, entry.spread, value.env), depth + 1);
            if (spread === null || typeof spread !== "object" || Array.isArray(spread)) throw new Unseen(`its schema spreads \`${entry.text}\`, which is no object`);
            Object.assign(out, spread);
            continue;
          }
          const key = this.keyOf(value, entry);
          delete out[key];
          out[key] = this.json(this.data.resolve(value.file, entry.value, value.env), depth + 1);
        }
        return out;
      }
      default:
        throw new Unseen(`its schema holds ${this.unseen(value)}`);
    }
  }

  private unseen(value: Resolved): string {
    if (value.k === "unknown" || value.k === "external") return `a value the census cannot see (${value.why})`;
    // A value the facts keep as a text they cannot read (`declare const Base: any`) is one the census cannot see.
    if (value.k === "string") {
      const text = this.ctx.resolveStr(value.file, value.expr);
      if (!text.known) return `a value the census cannot see (${text.why})`;
    }
    return describe(value);
  }
}

/** A literal's text as JSON (`-1.5e3`, `0x10`, `1_000`, `true`, `null`), or undefined when it is no number, boolean or null. */
function jsonLiteral(text: string): number | boolean | null | undefined {
  if (text === "true" || text === "false") return text === "true";
  if (text === "null") return null;
  // The text of a literal, never empty: `Number` reads signs, exponents, hex and (without them) separators as JSON has them.
  const n = Number(text.replaceAll("_", ""));
  return Number.isFinite(n) ? n : undefined;
}

/** The words a key schema allows, when it allows a known set of them: an enum, a literal, a union of those. */
function wordsOf(json: Json): Json[] | undefined {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return undefined;
  if (Array.isArray(json.enum)) return json.enum;
  if ("const" in json) return [json.const!];
  if (!Array.isArray(json.anyOf)) return undefined;
  const words: Json[] = [];
  for (const option of json.anyOf) {
    const more = wordsOf(option);
    if (!more) return undefined;
    words.push(...more);
  }
  return words;
}

function objectJson(props: ReadonlyMap<string, ZodNode>): { [key: string]: Json } {
  const properties: { [key: string]: Json } = {};
  const required: string[] = [];
  for (const [key, node] of props) {
    properties[key] = node.json;
    if (!node.optional) required.push(key);
  }
  return required.length > 0 ? { type: "object", properties, required } : { type: "object", properties };
}

/** The value whose `shape` `value` reads (`Args.shape`), or undefined when it reads no `shape`. */
function shapeOf(value: DataValue): DataValue | undefined {
  if (!("path" in value) || value.path.at(-1) !== "shape") return undefined;
  return { ...value, path: value.path.slice(0, -1) } as DataValue;
}

/**
 * `json` with `key` set to `value` where `old` stood (zod swaps a bound for its exclusive one in place), or at the end.
 * A schema holds one bound a side, so `key` is not there beside `old`.
 */
function replaced(json: { [key: string]: Json }, old: string, key: string, value: Json): { [key: string]: Json } {
  if (!(old in json)) return { ...json, [key]: value };
  return Object.fromEntries(Object.entries(json).map(([k, v]): [string, Json] => (k === old ? [key, value] : [k, v])));
}

/**
 * The keys zod's processor for each type writes, in the order it writes them whatever order the chain gave (a string's
 * `.max(9).min(2)` is `minLength` then `maxLength`); other keys (what wrappers and `.describe` say) keep their places.
 */
const CHECK_ORDER: Record<string, readonly string[]> = {
  string: ["type", "minLength", "maxLength", "format", "contentEncoding", "pattern"],
  number: ["type", "exclusiveMinimum", "minimum", "exclusiveMaximum", "maximum", "multipleOf"],
  integer: ["type", "exclusiveMinimum", "minimum", "exclusiveMaximum", "maximum", "multipleOf"],
  array: ["minItems", "maxItems", "type", "items"],
};

/** `json` with its type's checks in zod's order, in the places they hold among the other keys. */
function inCheckOrder(json: { [key: string]: Json }): { [key: string]: Json } {
  const order = typeof json.type === "string" ? CHECK_ORDER[json.type] : undefined;
  if (!order) return json;
  const entries = Object.entries(json);
  const slots = entries.flatMap(([key], i) => (order.includes(key) ? [i] : []));
  const checks = slots.map((i) => entries[i]!).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  slots.forEach((slot, i) => (entries[slot] = checks[i]!));
  return Object.fromEntries(entries);
}

function nullable(json: { [key: string]: Json }): { [key: string]: Json } {
  const keys = Object.keys(json);
  if (keys.length === 1 && typeof json.type === "string") return { type: [json.type, "null"] };
  // A list of types (a union of bare types, one already nullable) takes "null" as one more.
  if (keys.length === 1 && Array.isArray(json.type)) return { type: json.type.includes("null") ? json.type : [...json.type, "null"] };
  return { anyOf: [json, { type: "null" }] };
}

/**
 * A union of bare types (a type, or a list of them such as a nullable's) is one `type` list of each type once, as zod 4
 * writes it (one type alone is that type); anything else is `anyOf`.
 */
function unionJson(options: { [key: string]: Json }[]): { [key: string]: Json } {
  if (!options.every((o) => Object.keys(o).length === 1 && (typeof o.type === "string" || Array.isArray(o.type)))) return { anyOf: options };
  const types = [...new Set(options.flatMap((o) => (Array.isArray(o.type) ? o.type : [o.type!])))];
  return { type: types.length === 1 ? types[0]! : types };
}

