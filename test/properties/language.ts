// The tiny statement language of generated tool bodies: a raw draw, the legal program made from it, and its TypeScript text.
//
// A draw from the generator is any tree of raw statements. `legalize` makes it a program: one guard (the first guard
// placeholder in source order, else one appended at the end), every break/continue bound to an enclosing statement it
// may leave (dropped where there is none), every write bound to the declaration of the traced name it writes
// (shadowing blocks declare their own), every definition numbered. `printProgram` writes it as TypeScript with every
// definition on a line of its own, so that a definition is named by its line. Nothing here knows the census.

/** A value written to the traced variable. Only whether it is literally null/undefined matters to reaching definitions. */
export type Value =
  | { readonly k: "producer" }
  | { readonly k: "helper" }
  | { readonly k: "null" }
  | { readonly k: "undefined" }
  | { readonly k: "void" }
  | { readonly k: "nullish" | "or"; readonly left: Value; readonly right: Value }
  | { readonly k: "ternary"; readonly whenTrue: Value; readonly whenFalse: Value }
  | { readonly k: "wrap"; readonly how: Wrap; readonly inner: Value };

export type Wrap = "await" | "as" | "satisfies" | "nonNull" | "paren";

/** A condition of an `if` or a loop; the last three write the traced variable on some of their paths. */
export type RawCond =
  | { readonly k: "opaque" | "not" | "true" | "false" }
  | { readonly k: "and" | "or" | "assign"; readonly value: Value };

export type LoopKind = "while" | "do" | "for" | "forever" | "forOf";

export type GuardSpelling =
  | "!= null"
  | "!== null"
  | "!== undefined"
  | "!= undefined"
  | "null !="
  | "null !=="
  | "undefined !=="
  | "undefined !="
  | "truthy"
  | "!!"
  | "Boolean"
  | "both"
  | "typeof string"
  | "string typeof"
  | "typeof !== undefined"
  | "and more"
  | "more and";

export const GUARD_SPELLINGS: readonly GuardSpelling[] = [
  "!= null",
  "!== null",
  "!== undefined",
  "!= undefined",
  "null !=",
  "null !==",
  "undefined !==",
  "undefined !=",
  "truthy",
  "!!",
  "Boolean",
  "both",
  "typeof string",
  "string typeof",
  "typeof !== undefined",
  "and more",
  "more and",
];

/** The access path the guard checks and returns, on the traced variable. */
export type PathSuffix = "" | ".error" | '["error"]' | "[1]";

export type RawStmt =
  | { readonly k: "assign"; readonly form: "plain" | "array" | "object"; readonly value: Value }
  | { readonly k: "assignOther"; readonly value: Value }
  | { readonly k: "condAssign"; readonly op: "&&" | "||" | "??=" | "||=" | "&&="; readonly value: Value }
  | { readonly k: "ternaryAssign"; readonly whenTrue: Value; readonly whenFalse: Value }
  | { readonly k: "noise" }
  | { readonly k: "guard" }
  | { readonly k: "if"; readonly cond: RawCond; readonly then: readonly RawStmt[]; readonly else: readonly RawStmt[] | null }
  | { readonly k: "loop"; readonly kind: LoopKind; readonly cond: RawCond; readonly body: readonly RawStmt[]; readonly label: boolean }
  | { readonly k: "switch"; readonly cases: readonly { readonly isDefault: boolean; readonly body: readonly RawStmt[] }[]; readonly label: boolean }
  | { readonly k: "try"; readonly block: readonly RawStmt[]; readonly handler: readonly RawStmt[] | null; readonly finalizer: readonly RawStmt[] | null }
  | { readonly k: "block"; readonly shadow: Value | "bare" | null; readonly body: readonly RawStmt[] }
  | { readonly k: "labelled"; readonly body: readonly RawStmt[] }
  | { readonly k: "return" | "throw" }
  | { readonly k: "break" | "continue"; readonly pick: number };

