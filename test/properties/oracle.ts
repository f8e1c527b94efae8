// The brute-force oracle: which definitions reach the guard of a generated program, found by running every path of it.
//
// It shares no code with the census. It runs the program of `language.ts` as a nondeterministic interpreter: every
// condition may go either way (except the literals `true` and `false`), every statement may throw before it runs and
// a block may throw once it has run (an exception is possible at any point of a try block, so a catch or finally sees
// the state at any point of it), and every statement completes normally or abruptly (return, throw, break or continue
// to a numbered target) with JavaScript's rules for try/catch/finally, fall-through and labels. A path carries one
// definition of the traced variable: the last that wrote it. Two paths that reach the same statement with the same
// definition have the same futures, so each (statement, definition) pair is run once: that is every path, every loop
// unrolled until it brings no new pair, and it ends because there are finitely many pairs. The answer is the set of
// definitions the paths carry when they reach the guard.
import type { Cond, Program, Stmt, Value, Write } from "./language.js";

type Completion =
  | { readonly kind: "normal" | "return" | "throw" }
  | { readonly kind: "break" | "continue"; readonly target: number };

interface Outcome {
  readonly completion: Completion;
  /** The definition of the traced variable the path carries; -1 before it is declared. */
  readonly def: number;
}

class Outcomes {
  private readonly byKey = new Map<string, Outcome>();

  add(completion: Completion, def: number): void {
    const key = `${completion.kind}:${"target" in completion ? completion.target : ""}:${def}`;
    if (!this.byKey.has(key)) this.byKey.set(key, { completion, def });
  }

  addAll(outcomes: Iterable<Outcome>): void {
    for (const o of outcomes) this.add(o.completion, o.def);
  }

  [Symbol.iterator](): Iterator<Outcome> {
    return this.byKey.values();
  }
}

const NORMAL: Completion = { kind: "normal" };
const THROW: Completion = { kind: "throw" };

export interface OracleAnswer {
  /** Whether some path reaches the guard. */
  readonly reached: boolean;
  /** The definitions that reach it, ignored ones (null, undefined, `let x;`) left out. */
  readonly defs: ReadonlySet<number>;
}

