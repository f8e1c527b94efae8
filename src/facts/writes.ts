// The write survey: one pass over an owner that finds every write of one variable and the nodes its flow must walk.
import { locOf, ts } from "../ts.js";
import { type FlowDef, type Owner, type ReachingDefinition, isBoundary, untraceable, withDefault } from "./definitions.js";
import { bindingTargets } from "./patterns.js";
import { type Binding, declarationListKind, resolveBinding, sameBinding } from "./scope.js";
import { isNullish, peel } from "./syntax.js";
import { reverseFrom } from "./walk.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const {
  AmpersandAmpersandEqualsToken,
  BarBarEqualsToken,
  BinaryExpression,
  BreakStatement,
  CatchClause,
  ContinueStatement,
  DoStatement,
  EqualsToken,
  FirstCompoundAssignment,
  ForInStatement,
  ForOfStatement,
  ForStatement,
  LastCompoundAssignment,
  MinusMinusToken,
  Parameter,
  PlusPlusToken,
  PostfixUnaryExpression,
  PrefixUnaryExpression,
  QuestionQuestionEqualsToken,
  ReturnStatement,
  ThrowStatement,
  TrueKeyword,
  VariableDeclaration,
  WhileStatement,
} = ts.SyntaxKind;
// The typescript module's members are getters: the functions called for every node are read once.
const { forEachChild } = ts;

export interface Survey {
  /** Writes in the analysed function's own flow, by writing node. */
  readonly writes: Map<ts.Node, FlowDef>;
  /** Writes inside nested functions, reported whatever the flow. */
  readonly closures: ReachingDefinition[];
  /** The reference, the writes, every return/throw/break/continue and endless loop, with their ancestors: the walker skips the rest. */
  readonly relevant: Set<ts.Node>;
}

/** One pass over the function (nested ones included): which nodes write the variable, and which nodes matter to the flow. */
export function surveyWrites(owner: Owner, binding: Binding, reference: ts.Identifier): Survey {
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
        reason: `written inside a nested function at line ${locOf(node).line}`,
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
        const what = node.operator === PlusPlusToken ? "an increment" : "a decrement";
        record(node, nested, untraceable(node, `${what} \`${node.getText()}\``), false);
      }
    } else if (!nested && endsPaths(node)) {
      anchors.push(node);
    }
  };

  const recordAssignment = (node: ts.BinaryExpression, nested: boolean): void => {
    const op = node.operatorToken.kind;
    const left = peel(node.left, false);
    if (ts.isIdentifier(left)) {
      if (!isTarget(left)) return;
      if (op === EqualsToken || isLogicalAssignment(op)) {
        record(node, nested, { kind: "assignment", node, value: node.right }, isNullish(node.right));
      } else {
        const reason = `compound assignment \`${name} ${ts.tokenToString(op) ?? "op="} ...\``;
        record(node, nested, untraceable(node, reason), false);
      }
      return;
    }
    if (op !== EqualsToken) return;
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

/** Keyed by the owner's syntax node: dropped with its syntax tree, which is never edited in place (a new text parses anew). */
const candidatesByOwner = new WeakMap<Owner, Candidate[]>();

/**
 * The nodes of an owner that may write a variable or end a path, in source order: one walk per function, shared by
 * every variable traced in it (a tool body with many pass-throughs is walked once, not once per pass-through).
 */
function candidatesOf(owner: Owner): Candidate[] {
  let list = candidatesByOwner.get(owner);
  if (list) return list;
  list = [];
  // An explicit stack, children pushed last to first so that the list is in source order: no recursion, however deep.
  // Each node's entry is split in two stacks (the node, and whether it is nested), so that only candidates make one.
  const pending: ts.Node[] = [];
  const nestedness: boolean[] = [];
  let parentNested = false;
  const add = (child: ts.Node): undefined => {
    pending.push(child);
    nestedness.push(parentNested || isBoundary(child));
    return undefined;
  };
  const pushChildrenOf = (node: ts.Node, nested: boolean): void => {
    const first = pending.length;
    parentNested = nested;
    forEachChild(node, add);
    reverseFrom(pending, first);
    reverseFrom(nestedness, first);
  };
  if (ts.isSourceFile(owner)) {
    for (let i = owner.statements.length - 1; i >= 0; i--) {
      const statement = owner.statements[i]!;
      pending.push(statement);
      nestedness.push(isBoundary(statement));
    }
  } else {
    pushChildrenOf(owner, false);
  }
  for (let node = pending.pop(); node; node = pending.pop()) {
    const nested = nestedness.pop()!;
    if (isCandidate(node, nested)) list.push({ node, nested });
    pushChildrenOf(node, nested);
  }
  candidatesByOwner.set(owner, list);
  return list;
}

/** A node that may write a variable, or (outside nested functions) end a path: by kind, as this runs for every node. */
function isCandidate(node: ts.Node, nested: boolean): boolean {
  switch (node.kind) {
    case VariableDeclaration:
    case Parameter:
    case CatchClause:
    case ForOfStatement:
    case ForInStatement:
      return true;
    case BinaryExpression:
      return isAssignmentOperator((node as ts.BinaryExpression).operatorToken.kind);
    case PrefixUnaryExpression:
    case PostfixUnaryExpression:
      return isUpdate(node);
    default:
      return !nested && endsPaths(node);
  }
}

/**
 * A statement after which the paths through it do not simply go on: a jump, or a loop whose condition is absent or
 * literally `true` (`for (;;)`, `while (true)`), which only a jump leaves. The flow must walk them even when they hold
 * no write, or the code after an endless loop would look reachable.
 */
function endsPaths(node: ts.Node): boolean {
  switch (node.kind) {
    case ReturnStatement:
    case ThrowStatement:
    case BreakStatement:
    case ContinueStatement:
      return true;
    case ForStatement: {
      const condition = (node as ts.ForStatement).condition;
      return !condition || isTrueLiteral(condition);
    }
    case WhileStatement:
    case DoStatement:
      return isTrueLiteral((node as ts.WhileStatement | ts.DoStatement).expression);
    default:
      return false;
  }
}

function isTrueLiteral(expr: ts.Expression): boolean {
  return peel(expr, false).kind === TrueKeyword;
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
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === EqualsToken) {
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

export function isLoopVariable(declaration: ts.VariableDeclaration): boolean {
  const list = declaration.parent;
  return ts.isVariableDeclarationList(list) && (ts.isForOfStatement(list.parent) || ts.isForInStatement(list.parent));
}

export function loopReason(loop: ts.ForOfStatement | ts.ForInStatement): string {
  return ts.isForOfStatement(loop) ? "a for...of loop variable" : "a for...in loop variable";
}

export function isLogicalAssignment(op: ts.SyntaxKind): boolean {
  return (
    op === QuestionQuestionEqualsToken ||
    op === BarBarEqualsToken ||
    op === AmpersandAmpersandEqualsToken
  );
}

export function isAssignmentOperator(op: ts.SyntaxKind): boolean {
  return op === EqualsToken || (op >= FirstCompoundAssignment && op <= LastCompoundAssignment);
}

export function isUpdate(node: ts.Node): node is ts.PrefixUnaryExpression | ts.PostfixUnaryExpression {
  return (
    (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
    (node.operator === PlusPlusToken || node.operator === MinusMinusToken)
  );
}
