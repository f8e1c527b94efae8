// The oracle on programs whose answer is worked out by hand: so that the property compares the tracer with something
// known to be right, and not two programs that could share a mistake.
import { describe, expect, it } from "vitest";
import { legalize, printProgram, type RawDecl, type RawStmt, type Value } from "./language.js";
import { reachingAtGuard } from "./oracle.js";

const P: Value = { k: "producer" };
const H: Value = { k: "helper" };
const set = (value: Value): RawStmt => ({ k: "assign", form: "plain", value });
const guard: RawStmt = { k: "guard" };
const opaque = { k: "opaque" } as const;

/** The lines of the definitions the oracle finds at the guard (or "unreachable"), and the program's text to read them. */
function answer(body: RawStmt[], decl: RawDecl = { k: "let", value: P, typed: false }): { lines: (number | string)[]; text: string } {
  const program = legalize({ name: "err", decl, body, guard: "!= null", suffix: "", guardBlock: false });
  const printed = printProgram(program);
  const a = reachingAtGuard(program);
  const lines = a.reached ? [...a.defs].map((d) => printed.defLines.get(d)!).sort((x, y) => x - y) : ["unreachable"];
  return { lines, text: printed.text };
}

// Line 4 is the declaration `let err = validateTop(x);` (after `handler(...)`, `let tmp`, `let first`).
describe("the oracle, by hand", () => {
  it("a later write kills an earlier one", () => {
    expect(answer([set(H), set(P), guard]).lines).toEqual([6]);
  });

  it("both branches of an if, and the skipped one of an if without else", () => {
    expect(answer([{ k: "if", cond: opaque, then: [set(H)], else: [set(P)] }, guard]).lines).toEqual([6, 8]);
    expect(answer([{ k: "if", cond: opaque, then: [set(H)], else: null }, guard]).lines).toEqual([4, 6]);
    expect(answer([{ k: "if", cond: { k: "false" }, then: [set(H)], else: null }, guard]).lines).toEqual([4]);
  });

  it("a write in a condition happens before either branch; `c() && (err = V)` may skip it", () => {
    expect(answer([{ k: "if", cond: { k: "assign", value: H }, then: [], else: [] }, guard]).lines).toEqual([5]);
    expect(answer([{ k: "if", cond: { k: "and", value: H }, then: [guard], else: null }]).lines).toEqual([5]);
    expect(answer([{ k: "if", cond: { k: "and", value: H }, then: [], else: [guard] }]).lines).toEqual([4, 5]);
  });

  it("a null write kills but does not reach; a destructured one reaches", () => {
    expect(answer([set({ k: "null" }), guard]).lines).toEqual([]);
    expect(answer([{ k: "assign", form: "array", value: { k: "null" } }, guard]).lines).toEqual([5]);
  });

  it("a loop's body may run again after a write in it, or not at all", () => {
    const body: RawStmt[] = [{ k: "loop", kind: "while", cond: opaque, label: false, body: [guard, set(H)] }];
    expect(answer(body).lines).toEqual([4, 7]);
  });

  it("an endless loop is left only by a break; with none the code after it is unreachable", () => {
    expect(answer([{ k: "loop", kind: "forever", cond: opaque, label: false, body: [set(H)] }, guard]).lines).toEqual(["unreachable"]);
    const broken: RawStmt = { k: "if", cond: opaque, then: [set(P), { k: "break", pick: 0 }], else: null };
    expect(answer([{ k: "loop", kind: "forever", cond: opaque, label: false, body: [set(H), broken] }, guard]).lines).toEqual([8]);
  });

  it("a labelled continue goes to the outer loop's head", () => {
    const inner: RawStmt = { k: "loop", kind: "while", cond: opaque, label: false, body: [set(H), { k: "continue", pick: 1 }] };
    const outer: RawStmt = { k: "loop", kind: "while", cond: opaque, label: false, body: [inner, set(P)] };
    const a = answer([outer, guard]);
    expect(a.text).toContain("continue L0;");
    expect(a.lines).toEqual([4, 7, 10]);
  });

  it("switch: fall-through into the next case, break out, default when nothing matches", () => {
    const s: RawStmt = {
      k: "switch",
      label: false,
      cases: [
        { isDefault: false, body: [set(H)] },
        { isDefault: false, body: [{ k: "break", pick: 0 }] },
        { isDefault: true, body: [set(P)] },
      ],
    };
    // case 0 falls into case 1's break (line 7); case 1 matched leaves the declaration (line 4); default writes line 11.
    expect(answer([s, guard]).lines).toEqual([4, 7, 11]);
  });

  it("a catch sees the state at any point of the try block", () => {
    const t: RawStmt = { k: "try", block: [set(H), set(P)], handler: [guard], finalizer: null };
    expect(answer([t]).lines).toEqual([4, 6, 7]);
  });

  it("a finally block's own jump replaces the one under way", () => {
    // break is replaced by continue: the loop goes on, and is left only when its condition fails.
    const t: RawStmt = { k: "try", block: [set(H), { k: "break", pick: 0 }], handler: null, finalizer: [{ k: "continue", pick: 0 }] };
    expect(answer([{ k: "loop", kind: "while", cond: opaque, label: false, body: [t] }, guard]).lines).toEqual([4, 7]);
  });

  it("what leaves by an exception or a return does not reach the code after the try", () => {
    const t: RawStmt = { k: "try", block: [set(H), { k: "return" }], handler: null, finalizer: [set(P)] };
    expect(answer([t, guard]).lines).toEqual(["unreachable"]);
    const rethrow: RawStmt = { k: "try", block: [], handler: [set(H), { k: "throw" }], finalizer: [] };
    expect(answer([rethrow, guard]).lines).toEqual([4]);
  });

  it("a shadowing block's writes are its own variable's", () => {
    expect(answer([{ k: "block", shadow: H, body: [set(H)] }, guard]).lines).toEqual([4]);
    expect(answer([{ k: "block", shadow: null, body: [set(H)] }, guard]).lines).toEqual([6]);
    expect(answer([{ k: "block", shadow: H, body: [guard] }]).lines).toEqual([6]);
  });

  it("a parameter reaches from the function's start", () => {
    expect(answer([guard], { k: "param" }).lines).toEqual([1]);
  });
});