/** How the traced name is first bound in the function. */
export type RawDecl =
  | { readonly k: "let"; readonly value: Value | null; readonly typed: boolean }
  | { readonly k: "array" | "object"; readonly value: Value }
  | { readonly k: "param" };

export interface RawProgram {
  readonly name: string;
  readonly decl: RawDecl;
  readonly body: readonly RawStmt[];
  readonly guard: GuardSpelling;
  readonly suffix: PathSuffix;
  /** `if (G) { log(x); return P; }` rather than `if (G) return P;`. */
  readonly guardBlock: boolean;
}

// ---------------------------------------------------------------------------------------------------------------------
// The legal program

/** A write of some declaration of the traced name: which declaration (binding) and which definition it makes. */
export interface Write {
  readonly binding: number;
  readonly def: number;
}

export type Cond =
  | { readonly k: "opaque" | "not" | "true" | "false" }
  | { readonly k: "and" | "or" | "assign"; readonly value: Value; readonly write: Write };

export type Stmt =
  | { readonly k: "assign"; readonly form: "plain" | "array" | "object"; readonly value: Value; readonly write: Write }
  | { readonly k: "assignOther"; readonly value: Value }
  | { readonly k: "condAssign"; readonly op: "&&" | "||" | "??=" | "||=" | "&&="; readonly value: Value; readonly write: Write }
  | { readonly k: "ternaryAssign"; readonly whenTrue: Value; readonly whenFalse: Value; readonly writes: readonly [Write, Write] }
  | { readonly k: "noise" }
  | { readonly k: "guard"; readonly binding: number }
  | { readonly k: "if"; readonly cond: Cond; readonly then: Stmt[]; readonly else: Stmt[] | null }
  | { readonly k: "loop"; readonly id: number; readonly kind: LoopKind; cond: Cond; readonly body: Stmt[]; label: string | null }
  | { readonly k: "switch"; readonly id: number; readonly cases: { readonly isDefault: boolean; readonly body: Stmt[] }[]; label: string | null }
  | { readonly k: "try"; readonly block: Stmt[]; readonly handler: Stmt[] | null; readonly finalizer: Stmt[] | null }
  | { readonly k: "block"; readonly shadow: { readonly value: Value | null; readonly write: Write } | null; readonly body: Stmt[] }
  | { readonly k: "labelled"; readonly id: number; readonly body: Stmt[]; readonly label: string }
  | { readonly k: "return" | "throw" }
  | { readonly k: "break" | "continue"; readonly target: number; label: string | null };

export interface Program {
  readonly name: string;
  /** The declaration that binds the traced name at the top of the function, and its definition (binding 0). */
  readonly decl: RawDecl;
  readonly declDef: number;
  readonly body: Stmt[];
  readonly guard: GuardSpelling;
  readonly suffix: PathSuffix;
  readonly guardBlock: boolean;
  /** The declaration the guard's variable resolves to. */
  readonly traced: number;
  /** Definitions the census ignores (a literal null/undefined, `let x;`): they kill earlier ones but never reach. */
  readonly ignored: ReadonlySet<number>;
  /** What each definition writes: a value, nothing (`let x;`), or the function's argument. */
  readonly values: ReadonlyMap<number, Value | null | "parameter">;
}

/** True when a value is literally null or undefined under parentheses, casts, `!` and `await` (SPEC §2.2). */
export function isLiterallyNullish(v: Value): boolean {
  if (v.k === "wrap") return isLiterallyNullish(v.inner);
  return v.k === "null" || v.k === "undefined" || v.k === "void";
}

type Breakable = { readonly id: number; readonly kind: "loop" | "switch" | "label"; readonly stmt: { label: string | null } };

