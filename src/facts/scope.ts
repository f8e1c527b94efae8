// Lexical binding resolution on the syntax tree: which declaration an identifier names, honouring block scope, hoisting and shadowing.
import { ts } from "../ts.js";
import { bindingTargets } from "./patterns.js";

export type BindingKind =
  | "const"
  | "let"
  | "var"
  | "using"
  | "parameter"
  | "function"
  | "class"
  | "enum"
  | "import"
  | "catch";

export interface Binding {
  /** The identifier that declares the name; identity of this node is identity of the binding. */
  readonly nameNode: ts.Identifier;
  /** The declaring node: VariableDeclaration, BindingElement, ParameterDeclaration, FunctionDeclaration, ClassDeclaration, EnumDeclaration, ImportClause, ImportSpecifier, NamespaceImport, ImportEqualsDeclaration. */
  readonly declaration: ts.Node;
  readonly kind: BindingKind;
  /** The node whose scope holds the binding: a SourceFile, Block, CaseBlock, function-like, for statement or CatchClause. */
  readonly scope: ts.Node;
}

/** Keyed by the scope's syntax node: dropped with its syntax tree, which is never edited in place (a new text parses anew). */
const scopeTableByNode = new WeakMap<ts.Node, Map<string, Binding>>();

/** Resolves a reference to its binding, or undefined for a global (or a name declared nowhere in the file). */
export function resolveBinding(reference: ts.Identifier): Binding | undefined {
  const name = reference.text;
  let child: ts.Node = reference;
  for (let node: ts.Node | undefined = reference.parent; node; child = node, node = node.parent) {
    if (!isScope(node)) continue;
    // A parameter's default value and the function's name see the function scope; that is what JavaScript does too.
    const binding = tableOf(node).get(name);
    if (binding === undefined) continue;
    // ...but not the body's `var`s: with parameter expressions, JavaScript gives the body a variable environment of its own.
    if (binding.kind === "var" && child.kind === ts.SyntaxKind.Parameter && isFunctionLike(node)) continue;
    return binding;
  }
  return undefined;
}

/** True when two references name the same binding (both resolved; globals never compare equal). */
export function sameBinding(a: Binding | undefined, b: Binding | undefined): boolean {
  return a !== undefined && b !== undefined && a.nameNode === b.nameNode;
}

// Predicates on the kind alone, as switches: they run for every ancestor of every name resolved.

export function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  switch (node.kind) {
    case ts.SyntaxKind.FunctionDeclaration:
    case ts.SyntaxKind.FunctionExpression:
    case ts.SyntaxKind.ArrowFunction:
    case ts.SyntaxKind.MethodDeclaration:
    case ts.SyntaxKind.Constructor:
    case ts.SyntaxKind.GetAccessor:
    case ts.SyntaxKind.SetAccessor:
      return true;
    default:
      return false;
  }
}

/** The innermost function-like node that contains `node` (not `node` itself), or undefined at module level. */
export function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let p = node.parent; p; p = p.parent) if (isFunctionLike(p)) return p;
  return undefined;
}

function isScope(node: ts.Node): boolean {
  switch (node.kind) {
    case ts.SyntaxKind.SourceFile:
    case ts.SyntaxKind.Block:
    case ts.SyntaxKind.CaseBlock:
    case ts.SyntaxKind.ModuleBlock:
    case ts.SyntaxKind.FunctionDeclaration:
    case ts.SyntaxKind.FunctionExpression:
    case ts.SyntaxKind.ArrowFunction:
    case ts.SyntaxKind.MethodDeclaration:
    case ts.SyntaxKind.Constructor:
    case ts.SyntaxKind.GetAccessor:
    case ts.SyntaxKind.SetAccessor:
    case ts.SyntaxKind.ForStatement:
    case ts.SyntaxKind.ForInStatement:
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.CatchClause:
    case ts.SyntaxKind.ClassExpression:
    case ts.SyntaxKind.ClassStaticBlockDeclaration:
      return true;
    default:
      return false;
  }
}

function tableOf(scope: ts.Node): Map<string, Binding> {
  let table = scopeTableByNode.get(scope);
  if (!table) {
    table = buildTable(scope);
    scopeTableByNode.set(scope, table);
  }
  return table;
}

