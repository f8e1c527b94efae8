// The flow walker: which definitions reach each point, through branches, loops, switches, labels, try/finally and jumps.
import { ts } from "../ts.js";
import { type FlowDef, type Owner, isBoundary } from "./definitions.js";
import { bindingElements } from "./patterns.js";
import { isFunctionLike } from "./scope.js";
import { peel } from "./syntax.js";
import { type Survey, isAssignmentOperator, isLogicalAssignment, isUpdate } from "./writes.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const {
  AmpersandAmpersandToken,
  AsExpression,
  BarBarToken,
  BinaryExpression,
  CallExpression,
  CommaToken,
  ElementAccessExpression,
  EqualsToken,
  ExclamationToken,
  FalseKeyword,
  NonNullExpression,
  PropertyAccessExpression,
  QuestionQuestionToken,
  SatisfiesExpression,
  TaggedTemplateExpression,
  TrueKeyword,
} = ts.SyntaxKind;

/** The definitions that reach a point; null when no path reaches it. */
type State = ReadonlySet<FlowDef> | null;

interface Branches {
  readonly whenTrue: State;
  readonly whenFalse: State;
}

type Jump = { readonly kind: "break" | "continue"; readonly label: string | undefined } | { readonly kind: "return" };

type Frame =
  | { readonly kind: "loop"; readonly labels: readonly string[]; breaks: State; continues: State }
  | { readonly kind: "switch" | "label"; readonly labels: readonly string[]; breaks: State }
  /** A protected region (a try block, or a catch block under a finally): where an exception may leave from. */
  | { readonly kind: "region"; collected: State }
  /** A finally block intercepts every jump out of its try statement and replays it once the block has run. */
  | { readonly kind: "finally"; readonly pending: { jump: Jump; state: State }[] };

export class BudgetExceeded extends Error {}

function join(a: State, b: State): State {
  if (a === null) return b;
  if (b === null || subset(b, a)) return a;
  if (subset(a, b)) return b;
  return new Set([...a, ...b]);
}

function subset(a: State, b: State): boolean {
  if (a === null) return true;
  if (b === null) return false;
  if (a.size > b.size) return false;
  for (const d of a) if (!b.has(d)) return false;
  return true;
}

/** Structured dataflow over the function's statements and expressions, in evaluation order. */
export class Flow {
  referenceVisited = false;
  readonly appliedWrites = new Set<ts.Node>();
  private atReference: State = null;
  private readonly frames: Frame[] = [];
  private steps = 0;
  private readonly budget: number;

  constructor(
    private readonly reference: ts.Identifier,
    private readonly survey: Survey,
    budget?: number,
  ) {
    // Loops re-walk their bodies until nothing changes; nested loops multiply that. Past this, give up on precision.
    this.budget = budget ?? 100_000 + 64 * survey.relevant.size;
  }

  run(owner: Owner, initial: readonly FlowDef[]): State {
    let s: State = new Set(initial);
    if (ts.isSourceFile(owner)) {
      for (const statement of owner.statements) s = this.visit(statement, s);
    } else if (isFunctionLike(owner)) {
      for (const p of owner.parameters) {
        // A default runs only when the argument is undefined.
        if (p.initializer) s = join(s, this.visit(p.initializer, s));
        s = this.visitBindingName(p.name, s);
        s = this.applyWrite(p, s);
      }
      if (owner.body) s = this.visit(owner.body, s);
    } else if (ts.isClassStaticBlockDeclaration(owner)) {
      s = this.visit(owner.body, s);
    } else if (ts.isPropertyDeclaration(owner) && owner.initializer) {
      s = this.visit(owner.initializer, s);
    }
    return this.atReference;
  }