export function legalize(raw: RawProgram): Program {
  let nextDef = 0;
  let nextBinding = 1;
  let nextId = 0;
  let guardPlaced = false;
  let traced = 0;
  const ignored = new Set<number>();
  const values = new Map<number, Value | null | "parameter">();
  const bindings: number[] = [0];
  const breakables: Breakable[] = [];

  const newDef = (isIgnored: boolean): number => {
    const d = nextDef++;
    if (isIgnored) ignored.add(d);
    return d;
  };
  const write = (value: Value | null, destructuring = false): Write => {
    const def = newDef(!destructuring && (value === null || isLiterallyNullish(value)));
    values.set(def, value);
    return { binding: bindings[bindings.length - 1]!, def };
  };
  const label = (id: number): string => `L${id}`;

  const decl = raw.decl;
  const declDef = decl.k === "param" ? newDef(false) : write(decl.value, decl.k !== "let").def;
  if (decl.k === "param") values.set(declDef, "parameter");

  const cond = (c: RawCond): Cond =>
    c.k === "and" || c.k === "or" || c.k === "assign" ? { k: c.k, value: c.value, write: write(c.value) } : { k: c.k };

  const list = (stmts: readonly RawStmt[]): Stmt[] => stmts.map(stmt);

  const jump = (s: { k: "break" | "continue"; pick: number }): Stmt => {
    const loops = breakables.filter((b) => b.kind === "loop");
    const kind = s.k === "continue" && loops.length === 0 ? "break" : s.k;
    const candidates = kind === "continue" ? loops : breakables;
    // A jump with nowhere to go is dropped: `return` and `throw` have their own draws.
    if (candidates.length === 0) return { k: "noise" };
    const target = candidates[candidates.length - 1 - (s.pick % candidates.length)]!;
    // An unlabelled break leaves the innermost loop or switch; an unlabelled continue the innermost loop.
    const innermost = [...breakables].reverse().find((b) => (kind === "continue" ? b.kind === "loop" : b.kind !== "label"));
    if (target === innermost) return { k: kind, target: target.id, label: null };
    target.stmt.label = label(target.id);
    return { k: kind, target: target.id, label: label(target.id) };
  };

  const stmt = (s: RawStmt): Stmt => {
    switch (s.k) {
      case "assign":
        return { k: "assign", form: s.form, value: s.value, write: write(s.value, s.form !== "plain") };
      case "condAssign":
        return { k: "condAssign", op: s.op, value: s.value, write: write(s.value) };
      case "ternaryAssign":
        return { k: "ternaryAssign", whenTrue: s.whenTrue, whenFalse: s.whenFalse, writes: [write(s.whenTrue), write(s.whenFalse)] };
      case "assignOther":
      case "noise":
      case "return":
      case "throw":
        return s;
      case "guard":
        if (guardPlaced) return { k: "noise" };
        guardPlaced = true;
        traced = bindings[bindings.length - 1]!;
        return { k: "guard", binding: traced };
      case "if":
        // The condition runs before either branch: number its write first, as it prints first.
        return ((c) => ({ k: "if", cond: c, then: list(s.then), else: s.else ? list(s.else) : null }))(cond(s.cond));
      case "loop": {
        const id = nextId++;
        const out: Stmt & { k: "loop" } = { k: "loop", id, kind: s.kind, cond: { k: "opaque" }, body: [], label: s.label ? label(id) : null };
        breakables.push({ id, kind: "loop", stmt: out });
        // Writes are numbered in print order: a do-while's condition prints after its body, the others' before it.
        const hasCond = s.kind !== "forever" && s.kind !== "forOf";
        if (hasCond && s.kind !== "do") out.cond = cond(s.cond);
        out.body.push(...list(s.body));
        if (hasCond && s.kind === "do") out.cond = cond(s.cond);
        breakables.pop();
        return out;
      }
      case "switch": {
        const id = nextId++;
        const out: Stmt & { k: "switch" } = { k: "switch", id, cases: [], label: s.label ? label(id) : null };
        breakables.push({ id, kind: "switch", stmt: out });
        // At most one default clause.
        let seenDefault = false;
        for (const c of s.cases) {
          const isDefault: boolean = c.isDefault && !seenDefault;
          seenDefault ||= isDefault;
          out.cases.push({ isDefault, body: list(c.body) });
        }
        breakables.pop();
        return out;
      }
      case "try": {
        const block = list(s.block);
        const handler = s.handler || !s.finalizer ? list(s.handler ?? []) : null;
        const finalizer = s.finalizer ? list(s.finalizer) : null;
        return { k: "try", block, handler, finalizer };
      }
      case "block": {
        if (s.shadow === null) return { k: "block", shadow: null, body: list(s.body) };
        bindings.push(nextBinding++);
        const value = s.shadow === "bare" ? null : s.shadow;
        const shadow = { value, write: write(value) };
        const body = list(s.body);
        bindings.pop();
        return { k: "block", shadow, body };
      }
      case "labelled": {
        const id = nextId++;
        const out: Stmt & { k: "labelled" } = { k: "labelled", id, body: [], label: label(id) };
        breakables.push({ id, kind: "label", stmt: { label: null } });
        out.body.push(...list(s.body));
        breakables.pop();
        return out;
      }
      case "break":
      case "continue":
        return jump(s);
    }
  };

  const body = list(raw.body);
  if (!guardPlaced) {
    body.push({ k: "guard", binding: 0 });
    traced = 0;
  }
  return {
    name: raw.name,
    decl: raw.decl,
    declDef,
    body,
    guard: raw.guard,
    suffix: raw.suffix,
    guardBlock: raw.guardBlock,
    traced,
    ignored,
    values,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Printing

export interface Printed {
  /** The whole module text. */
  readonly text: string;
  /** 1-based line of each definition. */
  readonly defLines: ReadonlyMap<number, number>;
  /** 1-based line of the guard's `if`. */
  readonly guardLine: number;
}

/** How the function around the body is written: a plain function (for the tracer) or a registered tool (for the census). */
export interface Frame {
  readonly head: readonly string[];
  /** The function's opening line, given its parameter list. */
  readonly open: (params: string) => string;
  readonly close: readonly string[];
}

export const PLAIN_FRAME: Frame = {
  head: [],
  open: (params) => `export async function handler(${params}) {`,
  close: ["}"],
};

/** The same body as a tool of the template monitor (tracer.ts): its producer imported, its helper declared beside it. */
export const TOOL_FRAME: Frame = {
  head: [
    "// A generated tool body.",
    'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
    'import { validateTop } from "../helpers.js";',
    "",
    "function checkLimit(limit: number): string | null {",
    "  return limit > 1000 ? null : null;",
    "}",
    "",
    "export function registerGenerated(server: McpServer): void {",
  ],
  open: (params) => `server.registerTool("generated_tool", { description: "A generated tool body." }, async (${params}) => {`,
  close: ["  });", "}"],
};

export const PRODUCER = "validateTop(x)";
export const HELPER = "checkLimit(x)";

/** A value as an operand: parenthesised unless it is one token-ish unit. */
function operand(v: Value): string {
  const atomic =
    v.k === "producer" ||
    v.k === "helper" ||
    v.k === "null" ||
    v.k === "undefined" ||
    (v.k === "wrap" && (v.how === "as" || v.how === "satisfies" || v.how === "paren" || (v.how === "nonNull" && operandIsAtomic(v.inner))));
  return atomic ? valueText(v) : `(${valueText(v)})`;
}

function operandIsAtomic(v: Value): boolean {
  return operand(v) === valueText(v);
}

export function valueText(v: Value): string {
  switch (v.k) {
    case "producer":
      return PRODUCER;
    case "helper":
      return HELPER;
    case "null":
      return "null";
    case "undefined":
      return "undefined";
    case "void":
      return "void 0";
    case "nullish":
      return `${operand(v.left)} ?? ${operand(v.right)}`;
    case "or":
      return `${operand(v.left)} || ${operand(v.right)}`;
    case "ternary":
      return `c() ? ${operand(v.whenTrue)} : ${operand(v.whenFalse)}`;
    case "wrap":
      switch (v.how) {
        case "await":
          return `await ${operand(v.inner)}`;
        case "as":
          return `(${operand(v.inner)} as string | null)`;
        case "satisfies":
          return `(${operand(v.inner)} satisfies unknown)`;
        case "nonNull":
          return `${operand(v.inner)}!`;
        case "paren":
          return `(${valueText(v.inner)})`;
      }
  }
}

export function guardText(spelling: GuardSpelling, p: string): string {
  switch (spelling) {
    case "!= null":
      return `${p} != null`;
    case "!== null":
      return `${p} !== null`;
    case "!== undefined":
      return `${p} !== undefined`;
    case "!= undefined":
      return `${p} != undefined`;
    case "null !=":
      return `null != ${p}`;
    case "null !==":
      return `null !== ${p}`;
    case "undefined !==":
      return `undefined !== ${p}`;
    case "undefined !=":
      return `undefined != ${p}`;
    case "truthy":
      return p;
    case "!!":
      return `!!${p}`;
    case "Boolean":
      return `Boolean(${p})`;
    case "both":
      return `${p} !== null && ${p} !== undefined`;
    case "typeof string":
      return `typeof ${p} === "string"`;
    case "string typeof":
      return `"string" === typeof ${p}`;
    case "typeof !== undefined":
      return `typeof ${p} !== "undefined"`;
    case "and more":
      return `${p} != null && c()`;
    case "more and":
      return `c() && ${p}`;
  }
}

export function printProgram(program: Program, frame: Frame = PLAIN_FRAME): Printed {
  const lines: string[] = [...frame.head];
  const defLines = new Map<number, number>();
  let guardLine = 0;
  const name = program.name;
  const emit = (depth: number, text: string, ...defs: number[]): void => {
    lines.push(`${"  ".repeat(depth)}${text}`);
    for (const d of defs) defLines.set(d, lines.length);
  };
  const condText = (c: Cond): string => {
    switch (c.k) {
      case "opaque":
        return "c()";
      case "not":
        return "!c()";
      case "true":
        return "true";
      case "false":
        return "false";
      case "and":
        return `c() && (${name} = ${valueText(c.value)})`;
      case "or":
        return `c() || (${name} = ${valueText(c.value)})`;
      case "assign":
        return `(${name} = ${valueText(c.value)})`;
    }
  };
  const condDefs = (c: Cond): number[] => ("write" in c ? [c.write.def] : []);

  const block = (depth: number, stmts: readonly Stmt[]): void => {
    for (const s of stmts) stmt(depth, s);
  };
  const stmt = (depth: number, s: Stmt): void => {
    switch (s.k) {
      case "assign": {
        const v = valueText(s.value);
        const text = s.form === "plain" ? `${name} = ${v};` : s.form === "array" ? `[first, ${name}] = ${v};` : `({ error: ${name} } = ${v});`;
        emit(depth, text, s.write.def);
        return;
      }
      case "assignOther":
        emit(depth, `tmp = ${valueText(s.value)};`);
        return;
      case "condAssign": {
        const v = valueText(s.value);
        const text = s.op === "&&" || s.op === "||" ? `c() ${s.op} (${name} = ${v});` : `${name} ${s.op} ${v};`;
        emit(depth, text, s.write.def);
        return;
      }
      case "ternaryAssign":
        emit(depth, "c()");
        emit(depth + 1, `? (${name} = ${valueText(s.whenTrue)})`, s.writes[0].def);
        emit(depth + 1, `: (${name} = ${valueText(s.whenFalse)});`, s.writes[1].def);
        return;
      case "noise":
        emit(depth, "log(x);");
        return;
      case "guard": {
        const p = `${name}${program.suffix}`;
        const g = guardText(program.guard, p);
        if (program.guardBlock) {
          emit(depth, `if (${g}) {`);
          guardLine = lines.length;
          emit(depth + 1, "log(x);");
          emit(depth + 1, `return ${p};`);
          emit(depth, "}");
        } else {
          emit(depth, `if (${g}) return ${p};`);
          guardLine = lines.length;
        }
        return;
      }
      case "if":
        emit(depth, `if (${condText(s.cond)}) {`, ...condDefs(s.cond));
        block(depth + 1, s.then);
        if (s.else) {
          emit(depth, "} else {");
          block(depth + 1, s.else);
        }
        emit(depth, "}");
        return;
      case "loop": {
        const l = s.label ? `${s.label}: ` : "";
        switch (s.kind) {
          case "while":
            emit(depth, `${l}while (${condText(s.cond)}) {`, ...condDefs(s.cond));
            block(depth + 1, s.body);
            emit(depth, "}");
            return;
          case "do":
            emit(depth, `${l}do {`);
            block(depth + 1, s.body);
            emit(depth, `} while (${condText(s.cond)});`, ...condDefs(s.cond));
            return;
          case "for":
            emit(depth, `${l}for (let i = 0; ${condText(s.cond)}; i++) {`, ...condDefs(s.cond));
            block(depth + 1, s.body);
            emit(depth, "}");
            return;
          case "forever":
            emit(depth, `${l}for (;;) {`);
            block(depth + 1, s.body);
            emit(depth, "}");
            return;
          case "forOf":
            emit(depth, `${l}for (const item of items(x)) {`);
            block(depth + 1, s.body);
            emit(depth, "}");
            return;
        }
        return;
      }
      case "switch": {
        const l = s.label ? `${s.label}: ` : "";
        emit(depth, `${l}switch (x) {`);
        s.cases.forEach((c, i) => {
          emit(depth + 1, c.isDefault ? "default:" : `case ${i}:`);
          block(depth + 2, c.body);
        });
        emit(depth, "}");
        return;
      }
      case "try":
        emit(depth, "try {");
        block(depth + 1, s.block);
        if (s.handler) {
          emit(depth, "} catch (e) {");
          block(depth + 1, s.handler);
        }
        if (s.finalizer) {
          emit(depth, "} finally {");
          block(depth + 1, s.finalizer);
        }
        emit(depth, "}");
        return;
      case "block":
        emit(depth, "{");
        if (s.shadow) {
          emit(depth + 1, s.shadow.value === null ? `let ${name};` : `let ${name} = ${valueText(s.shadow.value)};`, s.shadow.write.def);
        }
        block(depth + 1, s.body);
        emit(depth, "}");
        return;
      case "labelled":
        emit(depth, `${s.label}: {`);
        block(depth + 1, s.body);
        emit(depth, "}");
        return;
      case "return":
        emit(depth, "return;");
        return;
      case "throw":
        emit(depth, 'throw new Error("boom");');
        return;
      case "break":
      case "continue":
        emit(depth, s.label ? `${s.k} ${s.label};` : `${s.k};`);
        return;
    }
  };

  const d = program.decl;
  emit(0, frame.open(d.k === "param" ? `${name}: any, x: number` : "x: number"));
  if (d.k === "param") defLines.set(program.declDef, lines.length);
  emit(1, "let tmp = null;");
  emit(1, "let first;");
  switch (d.k) {
    case "let":
      if (d.value === null) emit(1, `let ${name};`, program.declDef);
      else emit(1, `let ${name}${d.typed ? ": any" : ""} = ${valueText(d.value)};`, program.declDef);
      break;
    case "array":
      emit(1, `let [first2, ${name}] = ${valueText(d.value)};`, program.declDef);
      break;
    case "object":
      emit(1, `let { error: ${name} } = ${valueText(d.value)};`, program.declDef);
      break;
    case "param":
      break;
  }
  block(1, program.body);
  lines.push(...frame.close);
  return { text: `${lines.join("\n")}\n`, defLines, guardLine };
}
