// Reaching definitions of one variable at one reference, over the enclosing function's control flow (SPEC §2.2).
import { locOf, ts } from "../ts.js";
import { bindingElements, bindingTargets, patternOwner } from "./patterns.js";
import { type Binding, declarationListKind, isFunctionLike, resolveBinding, sameBinding } from "./scope.js";
import { isNullish, peel } from "./syntax.js";
import type { DefinitionKind } from "./types.js";

export interface ReachingDefinition {
  kind: DefinitionKind;
  /** The writing node: VariableDeclaration, BindingElement, ParameterDeclaration, BinaryExpression (assignment),
   * PrefixUnaryExpression/PostfixUnaryExpression, ForOfStatement, CatchClause, ... ; for a captured `const`, its
   * VariableDeclaration. */
  node: ts.Node;
  /** The whole right-hand side written (for destructuring the whole source expression, e.g. `f()` in
   * `const [a, x] = f()`); undefined for parameters and untraceable writes. */
  value: ts.Expression | undefined;
  /** A destructuring default that applies to this variable (`const { x = d } = f()`): an alternative value. */
  defaultValue?: ts.Expression;
  /** Why it cannot be traced (kind "closure" and "untraceable"), in words for a user, e.g.
   * "written inside a nested function at line 12", "a for...of loop variable", "compound assignment `x += ...`". */
  reason?: string;
}

/**
 * The definitions of `reference`'s variable that reach `reference` on some path through the enclosing function.
 * Definitions whose value is literally `null` or `undefined`, and declarations without initializer (`let x;`), are
 * not returned (they kill earlier definitions but cannot pass a non-null guard). Sorted by source position.
 */
export function reachingDefinitions(reference: ts.Identifier): ReachingDefinition[] {
  const name = reference.text;
  const binding = resolveBinding(reference);
  if (!binding) {
    return [untraceable(reference, `\`${name}\` is not declared in this file`)];
  }
  const owner = ownerOf(reference.parent);
  if (ownerOf(binding.scope) !== owner) return capturedDefinition(binding, name);

  const survey = surveyWrites(owner, binding, reference);
  const flow = new Flow(reference, survey);
  let reaching: ReachingDefinition[];
  try {
    const atReference = flow.run(owner, initialDefinitions(binding, owner));
    if (!flow.referenceVisited) {
      // Invariant net: every relevant node is walked, so this means a syntax form the walker does not know.
      reaching = [untraceable(reference, "the control flow to this reference could not be followed")];
    } else if (atReference === null) {
      reaching = [untraceable(reference, "this code is unreachable: every path to it returns, throws or jumps away first")];
    } else {
      reaching = [...atReference].filter((d) => !d.ignored).map((d) => d.def);
      // A flow write the walker never met (a syntax form it does not walk) may reach: keep it rather than guess.
      for (const [node, write] of survey.writes) {
        if (!flow.appliedWrites.has(node) && !write.ignored) reaching.push(write.def);
      }
    }
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    // Too much work for a flow-sensitive answer: every write of the variable may reach, which over-approximates.
    reaching = [...survey.writes.values(), ...initialDefinitions(binding, owner)].filter((d) => !d.ignored).map((d) => d.def);
  }
  reaching.push(...survey.closures);
  return sortedUnique(reaching);
}

/** A definition as the flow carries it: an `ignored` one (null, undefined, no initializer) kills but is not reported. */
interface FlowDef {
  readonly def: ReachingDefinition;
  readonly ignored: boolean;
}

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

class BudgetExceeded extends Error {}

/** Where an analysis stops: a function-like, a class static block or field initializer (they run later), or the file. */
function isBoundary(node: ts.Node): boolean {
  return isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node) || ts.isPropertyDeclaration(node);
}

type Owner = ts.Node;

function ownerOf(node: ts.Node): Owner {
  let n: ts.Node = node;
  while (!isBoundary(n) && !ts.isSourceFile(n)) n = n.parent;
  return n;
}

function untraceable(node: ts.Node, reason: string): ReachingDefinition {
  return { kind: "untraceable", node, value: undefined, reason };
}

function lineOf(node: ts.Node): number {
  return locOf(node).line;
}