function buildTable(scope: ts.Node): Map<string, Binding> {
  const table = new Map<string, Binding>();
  const add = (nameNode: ts.Identifier, declaration: ts.Node, kind: BindingKind): void => {
    // The first declaration wins; redeclarations (`var x; var x;`, overloads) name the same binding.
    if (!table.has(nameNode.text)) table.set(nameNode.text, { nameNode, declaration, kind, scope });
  };
  const addPattern = (name: ts.BindingName, declaration: ts.Node, kind: BindingKind): void => {
    // A name inside a pattern is declared by its element; source order keeps "the first declaration wins" as written.
    for (const t of bindingTargets(name)) add(t.id, t.element ?? declaration, kind);
  };
  const addDeclarationList = (list: ts.VariableDeclarationList): void => {
    const kind = declarationListKind(list);
    if (kind === "var") return; // hoisted: added by the function or file scope
    for (const d of list.declarations) addPattern(d.name, d, kind);
  };
  const addStatements = (statements: ts.NodeArray<ts.Statement> | readonly ts.Statement[]): void => {
    for (const s of statements) {
      if (ts.isVariableStatement(s)) addDeclarationList(s.declarationList);
      else if (ts.isFunctionDeclaration(s) && s.name) add(s.name, s, "function");
      else if (ts.isClassDeclaration(s) && s.name) add(s.name, s, "class");
      else if (ts.isEnumDeclaration(s)) add(s.name, s, "enum");
      else if (ts.isImportDeclaration(s) && s.importClause) addImportClause(s.importClause);
      else if (ts.isImportEqualsDeclaration(s)) add(s.name, s, "import");
    }
  };
  const addImportClause = (clause: ts.ImportClause): void => {
    if (clause.name) add(clause.name, clause, "import");
    const bindings = clause.namedBindings;
    if (!bindings) return;
    if (ts.isNamespaceImport(bindings)) add(bindings.name, bindings, "import");
    else for (const spec of bindings.elements) add(spec.name, spec, "import");
  };

  if (ts.isSourceFile(scope)) {
    addStatements(scope.statements);
    addHoistedVars(scope, addPattern);
  } else if (ts.isBlock(scope) || ts.isModuleBlock(scope)) {
    // A function body's block shares the function's scope for `var`, but lexical declarations live here.
    addStatements(scope.statements);
  } else if (ts.isCaseBlock(scope)) {
    for (const clause of scope.clauses) addStatements(clause.statements);
  } else if (isFunctionLike(scope)) {
    for (const p of scope.parameters) addPattern(p.name, p, "parameter");
    // A named function expression sees its own name.
    if (ts.isFunctionExpression(scope) && scope.name) add(scope.name, scope, "function");
    if (scope.body) addHoistedVars(scope.body, addPattern);
    // An expression-bodied arrow has no block: nothing else is declared.
  } else if (ts.isForStatement(scope) || ts.isForInStatement(scope) || ts.isForOfStatement(scope)) {
    const init = scope.initializer;
    if (init && ts.isVariableDeclarationList(init)) addDeclarationList(init);
  } else if (ts.isCatchClause(scope)) {
    const d = scope.variableDeclaration;
    if (d) addPattern(d.name, d, "catch");
  } else if (ts.isClassExpression(scope) && scope.name) {
    add(scope.name, scope, "class");
  } else if (ts.isClassStaticBlockDeclaration(scope)) {
    // A static block is a function body of its own for `var`.
    addHoistedVars(scope.body, addPattern);
  }
  return table;
}

export function declarationListKind(list: ts.VariableDeclarationList): BindingKind {
  const flags = list.flags;
  if (flags & ts.NodeFlags.Const) return "const";
  if (flags & ts.NodeFlags.Let) return "let";
  if (flags & ts.NodeFlags.Using || flags & ts.NodeFlags.AwaitUsing) return "using";
  return "var";
}

/** `var` declarations anywhere below `root`, not inside nested functions: they belong to root's function or file. */
function addHoistedVars(
  root: ts.Node,
  addPattern: (n: ts.BindingName, d: ts.Node, k: BindingKind) => void,
): void {
  const pending: ts.Node[] = [];
  const children: ts.Node[] = [];
  const add = (child: ts.Node): undefined => void children.push(child);
  for (let node: ts.Node | undefined = root; node; node = pending.pop()) {
    if (node !== root) {
      if (isFunctionLike(node) || node.kind === ts.SyntaxKind.ClassDeclaration || node.kind === ts.SyntaxKind.ClassExpression) continue;
      if (node.kind === ts.SyntaxKind.VariableDeclarationList && declarationListKind(node as ts.VariableDeclarationList) === "var") {
        for (const d of (node as ts.VariableDeclarationList).declarations) addPattern(d.name, d, "var");
      }
    }
    // Source order, as the first declaration wins: children pushed last to first.
    ts.forEachChild(node, add);
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
    children.length = 0;
  }
}