export function reachingAtGuard(program: Program): OracleAnswer {
  const seen = new Set<number>();
  const memo = new Map<Stmt, Map<number, Outcome[]>>();

  const written = (w: Write, def: number): number => (w.binding === program.traced ? w.def : def);

  /** The definitions with which a condition is true, and with which it is false. */
  const condition = (c: Cond, def: number): { whenTrue: number[]; whenFalse: number[] } => {
    switch (c.k) {
      case "opaque":
      case "not":
        return { whenTrue: [def], whenFalse: [def] };
      case "true":
        return { whenTrue: [def], whenFalse: [] };
      case "false":
        return { whenTrue: [], whenFalse: [def] };
      case "and": {
        // c() && (v = V): false without the write, or the write and then either truth value.
        const w = written(c.write, def);
        return { whenTrue: [w], whenFalse: [def, w] };
      }
      case "or": {
        const w = written(c.write, def);
        return { whenTrue: [def, w], whenFalse: [w] };
      }
      case "assign": {
        const w = written(c.write, def);
        return { whenTrue: [w], whenFalse: [w] };
      }
    }
  };

  const list = (stmts: readonly Stmt[], def: number): Outcome[] => {
    const out = new Outcomes();
    let current = new Set([def]);
    for (const s of stmts) {
      const next = new Set<number>();
      for (const d of current) {
        out.add(THROW, d);
        for (const o of run(s, d)) {
          if (o.completion.kind === "normal") next.add(o.def);
          else out.add(o.completion, o.def);
        }
      }
      current = next;
    }
    for (const d of current) {
      out.add(THROW, d);
      out.add(NORMAL, d);
    }
    return [...out];
  };

  const run = (s: Stmt, def: number): Outcome[] => {
    let byDef = memo.get(s);
    if (!byDef) memo.set(s, (byDef = new Map()));
    const cached = byDef.get(def);
    if (cached) return cached;
    const result = step(s, def);
    byDef.set(def, result);
    return result;
  };

  const step = (s: Stmt, def: number): Outcome[] => {
    const out = new Outcomes();
    switch (s.k) {
      case "assign":
        out.add(NORMAL, written(s.write, def));
        break;
      case "condAssign":
        // Whether the write happens depends on values the oracle does not follow: both paths.
        out.add(NORMAL, def);
        out.add(NORMAL, written(s.write, def));
        break;
      case "ternaryAssign":
        out.add(NORMAL, written(s.writes[0], def));
        out.add(NORMAL, written(s.writes[1], def));
        break;
      case "assignOther":
      case "noise":
        out.add(NORMAL, def);
        break;
      case "guard":
        if (s.binding === program.traced) seen.add(def);
        out.add({ kind: "return" }, def);
        out.add(NORMAL, def);
        break;
      case "return":
        out.add({ kind: "return" }, def);
        break;
      case "throw":
        out.add(THROW, def);
        break;
      case "break":
      case "continue":
        out.add({ kind: s.k, target: s.target }, def);
        break;
      case "if": {
        const c = condition(s.cond, def);
        for (const d of c.whenTrue) out.addAll(list(s.then, d));
        for (const d of c.whenFalse) {
          if (s.else) out.addAll(list(s.else, d));
          else out.add(NORMAL, d);
        }
        break;
      }
      case "block": {
        const entry = s.shadow ? written(s.shadow.write, def) : def;
        out.addAll(list(s.body, entry));
        break;
      }
      case "labelled":
        for (const o of list(s.body, def)) {
          if (o.completion.kind === "break" && o.completion.target === s.id) out.add(NORMAL, o.def);
          else out.add(o.completion, o.def);
        }
        break;
      case "loop":
        loop(s, def, out);
        break;
      case "switch":
        switchStatement(s, def, out);
        break;
      case "try":
        tryStatement(s, def, out);
        break;
    }
    return [...out];
  };

  const loop = (s: Stmt & { k: "loop" }, def: number, out: Outcomes): void => {
    // Definitions at the loop's head (where the condition is tested, or for a do-while where the body starts).
    const heads = new Set<number>();
    const work: number[] = [];
    const reachHead = (d: number): void => {
      if (heads.has(d)) return;
      heads.add(d);
      work.push(d);
    };
    const test = (d: number, thenBody: (d: number) => void): void => {
      out.add(THROW, d);
      if (s.kind === "forever") return thenBody(d);
      if (s.kind === "forOf") {
        out.add(NORMAL, d);
        return thenBody(d);
      }
      const c = condition(s.cond, d);
      for (const t of c.whenTrue) thenBody(t);
      for (const f of c.whenFalse) out.add(NORMAL, f);
    };
    const body = (d: number): void => {
      for (const o of list(s.body, d)) {
        const c = o.completion;
        if (c.kind === "normal" || (c.kind === "continue" && c.target === s.id)) {
          if (s.kind === "do") test(o.def, reachHead);
          else reachHead(o.def);
        } else if (c.kind === "break" && c.target === s.id) {
          out.add(NORMAL, o.def);
        } else {
          out.add(c, o.def);
        }
      }
    };
    reachHead(def);
    while (work.length > 0) {
      const d = work.pop()!;
      if (s.kind === "do") body(d);
      else test(d, body);
    }
  };

  const switchStatement = (s: Stmt & { k: "switch" }, def: number, out: Outcomes): void => {
    out.add(THROW, def);
    // The discriminant matches some case, or none: then the default clause runs, or nothing.
    const starts: number[] = [];
    s.cases.forEach((c, i) => {
      if (!c.isDefault) starts.push(i);
    });
    const defaultAt = s.cases.findIndex((c) => c.isDefault);
    if (defaultAt >= 0) starts.push(defaultAt);
    else out.add(NORMAL, def);
    for (const start of starts) {
      let current = new Set([def]);
      for (let i = start; i < s.cases.length && current.size > 0; i++) {
        const next = new Set<number>();
        for (const d of current) {
          for (const o of list(s.cases[i]!.body, d)) {
            const c = o.completion;
            if (c.kind === "normal") next.add(o.def);
            else if (c.kind === "break" && c.target === s.id) out.add(NORMAL, o.def);
            else out.add(c, o.def);
          }
        }
        current = next;
      }
      for (const d of current) out.add(NORMAL, d);
    }
  };

  const tryStatement = (s: Stmt & { k: "try" }, def: number, out: Outcomes): void => {
    let completed = list(s.block, def);
    if (s.handler) {
      const handled = new Outcomes();
      for (const o of completed) {
        if (o.completion.kind === "throw") handled.addAll(list(s.handler, o.def));
        else handled.add(o.completion, o.def);
      }
      completed = [...handled];
    }
    if (!s.finalizer) {
      out.addAll(completed);
      return;
    }
    for (const o of completed) {
      for (const f of list(s.finalizer, o.def)) {
        // A finally block that completes normally resumes what was under way; an abrupt one replaces it.
        if (f.completion.kind === "normal") out.add(o.completion, f.def);
        else out.add(f.completion, f.def);
      }
    }
  };

  list(program.body, program.declDef);
  const defs = new Set([...seen].filter((d) => d >= 0 && !program.ignored.has(d)));
  return { reached: seen.size > 0, defs };
}

/**
 * Whether the census should accept the pass-through: some definition reaches, and every one is a value whose
 * operands (split through `??`, `||` and `?:`, under parentheses, casts, `!` and `await`) are shared producer calls or
 * null/undefined. A parameter is never accepted (the generated function is no carrier).
 */
export function passes(program: Program, answer: OracleAnswer): boolean {
  const live = liveDefinitions(program, answer);
  if (!answer.reached || live.length === 0) return false;
  return live.every((d) => qualifies(program.values.get(d) ?? null));
}

/** The definitions that reach the guard and may write something other than null or undefined (SPEC §2.2). */
export function liveDefinitions(program: Program, answer: OracleAnswer): number[] {
  return [...answer.defs].filter((d) => !nullOnly(program.values.get(d) ?? null));
}

/** Whether every value a definition may write is null or undefined: such a definition cannot pass a guard. */
export function nullOnly(v: Value | null | "parameter"): boolean {
  if (v === null || v === "parameter") return false;
  switch (v.k) {
    case "null":
    case "undefined":
    case "void":
      return true;
    case "producer":
    case "helper":
      return false;
    case "nullish":
    case "or":
      return nullOnly(v.left) && nullOnly(v.right);
    case "ternary":
      return nullOnly(v.whenTrue) && nullOnly(v.whenFalse);
    case "wrap":
      return nullOnly(v.inner);
  }
}

/** Whether one definition's value qualifies (see `passes`). */
export function qualifies(v: Value | null | "parameter"): boolean {
  if (v === null || v === "parameter") return false;
  switch (v.k) {
    case "producer":
    case "null":
    case "undefined":
    case "void":
      return true;
    case "helper":
      return false;
    case "nullish":
    case "or":
      return qualifies(v.left) && qualifies(v.right);
    case "ternary":
      return qualifies(v.whenTrue) && qualifies(v.whenFalse);
    case "wrap":
      return qualifies(v.inner);
  }
}