  private visit(node: ts.Node, s: State): State {
    if (!this.survey.relevant.has(node)) return s;
    if (++this.steps > this.budget) throw new BudgetExceeded();
    if (node === this.reference) {
      this.referenceVisited = true;
      this.atReference = join(this.atReference, s);
      return s;
    }
    if (isBoundary(node)) return s;

    if (ts.isVariableDeclaration(node)) {
      let out = node.initializer ? this.visit(node.initializer, s) : s;
      out = this.visitBindingName(node.name, out);
      return this.applyWrite(node, out);
    }
    if (ts.isIfStatement(node)) {
      const c = this.cond(node.expression, s);
      const then = this.visit(node.thenStatement, c.whenTrue);
      return join(then, node.elseStatement ? this.visit(node.elseStatement, c.whenFalse) : c.whenFalse);
    }
    if (ts.isReturnStatement(node)) {
      this.dispatch({ kind: "return" }, node.expression ? this.visit(node.expression, s) : s);
      return null;
    }
    if (ts.isThrowStatement(node)) {
      this.collect(this.visit(node.expression, s));
      return null;
    }
    if (ts.isBreakStatement(node) || ts.isContinueStatement(node)) {
      this.dispatch({ kind: ts.isBreakStatement(node) ? "break" : "continue", label: node.label?.text }, s);
      return null;
    }
    if (ts.isLabeledStatement(node)) return this.visitLabelled(node, s, []);
    if (isLoop(node)) return this.visitLoop(node, s, []);
    if (ts.isSwitchStatement(node)) return this.visitSwitch(node, s, []);
    if (ts.isTryStatement(node)) return this.visitTry(node, s);
    if (isChainLink(node)) return this.visitChain(node, s);
    if (ts.isBinaryExpression(node)) return this.visitBinary(node, s);
    if (ts.isConditionalExpression(node)) {
      const c = this.cond(node.condition, s);
      return join(this.visit(node.whenTrue, c.whenTrue), this.visit(node.whenFalse, c.whenFalse));
    }
    if (isUpdate(node)) return this.applyWrite(node, this.visit(node.operand, s));
    if (ts.isOptionalChain(node)) {
      // Only the outermost node of a chain gets here: chainParts walks the inner ones.
      const r = this.chainParts(node, s);
      return join(r.end, r.skipped);
    }
    return this.visitChildren(node, s);
  }

  /**
   * A chain (`a + b + c`, `x.f().g[h]`, `a ?? b ?? c`) in a loop: its innermost link first, then each link's other
   * children on the way out. Chains are as long as the input writes them; recursion would follow them onto the stack.
   */
  private visitChain(node: ChainLink, s: State): State {
    const links: ChainLink[] = [node];
    let inner: ts.Node = node.kind === BinaryExpression ? (node as ts.BinaryExpression).left : chainObject(node);
    while (isChainLink(inner) && this.survey.relevant.has(inner)) {
      if (++this.steps > this.budget) throw new BudgetExceeded();
      links.push(inner);
      inner = ts.isBinaryExpression(inner) ? inner.left : chainObject(inner);
    }
    let out = this.visit(inner, s);
    for (let i = links.length - 1; i >= 0; i--) {
      const link = links[i]!;
      if (ts.isBinaryExpression(link)) {
        // `??` evaluates its right side only when the left is nullish: what reached before keeps reaching.
        out = link.operatorToken.kind === QuestionQuestionToken ? join(out, this.visit(link.right, out)) : this.visit(link.right, out);
        continue;
      }
      const first = chainObject(link);
      ts.forEachChild(link, (child) => {
        if (child !== first) out = this.visit(child, out);
      });
    }
    return out;
  }

  /** Children in source order, which is evaluation order for every node kind not handled above. */
  private visitChildren(node: ts.Node, s: State): State {
    let out = s;
    ts.forEachChild(node, (child) => {
      out = this.visit(child, out);
    });
    return out;
  }

  /** Walks a condition, keeping apart the states where it is true and where it is false (short-circuit). */
  private cond(node: ts.Expression, s: State): Branches {
    // `a && b || c && …` short-circuits left to right: its left spine is taken apart in a loop, the innermost
    // condition seeing the entry state.
    const spine: ts.BinaryExpression[] = [];
    let e = peel(node, false);
    while (isAndOr(e) && this.survey.relevant.has(e)) {
      spine.push(e);
      e = peel(e.left, false);
    }
    let c = this.condOf(e, s);
    for (let i = spine.length - 1; i >= 0; i--) {
      const link = spine[i]!;
      if (link.operatorToken.kind === AmpersandAmpersandToken) {
        const b = this.cond(link.right, c.whenTrue);
        c = { whenTrue: b.whenTrue, whenFalse: join(c.whenFalse, b.whenFalse) };
      } else {
        const b = this.cond(link.right, c.whenFalse);
        c = { whenTrue: join(c.whenTrue, b.whenTrue), whenFalse: b.whenFalse };
      }
    }
    return c;
  }