/** A binding declared outside the function that reads it: only a `const` keeps a value that can be named. */
function capturedDefinition(binding: Binding, name: string): ReachingDefinition[] {
  const declaration = binding.declaration;
  switch (binding.kind) {
    case "const":
    case "using": {
      const root = rootDeclaration(declaration);
      if (root && isLoopVariable(root)) return [untraceable(loopOf(root), loopReason(loopOf(root)))];
      if (!root || !root.initializer) {
        return [untraceable(declaration, `\`${name}\` is declared outside this function (line ${lineOf(binding.nameNode)}) without a visible value`)];
      }
      if (ts.isVariableDeclaration(declaration)) {
        return isNullish(root.initializer) ? [] : [{ kind: "initializer", node: declaration, value: root.initializer }];
      }
      const element = declaration as ts.BindingElement;
      return [withDefault({ kind: "initializer", node: element, value: root.initializer }, element.initializer)];
    }
    case "catch":
      return [untraceable(catchClauseOf(declaration) ?? declaration, "the caught exception")];
    case "let":
    case "var":
    case "parameter":
      return [
        untraceable(
          declaration,
          `\`${name}\` is declared outside this function (line ${lineOf(binding.nameNode)}) and may change before it runs`,
        ),
      ];
    default:
      return [untraceable(declaration, declarationReason(binding, name))];
  }
}

function declarationReason(binding: Binding, name: string): string {
  switch (binding.kind) {
    case "function":
      return `\`${name}\` names a function, not a value that was computed`;
    case "class":
      return `\`${name}\` names a class, not a value that was computed`;
    case "enum":
      return `\`${name}\` names an enum, not a value that was computed`;
    default:
      return `\`${name}\` is imported`;
  }
}

/** What a variable holds when its function starts running, before any statement of the body. */
function initialDefinitions(binding: Binding, owner: Owner): FlowDef[] {
  if (ownerOf(binding.scope) !== owner) return [];
  switch (binding.kind) {
    case "var":
      // Hoisted and undefined until an assignment runs: kills nothing, reports nothing.
      return [{ def: { kind: "initializer", node: binding.declaration, value: undefined }, ignored: true }];
    case "function":
    case "class":
    case "enum":
    case "import":
      return [{ def: untraceable(binding.declaration, declarationReason(binding, binding.nameNode.text)), ignored: false }];
    default:
      // let/const/using are in their temporal dead zone; parameters and catch bindings are written where they appear.
      return [];
  }
}

function rootDeclaration(node: ts.Node): ts.VariableDeclaration | undefined {
  const owner = patternOwner(node);
  return ts.isVariableDeclaration(owner) ? owner : undefined;
}

function isLoopVariable(declaration: ts.VariableDeclaration): boolean {
  const list = declaration.parent;
  return ts.isVariableDeclarationList(list) && (ts.isForOfStatement(list.parent) || ts.isForInStatement(list.parent));
}

function loopOf(declaration: ts.VariableDeclaration): ts.ForOfStatement | ts.ForInStatement {
  return declaration.parent.parent as ts.ForOfStatement | ts.ForInStatement;
}

function loopReason(loop: ts.ForOfStatement | ts.ForInStatement): string {
  return ts.isForOfStatement(loop) ? "a for...of loop variable" : "a for...in loop variable";
}

function catchClauseOf(declaration: ts.Node): ts.CatchClause | undefined {
  for (let n: ts.Node | undefined = declaration; n; n = n.parent) if (ts.isCatchClause(n)) return n;
  return undefined;
}

function withDefault(def: ReachingDefinition, defaultValue: ts.Expression | undefined): ReachingDefinition {
  return defaultValue ? { ...def, defaultValue } : def;
}

function isLogicalAssignment(op: ts.SyntaxKind): boolean {
  return (
    op === ts.SyntaxKind.QuestionQuestionEqualsToken ||
    op === ts.SyntaxKind.BarBarEqualsToken ||
    op === ts.SyntaxKind.AmpersandAmpersandEqualsToken
  );
}

function isAssignmentOperator(op: ts.SyntaxKind): boolean {
  return op === ts.SyntaxKind.EqualsToken || (op >= ts.SyntaxKind.FirstCompoundAssignment && op <= ts.SyntaxKind.LastCompoundAssignment);
}

