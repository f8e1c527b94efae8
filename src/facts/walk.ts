// Tree walks without recursion, and the nesting depth the recursive readers are bounded by: no input nesting overflows the stack.
import { locOf, ts } from "../ts.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const {
  Block,
  CaseClause,
  DefaultClause,
  DoStatement,
  ForInStatement,
  ForOfStatement,
  ForStatement,
  IfStatement,
  LabeledStatement,
  ModuleBlock,
  ModuleDeclaration,
  SourceFile,
  SwitchStatement,
  TryStatement,
  WhileStatement,
  WithStatement,
  BinaryExpression,
  PropertyAccessExpression,
  ElementAccessExpression,
  CallExpression,
  NonNullExpression,
  AsExpression,
  SatisfiesExpression,
  TaggedTemplateExpression,
} = ts.SyntaxKind;
// The typescript module's members are getters: the functions called for every node are read once.
const { forEachChild } = ts;

/**
 * Visits `root` and every statement below it that is not inside an expression, in source order, with an explicit
 * stack: the statements a `return` or a `var` can be among (namespaces entered, as a `var` in one is the file's).
 * Below an expression a statement can only sit in a function or a class, which are another body's; a function or
 * class declaration is visited, not entered.
 */
export function forEachStatement(root: ts.Node, enter: (node: ts.Node) => void): void {
  const pending: ts.Node[] = [root];
  // Pushed last to first, so that they pop first to last.
  const push = (node: ts.Node | undefined): void => void (node && pending.push(node));
  const pushAll = (nodes: readonly ts.Node[]): void => {
    for (let i = nodes.length - 1; i >= 0; i--) pending.push(nodes[i]!);
  };
  for (let node = pending.pop(); node; node = pending.pop()) {
    enter(node);
    switch (node.kind) {
      case SourceFile:
      case Block:
      case ModuleBlock:
      case CaseClause:
      case DefaultClause:
        pushAll((node as ts.Block).statements);
        break;
      case IfStatement:
        push((node as ts.IfStatement).elseStatement);
        push((node as ts.IfStatement).thenStatement);
        break;
      case DoStatement:
      case WhileStatement:
      case ForStatement:
      case ForInStatement:
      case ForOfStatement:
      case LabeledStatement:
      case WithStatement:
        push((node as ts.IterationStatement | ts.LabeledStatement | ts.WithStatement).statement);
        break;
      case TryStatement:
        push((node as ts.TryStatement).finallyBlock);
        push((node as ts.TryStatement).catchClause?.block);
        push((node as ts.TryStatement).tryBlock);
        break;
      case SwitchStatement:
        pushAll((node as ts.SwitchStatement).caseBlock.clauses);
        break;
      case ModuleDeclaration:
        push((node as ts.ModuleDeclaration).body);
        break;
    }
  }
}

/** Pushes a node's children last to first, so that they pop first to last. */
export function pushChildren(node: ts.Node, pending: ts.Node[]): void {
  const start = pending.length;
  // The callback must return nothing: forEachChild stops at the first truthy result.
  forEachChild(node, (child) => void pending.push(child));
  reverseFrom(pending, start);
}

/**
 * Links the parent pointers of a tree the parser left unlinked (`parseSourceUnlinked`), below nodes whose own parent
 * is already set. Made once per walk: its stack and callback serve every subtree it is given.
 */
export class ParentLinker {
  private readonly pending: ts.Node[] = [];
  private parent: ts.Node | undefined;
  private readonly link = (child: ts.Node): undefined => {
    (child as { parent: ts.Node }).parent = this.parent!;
    this.pending.push(child);
    return undefined;
  };

  /** Sets the parent of every node below `root` (not of `root` itself). */
  linkBelow(root: ts.Node): void {
    const pending = this.pending;
    for (let node: ts.Node | undefined = root; node; node = pending.pop()) {
      this.parent = node;
      forEachChild(node, this.link);
    }
  }
}

/** Turns the part of a list from `start` on around, in place. */
export function reverseFrom<T>(list: T[], start: number): void {
  for (let i = start, j = list.length - 1; i < j; i++, j--) {
    const t = list[i]!;
    list[i] = list[j]!;
    list[j] = t;
  }
}

/**
 * Whether `child` continues `parent`'s chain: the left operand of a binary expression, the object of an access, the
 * callee of a call, the operand of `!`, `as` or `satisfies`, the tag of a tagged template. TypeScript parses these
 * chains in a loop, so they nest as deep as the input is long (`a + b + … + z`, `x.f().g().h()`); every reader of the
 * core walks them in a loop too, so they do not count towards the nesting depth.
 */
export function continuesChain(parent: ts.Node, child: ts.Node): boolean {
  switch (parent.kind) {
    case BinaryExpression:
      return (parent as ts.BinaryExpression).left === child;
    case PropertyAccessExpression:
    case ElementAccessExpression:
    case CallExpression:
    case NonNullExpression:
    case AsExpression:
    case SatisfiesExpression:
      return (parent as ts.PropertyAccessExpression).expression === child;
    case TaggedTemplateExpression:
      return (parent as ts.TaggedTemplateExpression).tag === child;
    default:
      return false;
  }
}

/**
 * How deep the readers that recurse (the flow walker, the string evaluator, the data reader) may have to go: deeper
 * nesting is reported as too deep to analyse rather than risked. Far beyond any code written by hand (a function
 * in a callback in an object in a call is a dozen levels), and far below what the stack holds for those readers.
 */
export const MAX_NESTING = 500;

/** The first node, in source order, of greatest depth below `root` (chain links counted or not), with that depth. */
export function deepestNode(root: ts.Node, countChains: boolean): { node: ts.Node; depth: number } {
  let deepest: { node: ts.Node; depth: number } = { node: root, depth: 0 };
  const pending: { node: ts.Node; depth: number }[] = [{ node: root, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, depth } = next;
    if (depth > deepest.depth) deepest = next;
    const children: ts.Node[] = [];
    pushChildren(node, children);
    for (const child of children) pending.push({ node: child, depth: depth + (!countChains && continuesChain(node, child) ? 0 : 1) });
  }
  return deepest;
}

/** The reason a file nested too deeply gets, at the place it names (1-based). */
export function tooDeep(line: number): string {
  return `nested too deeply to analyse at line ${line}`;
}

/** Where a node is, for `tooDeep`: its source file is passed in, as its parent pointers may not be linked yet. */
export function placeOf(node: ts.Node, sourceFile: ts.SourceFile): { line: number; column: number } {
  return ts.isSourceFile(node) ? { line: 1, column: 1 } : locOf(node, sourceFile);
}