  /** A condition that is not a conjunction or disjunction (peeled), or one the flow need not enter. */
  private condOf(e: ts.Expression, s: State): Branches {
    if (e.kind === TrueKeyword) return { whenTrue: s, whenFalse: null };
    if (e.kind === FalseKeyword) return { whenTrue: null, whenFalse: s };
    if (!this.survey.relevant.has(e)) return { whenTrue: s, whenFalse: s };
    if (ts.isPrefixUnaryExpression(e) && e.operator === ExclamationToken) {
      const c = this.cond(e.operand, s);
      return { whenTrue: c.whenFalse, whenFalse: c.whenTrue };
    }
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      if (op === QuestionQuestionToken) {
        const left = this.visit(e.left, s);
        const b = this.cond(e.right, left);
        return { whenTrue: join(left, b.whenTrue), whenFalse: join(left, b.whenFalse) };
      }
      if (op === CommaToken) return this.cond(e.right, this.visit(e.left, s));
    }
    if (ts.isConditionalExpression(e)) {
      const c = this.cond(e.condition, s);
      const x = this.cond(e.whenTrue, c.whenTrue);
      const y = this.cond(e.whenFalse, c.whenFalse);
      return { whenTrue: join(x.whenTrue, y.whenTrue), whenFalse: join(x.whenFalse, y.whenFalse) };
    }
    const out = this.visit(e, s);
    return { whenTrue: out, whenFalse: out };
  }

  /** An assignment, `&&` or `||`: every other binary operator is a chain link (visitChain). */
  private visitBinary(node: ts.BinaryExpression, s: State): State {
    const op = node.operatorToken.kind;
    if (op === EqualsToken) {
      const left = peel(node.left, false);
      if (ts.isArrayLiteralExpression(left) || ts.isObjectLiteralExpression(left)) {
        // Destructuring: the source first, then the pattern's defaults and targets from left to right.
        return this.applyWrite(node, this.visitAssignmentPattern(left, this.visit(node.right, s)));
      }
      // An identifier target evaluates nothing (visiting it only notes the reference); a property target its object.
      return this.applyWrite(node, this.visit(node.right, this.visit(node.left, s)));
    }
    if (isLogicalAssignment(op)) {
      // The write happens on one path only: what reached before keeps reaching.
      const before = this.visit(node.left, s);
      return join(before, this.applyWrite(node, this.visit(node.right, before)));
    }
    if (isAssignmentOperator(op)) return this.applyWrite(node, this.visit(node.right, this.visit(node.left, s)));
    if (op === AmpersandAmpersandToken) {
      const c = this.cond(node.left, s);
      return join(c.whenFalse, this.visit(node.right, c.whenTrue));
    }
    const c = this.cond(node.left, s);
    return join(c.whenTrue, this.visit(node.right, c.whenFalse));
  }

  /**
   * `a?.b.c(x)`, given its outermost node (an optional chain): once `a` is nullish the rest of the chain, arguments
   * included, is skipped. Links in a loop.
   */
  private chainParts(node: ts.OptionalChain, s: State): { end: State; skipped: State } {
    type Link = ts.PropertyAccessExpression | ts.ElementAccessExpression | ts.CallExpression | ts.NonNullExpression;
    const links: Link[] = [];
    let inner: ts.Node = node;
    while (ts.isOptionalChain(inner)) {
      links.push(inner as Link);
      inner = inner.expression;
    }
    let end = this.visit(inner, s);
    let skipped: State = null;
    for (let i = links.length - 1; i >= 0; i--) {
      const chain = links[i]!;
      if (!ts.isNonNullExpression(chain) && chain.questionDotToken) skipped = join(skipped, end);
      if (ts.isElementAccessExpression(chain)) {
        end = this.visit(chain.argumentExpression, end);
      } else if (ts.isCallExpression(chain)) {
        for (const argument of chain.arguments) end = this.visit(argument, end);
      }
    }
    return { end, skipped };
  }

  /** A declaration's binding name: computed keys and defaults in order, and the writes of its elements. */
  private visitBindingName(name: ts.BindingName, s: State): State {
    // A declared name is no read, but it may be the reference itself: the state there is the one before the write.
    if (ts.isIdentifier(name)) return this.visit(name, s);
    let out = s;
    // Outer elements come first, so an element's key and default run before the elements of its own pattern.
    for (const element of bindingElements(name)) {
      if (element.propertyName && ts.isComputedPropertyName(element.propertyName)) {
        out = this.visit(element.propertyName.expression, out);
      }
      if (element.initializer) out = join(out, this.visit(element.initializer, out));
      // Only an element that declares a name is a write (the survey records no other element).
      if (ts.isIdentifier(element.name)) out = this.applyWrite(element, this.visit(element.name, out));
    }
    return out;
  }

  private visitAssignmentPattern(pattern: ts.Expression, s: State): State {
    const p = peel(pattern, false);
    let out = s;
    if (ts.isArrayLiteralExpression(p)) {
      for (const e of p.elements) out = this.visitPatternElement(e, out);
    } else if (ts.isObjectLiteralExpression(p)) {
      for (const prop of p.properties) {
        if (ts.isShorthandPropertyAssignment(prop)) {
          out = this.visit(prop.name, out);
          if (prop.objectAssignmentInitializer) out = join(out, this.visit(prop.objectAssignmentInitializer, out));
        } else if (ts.isPropertyAssignment(prop)) {
          if (ts.isComputedPropertyName(prop.name)) out = this.visit(prop.name.expression, out);
          out = this.visitPatternElement(prop.initializer, out);
        } else if (ts.isSpreadAssignment(prop)) {
          out = this.visitPatternElement(prop.expression, out);
        }
      }
    } else {
      out = this.visitPatternElement(p, out);
    }
    return out;
  }

  private visitPatternElement(node: ts.Expression, s: State): State {
    const e = peel(node, false);
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === EqualsToken) {
      return this.visitPatternElement(e.left, join(s, this.visit(e.right, s)));
    }
    if (ts.isArrayLiteralExpression(e) || ts.isObjectLiteralExpression(e)) return this.visitAssignmentPattern(e, s);
    if (ts.isSpreadElement(e)) return this.visitPatternElement(e.expression, s);
    if (ts.isOmittedExpression(e)) return s;
    return this.visit(e, s);
  }

  private applyWrite(node: ts.Node, s: State): State {
    const write = this.survey.writes.get(node);
    if (!write) return s;
    this.appliedWrites.add(node);
    if (s === null) return null;
    const out: State = new Set([write]);
    this.collect(out);
    return out;
  }

  /** Every protected region around this point may be left by an exception carrying `s`. */
  private collect(s: State): void {
    if (s === null) return;
    for (const frame of this.frames) if (frame.kind === "region") frame.collected = join(frame.collected, s);
  }

  /** Sends a jump to its target, or to the innermost finally block in between (which replays it later). */
  private dispatch(jump: Jump, s: State, below = this.frames.length): void {
    if (s === null) return;
    for (let i = below - 1; i >= 0; i--) {
      const frame = this.frames[i]!;
      if (frame.kind === "finally") {
        frame.pending.push({ jump, state: s });
        return;
      }
      if (jump.kind === "return" || frame.kind === "region") continue;
      const named = jump.label === undefined || frame.labels.includes(jump.label);
      if (jump.kind === "break") {
        const target = jump.label === undefined ? frame.kind === "loop" || frame.kind === "switch" : named;
        if (target) {
          frame.breaks = join(frame.breaks, s);
          return;
        }
      } else if (frame.kind === "loop" && named) {
        frame.continues = join(frame.continues, s);
        return;
      }
    }
    // A return leaves the function; a break or continue without a target does not parse.
  }

  private withFrame<T>(frame: Frame, walk: () => T): T {
    this.frames.push(frame);
    try {
      return walk();
    } finally {
      this.frames.pop();
    }
  }

  private visitLabelled(node: ts.LabeledStatement, s: State, outer: readonly string[]): State {
    const labels = [...outer, node.label.text];
    const inner = node.statement;
    if (ts.isLabeledStatement(inner)) return this.visitLabelled(inner, s, labels);
    if (isLoop(inner)) return this.visitLoop(inner, s, labels);
    if (ts.isSwitchStatement(inner)) return this.visitSwitch(inner, s, labels);
    const frame: Frame = { kind: "label", labels, breaks: null };
    const out = this.withFrame(frame, () => this.visit(inner, s));
    return join(out, frame.breaks);
  }

  /**
   * Re-walks a loop until the state at its head stops growing. States only grow and there are finitely many
   * definitions, so this ends; the step budget bounds the nested case.
   */
  private fixpoint(pre: State, pass: (entry: State) => State): State {
    let entry = pre;
    for (;;) {
      const next = join(entry, pass(entry));
      if (subset(next, entry)) return entry;
      entry = next;
    }
  }

  private visitLoop(node: Loop, s: State, labels: readonly string[]): State {
    const frame: Frame = { kind: "loop", labels, breaks: null, continues: null };
    const body = (entry: State): State => this.withFrame(frame, () => this.visit(node.statement, entry));
    let exit: State = null;
    if (ts.isWhileStatement(node)) {
      this.fixpoint(s, (entry) => {
        const c = this.cond(node.expression, entry);
        exit = join(exit, c.whenFalse);
        return join(body(c.whenTrue), frame.continues);
      });
    } else if (ts.isDoStatement(node)) {
      this.fixpoint(s, (entry) => {
        const c = this.cond(node.expression, join(body(entry), frame.continues));
        exit = join(exit, c.whenFalse);
        return c.whenTrue;
      });
    } else if (ts.isForStatement(node)) {
      const init = node.initializer;
      const start = init === undefined ? s : ts.isVariableDeclarationList(init) ? this.visitChildren(init, s) : this.visit(init, s);
      this.fixpoint(start, (entry) => {
        const c = node.condition ? this.cond(node.condition, entry) : { whenTrue: entry, whenFalse: null };
        exit = join(exit, c.whenFalse);
        const next = join(body(c.whenTrue), frame.continues);
        return node.incrementor ? this.visit(node.incrementor, next) : next;
      });
    } else {
      // for...of / for...in: the iterable once; the head check (iterator exhausted) is where the loop exits.
      exit = this.fixpoint(this.visit(node.expression, s), (entry) =>
        join(body(this.assignLoopVariable(node, entry)), frame.continues),
      );
    }
    return join(exit, frame.breaks);
  }

  private assignLoopVariable(node: ts.ForOfStatement | ts.ForInStatement, s: State): State {
    const init = node.initializer;
    let out = s;
    if (ts.isVariableDeclarationList(init)) {
      for (const d of init.declarations) out = this.visitBindingName(d.name, out);
    } else {
      out = this.visitAssignmentPattern(init, out);
    }
    return this.applyWrite(node, out);
  }

  private visitSwitch(node: ts.SwitchStatement, s: State, labels: readonly string[]): State {
    const discriminant = this.visit(node.expression, s);
    const clauses = node.caseBlock.clauses;
    // Case tests run in source order until one matches; the default clause is taken once all have failed.
    const matched: State[] = [];
    let failed = discriminant;
    for (const clause of clauses) {
      if (ts.isCaseClause(clause)) failed = this.visit(clause.expression, failed);
      matched.push(ts.isCaseClause(clause) ? failed : null);
    }
    const hasDefault = clauses.some((c) => ts.isDefaultClause(c));
    const frame: Frame = { kind: "switch", labels, breaks: null };
    const end = this.withFrame(frame, () => {
      let fall: State = null;
      clauses.forEach((clause, i) => {
        let entry = join(fall, ts.isDefaultClause(clause) ? failed : (matched[i] ?? null));
        for (const statement of clause.statements) entry = this.visit(statement, entry);
        fall = entry;
      });
      return fall;
    });
    return join(join(end, frame.breaks), hasDefault ? null : failed);
  }

  private visitTry(node: ts.TryStatement, s: State): State {
    const finallyBlock = node.finallyBlock;
    const pending: { jump: Jump; state: State }[] = [];
    const guarded = <T>(walk: () => T): T => (finallyBlock ? this.withFrame({ kind: "finally", pending }, walk) : walk());

    const tried = guarded(() => this.walkProtected(node.tryBlock, s));
    let normal = tried.out;
    // What an exception carries out of the try statement (to the finally block), once a catch clause had its say.
    let thrown = tried.thrown;
    const clause = node.catchClause;
    if (clause) {
      let entry = tried.thrown;
      if (clause.variableDeclaration) {
        entry = this.applyWrite(clause, this.visitBindingName(clause.variableDeclaration.name, entry));
      }
      if (finallyBlock) {
        const caught = guarded(() => this.walkProtected(clause.block, entry));
        normal = join(normal, caught.out);
        thrown = caught.thrown;
      } else {
        normal = join(normal, this.visit(clause.block, entry));
        thrown = null;
      }
    }
    if (!finallyBlock) return normal;
    const out = this.visit(finallyBlock, normal);
    // Abrupt completions (exception, return, break, continue) run the finally block too, then go on where they went:
    // each target with only the states that jump there, or a write seen on the way to a throw would reach a loop's
    // head through a `continue` that never saw it. An exception goes on from the writes it passes (collected).
    if (thrown !== null) this.visit(finallyBlock, thrown);
    const byTarget = new Map<string, { jump: Jump; state: State }>();
    for (const p of pending) {
      const key = p.jump.kind === "return" ? "return" : `${p.jump.kind}:${p.jump.label ?? ""}`;
      byTarget.set(key, { jump: p.jump, state: join(byTarget.get(key)?.state ?? null, p.state) });
    }
    for (const { jump, state } of byTarget.values()) this.dispatch(jump, this.visit(finallyBlock, state));
    return out;
  }

  /**
   * Walks a try (or catch) block. Any point in it may throw; the state there is the entry state or one left by a
   * write inside the block, so the union of those is what an exception can carry out.
   */
  private walkProtected(block: ts.Block, s: State): { out: State; thrown: State } {
    const region: Frame = { kind: "region", collected: null };
    const out = this.withFrame(region, () => this.visit(block, s));
    return { out, thrown: join(s, region.collected) };
  }
}