function isUpdate(node: ts.Node): node is ts.PrefixUnaryExpression | ts.PostfixUnaryExpression {
  return (
    (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
    (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
  );
}

/** A variable a destructuring assignment writes, with the default that applies to it. */
interface AssignmentTarget {
  readonly id: ts.Identifier;
  readonly defaultValue?: ts.Expression;
}

/** The variables a destructuring assignment pattern writes; `defaults` receives the `=` nodes that are defaults in it. */
function assignmentTargets(pattern: ts.Expression, defaults: Set<ts.Node>, out: AssignmentTarget[] = []): AssignmentTarget[] {
  const element = (node: ts.Expression, defaultValue: ts.Expression | undefined): void => {
    const e = peel(node, false);
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      defaults.add(e);
      element(e.left, e.right);
    } else if (ts.isArrayLiteralExpression(e) || ts.isObjectLiteralExpression(e)) {
      assignmentTargets(e, defaults, out);
    } else if (ts.isSpreadElement(e)) {
      element(e.expression, undefined);
    } else if (ts.isIdentifier(e)) {
      out.push(defaultValue ? { id: e, defaultValue } : { id: e });
    }
    // A property target (`[obj.x] = v`) writes no variable.
  };
  const p = peel(pattern, false);
  if (ts.isArrayLiteralExpression(p)) {
    for (const e of p.elements) if (!ts.isOmittedExpression(e)) element(e, undefined);
  } else if (ts.isObjectLiteralExpression(p)) {
    for (const prop of p.properties) {
      if (ts.isShorthandPropertyAssignment(prop)) {
        const d = prop.objectAssignmentInitializer;
        out.push(d ? { id: prop.name, defaultValue: d } : { id: prop.name });
      } else if (ts.isPropertyAssignment(prop)) {
        element(prop.initializer, undefined);
      } else if (ts.isSpreadAssignment(prop)) {
        element(prop.expression, undefined);
      }
    }
  } else {
    element(p, undefined);
  }
  return out;
}

interface Survey {
  /** Writes in the analysed function's own flow, by writing node. */
  readonly writes: Map<ts.Node, FlowDef>;
  /** Writes inside nested functions, reported whatever the flow. */
  readonly closures: ReachingDefinition[];
  /** The reference, the writes and every return/throw/break/continue, with their ancestors: the walker skips the rest. */
  readonly relevant: Set<ts.Node>;
}

/** One pass over the function (nested ones included): which nodes write the variable, and which nodes matter to the flow. */
function surveyWrites(owner: Owner, binding: Binding, reference: ts.Identifier): Survey {
  const name = binding.nameNode.text;
  const isTarget = (id: ts.Identifier): boolean => id.text === name && sameBinding(resolveBinding(id), binding);
  const writes = new Map<ts.Node, FlowDef>();
  const closures: ReachingDefinition[] = [];
  const patternDefaults = new Set<ts.Node>();
  const anchors: ts.Node[] = [reference];

  const record = (node: ts.Node, nested: boolean, def: ReachingDefinition, ignored: boolean): void => {
    if (nested) {
      if (ignored) return;
      const closure: ReachingDefinition = {
        kind: "closure",
        node,
        value: def.value,
        reason: `written inside a nested function at line ${lineOf(node)}`,
      };
      closures.push(def.defaultValue ? { ...closure, defaultValue: def.defaultValue } : closure);
      return;
    }
    writes.set(node, { def, ignored });
    anchors.push(node);
  };

  const inspect = (node: ts.Node, nested: boolean): void => {
    if (ts.isVariableDeclaration(node) && !isLoopVariable(node) && !ts.isCatchClause(node.parent)) {
      const init = node.initializer;
      for (const t of bindingTargets(node.name)) {
        if (!isTarget(t.id)) continue;
        if (t.element) {
          record(t.element, nested, withDefault({ kind: "initializer", node: t.element, value: init }, t.defaultValue), false);
        } else if (init) {
          record(node, nested, { kind: "initializer", node, value: init }, isNullish(init));
        } else if (declarationListKind(node.parent as ts.VariableDeclarationList) !== "var") {
          // `let x;` starts the variable undefined; `var x;` again changes nothing (the variable is hoisted).
          record(node, nested, { kind: "initializer", node, value: undefined }, true);
        }
      }
    } else if (ts.isParameter(node)) {
      for (const t of bindingTargets(node.name)) {
        if (!isTarget(t.id)) continue;
        record(node, nested, withDefault({ kind: "parameter", node, value: undefined }, node.initializer ?? t.defaultValue), false);
      }
    } else if (ts.isCatchClause(node) && node.variableDeclaration) {
      if (bindingTargets(node.variableDeclaration.name).some((t) => isTarget(t.id))) {
        record(node, nested, untraceable(node, "the caught exception"), false);
      }
    } else if (ts.isForOfStatement(node) || ts.isForInStatement(node)) {
      const init = node.initializer;
      const targets = ts.isVariableDeclarationList(init)
        ? init.declarations.flatMap((d) => bindingTargets(d.name))
        : assignmentTargets(init, patternDefaults);
      if (targets.some((t) => isTarget(t.id))) record(node, nested, untraceable(node, loopReason(node)), false);
    } else if (ts.isBinaryExpression(node) && isAssignmentOperator(node.operatorToken.kind) && !patternDefaults.has(node)) {
      recordAssignment(node, nested);
    } else if (isUpdate(node)) {
      const operand = peel(node.operand, false);
      if (ts.isIdentifier(operand) && isTarget(operand)) {
        const what = node.operator === ts.SyntaxKind.PlusPlusToken ? "an increment" : "a decrement";
        record(node, nested, untraceable(node, `${what} \`${node.getText()}\``), false);
      }
    } else if (
      !nested &&
      (ts.isReturnStatement(node) || ts.isThrowStatement(node) || ts.isBreakStatement(node) || ts.isContinueStatement(node))
    ) {
      anchors.push(node);
    }
  };

  const recordAssignment = (node: ts.BinaryExpression, nested: boolean): void => {
    const op = node.operatorToken.kind;
    const left = peel(node.left, false);
    if (ts.isIdentifier(left)) {
      if (!isTarget(left)) return;
      if (op === ts.SyntaxKind.EqualsToken || isLogicalAssignment(op)) {
        record(node, nested, { kind: "assignment", node, value: node.right }, isNullish(node.right));
      } else {
        const reason = `compound assignment \`${name} ${ts.tokenToString(op) ?? "op="} ...\``;
        record(node, nested, untraceable(node, reason), false);
      }
      return;
    }
    if (op !== ts.SyntaxKind.EqualsToken) return;
    const target = assignmentTargets(left, patternDefaults).find((t) => isTarget(t.id));
    if (target) record(node, nested, withDefault({ kind: "assignment", node, value: node.right }, target.defaultValue), false);
  };

  for (const { node, nested } of candidatesOf(owner)) inspect(node, nested);

  const relevant = new Set<ts.Node>();
  for (const anchor of anchors) {
    for (let n: ts.Node | undefined = anchor; n && n !== owner && !relevant.has(n); n = n.parent) relevant.add(n);
  }
  return { writes, closures, relevant };
}

interface Candidate {
  node: ts.Node;
  /** Inside a function nested in the owner. */
  nested: boolean;
}

const candidateCache = new WeakMap<ts.Node, Candidate[]>();

/**
 * The nodes of an owner that may write a variable or end a path, in source order: one walk per function, shared by
 * every variable traced in it (a tool body with many pass-throughs is walked once, not once per pass-through).
 */
function candidatesOf(owner: Owner): Candidate[] {
  let list = candidateCache.get(owner);
  if (list) return list;
  list = [];
  const out = list;
  const visit = (node: ts.Node, nested: boolean): void => {
    if (
      ts.isVariableDeclaration(node) ||
      ts.isParameter(node) ||
      ts.isCatchClause(node) ||
      ts.isForOfStatement(node) ||
      ts.isForInStatement(node) ||
      (ts.isBinaryExpression(node) && isAssignmentOperator(node.operatorToken.kind)) ||
      isUpdate(node) ||
      (!nested && (ts.isReturnStatement(node) || ts.isThrowStatement(node) || ts.isBreakStatement(node) || ts.isContinueStatement(node)))
    ) {
      out.push({ node, nested });
    }
    ts.forEachChild(node, (child) => {
      visit(child, nested || isBoundary(child));
    });
  };
  if (ts.isSourceFile(owner)) {
    for (const statement of owner.statements) visit(statement, isBoundary(statement));
  } else {
    ts.forEachChild(owner, (child) => {
      visit(child, isBoundary(child));
    });
  }
  candidateCache.set(owner, list);
  return list;
}

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
class Flow {
  referenceVisited = false;
  readonly appliedWrites = new Set<ts.Node>();
  private atReference: State = null;
  private readonly frames: Frame[] = [];
  private steps = 0;
  private readonly budget: number;

  constructor(
    private readonly reference: ts.Identifier,
    private readonly survey: Survey,
  ) {
    // Loops re-walk their bodies until nothing changes; nested loops multiply that. Past this, give up on precision.
    this.budget = 100_000 + 64 * survey.relevant.size;
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
    const e = peel(node, false);
    if (e.kind === ts.SyntaxKind.TrueKeyword) return { whenTrue: s, whenFalse: null };
    if (e.kind === ts.SyntaxKind.FalseKeyword) return { whenTrue: null, whenFalse: s };
    if (!this.survey.relevant.has(e)) return { whenTrue: s, whenFalse: s };
    if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.ExclamationToken) {
      const c = this.cond(e.operand, s);
      return { whenTrue: c.whenFalse, whenFalse: c.whenTrue };
    }
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) {
        const a = this.cond(e.left, s);
        const b = this.cond(e.right, a.whenTrue);
        return { whenTrue: b.whenTrue, whenFalse: join(a.whenFalse, b.whenFalse) };
      }
      if (op === ts.SyntaxKind.BarBarToken) {
        const a = this.cond(e.left, s);
        const b = this.cond(e.right, a.whenFalse);
        return { whenTrue: join(a.whenTrue, b.whenTrue), whenFalse: b.whenFalse };
      }
      if (op === ts.SyntaxKind.QuestionQuestionToken) {
        const left = this.visit(e.left, s);
        const b = this.cond(e.right, left);
        return { whenTrue: join(left, b.whenTrue), whenFalse: join(left, b.whenFalse) };
      }
      if (op === ts.SyntaxKind.CommaToken) return this.cond(e.right, this.visit(e.left, s));
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

  private visitBinary(node: ts.BinaryExpression, s: State): State {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.EqualsToken) {
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
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) {
      const c = this.cond(node.left, s);
      return join(c.whenFalse, this.visit(node.right, c.whenTrue));
    }
    if (op === ts.SyntaxKind.BarBarToken) {
      const c = this.cond(node.left, s);
      return join(c.whenTrue, this.visit(node.right, c.whenFalse));
    }
    if (op === ts.SyntaxKind.QuestionQuestionToken) {
      const left = this.visit(node.left, s);
      return join(left, this.visit(node.right, left));
    }
    return this.visit(node.right, this.visit(node.left, s));
  }

  /** `a?.b.c(x)`: once `a` is nullish the rest of the chain, arguments included, is skipped. */
  private chainParts(node: ts.Node, s: State): { end: State; skipped: State } {
    const chain = node as ts.PropertyAccessExpression | ts.ElementAccessExpression | ts.CallExpression | ts.NonNullExpression;
    const inner = chain.expression;
    const r = ts.isOptionalChain(inner) ? this.chainParts(inner, s) : { end: this.visit(inner, s), skipped: null };
    let end = r.end;
    let skipped = r.skipped;
    if (!ts.isNonNullExpression(chain) && chain.questionDotToken) skipped = join(skipped, end);
    if (ts.isElementAccessExpression(chain)) {
      end = this.visit(chain.argumentExpression, end);
    } else if (ts.isCallExpression(chain)) {
      for (const argument of chain.arguments) end = this.visit(argument, end);
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
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
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
    // Abrupt completions (exception, return, break, continue) run the finally block too, then go on where they went.
    let abrupt = thrown;
    for (const p of pending) abrupt = join(abrupt, p.state);
    if (abrupt !== null) {
      const after = this.visit(finallyBlock, abrupt);
      for (const p of pending) this.dispatch(p.jump, after);
    }
    return out;
  }

  /**
   * Walks a try (or catch) block. Any point in it may throw; the state there is the entry state or one left by a
   * write inside the block, so the union of those is what an exception can carry out.
   */
  private walkProtected(block: ts.Block, s: State): { out: State; thrown: State } {
    const region: Frame = { kind: "region", collected: null };
    const out = this.withFrame(region, () => this.visit(block, s));
    return { out, thrown: s === null && region.collected === null ? null : join(s, region.collected) };
  }
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

function sortedUnique(defs: readonly ReachingDefinition[]): ReachingDefinition[] {
  const seen = new Set<ts.Node>();
  const unique = defs.filter((d) => {
    if (seen.has(d.node)) return false;
    seen.add(d.node);
    return true;
  });
  return unique.sort((a, b) => a.node.getStart() - b.node.getStart() || a.node.end - b.node.end);
}