/** A link of a chain the flow walks in a loop (see `visitChain`): its first child continues the chain. */
type ChainLink =
  | ts.BinaryExpression
  | ts.PropertyAccessExpression
  | ts.ElementAccessExpression
  | ts.CallExpression
  | ts.NonNullExpression
  | ts.AsExpression
  | ts.SatisfiesExpression
  | ts.TaggedTemplateExpression;

/**
 * Binary expressions whose operands simply run left to right (`??` included: its right side may run), and accesses,
 * calls and casts outside optional chains (those skip on nullish: `chainParts`). Assignments, `&&` and `||` have
 * flows of their own.
 */
function isChainLink(node: ts.Node): node is ChainLink {
  switch (node.kind) {
    case BinaryExpression: {
      const op = (node as ts.BinaryExpression).operatorToken.kind;
      return !isAssignmentOperator(op) && op !== AmpersandAmpersandToken && op !== BarBarToken;
    }
    case PropertyAccessExpression:
    case ElementAccessExpression:
    case CallExpression:
    case NonNullExpression:
      return !ts.isOptionalChain(node);
    case AsExpression:
    case SatisfiesExpression:
    case TaggedTemplateExpression:
      return true;
    default:
      return false;
  }
}

/** The first child of a chain link that is not a binary expression: what it accesses, calls, casts or tags. */
function chainObject(link: Exclude<ChainLink, ts.BinaryExpression>): ts.Expression {
  return ts.isTaggedTemplateExpression(link) ? link.tag : link.expression;
}

function isAndOr(e: ts.Expression): e is ts.BinaryExpression {
  if (!ts.isBinaryExpression(e)) return false;
  const op = e.operatorToken.kind;
  return op === AmpersandAmpersandToken || op === BarBarToken;
}

type Loop = ts.WhileStatement | ts.DoStatement | ts.ForStatement | ts.ForOfStatement | ts.ForInStatement;

function isLoop(node: ts.Node): node is Loop {
  return (
    ts.isWhileStatement(node) ||
    ts.isDoStatement(node) ||
    ts.isForStatement(node) ||
    ts.isForOfStatement(node) ||
    ts.isForInStatement(node)
  );
}
