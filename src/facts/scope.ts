// Lexical binding resolution on the syntax tree: which declaration an identifier names, honouring block scope, hoisting and shadowing.
import { ts } from "../ts.js";
import { bindingTargets } from "./patterns.js";
import { forEachStatement } from "./walk.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const {
  ArrowFunction,
  Block,
  CaseBlock,
  CatchClause,
  ClassDeclaration,
  ClassExpression,
  ClassStaticBlockDeclaration,
  Constructor,
  EnumDeclaration,
  ForInStatement,
  ForOfStatement,
  ForStatement,
  FunctionDeclaration,
  FunctionExpression,
  GetAccessor,
  Identifier,
  ImportDeclaration,
  ImportEqualsDeclaration,
  MethodDeclaration,
  ModuleBlock,
  NamespaceImport,
  Parameter,
  SetAccessor,
  SourceFile,
  VariableDeclarationList,
  VariableStatement,
} = ts.SyntaxKind;

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

/** A scope as resolution sees it: what it declares, and what names resolved through it turned out to mean. */
interface Scope {
  readonly declared: ReadonlyMap<string, Binding>;
  /**
   * What a name means to code in this scope reached from anything but a parameter of the function the scope is
   * (null: a global), as resolutions through the scope found out: the scopes around a scope are fixed, so the answer
   * is the same for every reference that gets there this way.
   */
  seen: Map<string, Binding | null> | undefined;
}

/** Keyed by the scope's syntax node: dropped with its syntax tree, which is never edited in place (a new text parses anew). */
const scopeByNode = new WeakMap<ts.Node, Scope>();

/** Resolves a reference to its binding, or undefined for a global (or a name declared nowhere in the file). */
export function resolveBinding(reference: ts.Identifier): Binding | undefined {
  const name = reference.text;
  // The scopes this resolution goes through: each learns what the name means from there.
  const passed: Scope[] = [];
  let found: Binding | undefined;
  let child: ts.Node = reference;
  for (let node: ts.Node | undefined = reference.parent; node; child = node, node = node.parent) {
    if (!isScope(node)) continue;
    const scope = scopeOf(node);
    // A parameter's default value and the function's name see the function scope; that is what JavaScript does too...
    const fromParameter = child.kind === Parameter && isFunctionLike(node);
    if (!fromParameter) {
      const seen = scope.seen?.get(name);
      if (seen !== undefined) {
        found = seen ?? undefined;
        break;
      }
      passed.push(scope);
    }
    const binding = scope.declared.get(name);
    // ...but not the body's `var`s: with parameter expressions, JavaScript gives the body a variable environment of its own.
    if (binding !== undefined && !(fromParameter && binding.kind === "var")) {
      found = binding;
      break;
    }
  }
  for (const scope of passed) (scope.seen ??= new Map()).set(name, found ?? null);
  return found;
}

/** True when two references name the same binding (both resolved; globals never compare equal). */
export function sameBinding(a: Binding | undefined, b: Binding | undefined): boolean {
  return a !== undefined && b !== undefined && a.nameNode === b.nameNode;
}

export function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  switch (node.kind) {
    case FunctionDeclaration:
    case FunctionExpression:
    case ArrowFunction:
    case MethodDeclaration:
    case Constructor:
    case GetAccessor:
    case SetAccessor:
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
    case SourceFile:
    case Block:
    case CaseBlock:
    case ModuleBlock:
    case FunctionDeclaration:
    case FunctionExpression:
    case ArrowFunction:
    case MethodDeclaration:
    case Constructor:
    case GetAccessor:
    case SetAccessor:
    case ForStatement:
    case ForInStatement:
    case ForOfStatement:
    case CatchClause:
    case ClassExpression:
    case ClassStaticBlockDeclaration:
      return true;
    default:
      return false;
  }
}

/** What a scope that declares nothing resolves: one table for all of them, never written to. */
const NOTHING_DECLARED: ReadonlyMap<string, Binding> = new Map();

function scopeOf(node: ts.Node): Scope {
  let scope = scopeByNode.get(node);
  if (!scope) {
    scope = { declared: new ScopeTable(node).build(), seen: undefined };
    scopeByNode.set(node, scope);
  }
  return scope;
}

/** The names one scope declares, gathered once. */
class ScopeTable {
  private table: Map<string, Binding> | undefined;

  constructor(private readonly scope: ts.Node) {}

  build(): ReadonlyMap<string, Binding> {
    const scope = this.scope;
    switch (scope.kind) {
      case SourceFile:
        this.addStatements((scope as ts.SourceFile).statements);
        this.addHoistedVars(scope);
        break;
      case Block:
      case ModuleBlock:
        // A function body's block shares the function's scope for `var`, but lexical declarations live here.
        this.addStatements((scope as ts.Block | ts.ModuleBlock).statements);
        break;
      case CaseBlock:
        for (const clause of (scope as ts.CaseBlock).clauses) this.addStatements(clause.statements);
        break;
      case FunctionDeclaration:
      case FunctionExpression:
      case ArrowFunction:
      case MethodDeclaration:
      case Constructor:
      case GetAccessor:
      case SetAccessor: {
        const fn = scope as ts.FunctionLikeDeclaration;
        for (const p of fn.parameters) this.addPattern(p.name, p, "parameter");
        // A named function expression sees its own name.
        if (fn.kind === FunctionExpression && fn.name) this.add(fn.name, fn, "function");
        if (fn.body) this.addHoistedVars(fn.body);
        // An expression-bodied arrow has no block: nothing else is declared.
        break;
      }
      case ForStatement:
      case ForInStatement:
      case ForOfStatement: {
        const init = (scope as ts.ForStatement | ts.ForInStatement | ts.ForOfStatement).initializer;
        if (init && init.kind === VariableDeclarationList) this.addDeclarationList(init as ts.VariableDeclarationList);
        break;
      }
      case CatchClause: {
        const d = (scope as ts.CatchClause).variableDeclaration;
        if (d) this.addPattern(d.name, d, "catch");
        break;
      }
      case ClassExpression: {
        const name = (scope as ts.ClassExpression).name;
        if (name) this.add(name, scope, "class");
        break;
      }
      case ClassStaticBlockDeclaration:
        // A static block is a function body of its own for `var`.
        this.addHoistedVars((scope as ts.ClassStaticBlockDeclaration).body);
        break;
    }
    return this.table ?? NOTHING_DECLARED;
  }

  private add(nameNode: ts.Identifier, declaration: ts.Node, kind: BindingKind): void {
    const table = (this.table ??= new Map());
    // The first declaration wins; redeclarations (`var x; var x;`, overloads) name the same binding.
    if (!table.has(nameNode.text)) table.set(nameNode.text, { nameNode, declaration, kind, scope: this.scope });
  }

  private addPattern(name: ts.BindingName, declaration: ts.Node, kind: BindingKind): void {
    if (name.kind === Identifier) return this.add(name, declaration, kind);
    // A name inside a pattern is declared by its element; source order keeps "the first declaration wins" as written.
    for (const t of bindingTargets(name)) this.add(t.id, t.element ?? declaration, kind);
  }

  private addDeclarationList(list: ts.VariableDeclarationList): void {
    const kind = declarationListKind(list);
    if (kind === "var") return; // hoisted: added by the function or file scope
    for (const d of list.declarations) this.addPattern(d.name, d, kind);
  }

  private addStatements(statements: readonly ts.Statement[]): void {
    for (const s of statements) {
      switch (s.kind) {
        case VariableStatement:
          this.addDeclarationList((s as ts.VariableStatement).declarationList);
          break;
        case FunctionDeclaration:
        case ClassDeclaration: {
          const name = (s as ts.FunctionDeclaration | ts.ClassDeclaration).name;
          if (name) this.add(name, s, s.kind === FunctionDeclaration ? "function" : "class");
          break;
        }
        case EnumDeclaration:
          this.add((s as ts.EnumDeclaration).name, s, "enum");
          break;
        case ImportDeclaration: {
          const clause = (s as ts.ImportDeclaration).importClause;
          if (clause) this.addImportClause(clause);
          break;
        }
        case ImportEqualsDeclaration:
          this.add((s as ts.ImportEqualsDeclaration).name, s, "import");
          break;
      }
    }
  }

  private addImportClause(clause: ts.ImportClause): void {
    if (clause.name) this.add(clause.name, clause, "import");
    const bindings = clause.namedBindings;
    if (!bindings) return;
    if (bindings.kind === NamespaceImport) this.add(bindings.name, bindings, "import");
    else for (const spec of bindings.elements) this.add(spec.name, spec, "import");
  }

  /** `var` declarations anywhere below `root`, not inside nested functions: they belong to root's function or file. */
  private addHoistedVars(root: ts.Node): void {
    if (!mayDeclareVar(root)) return;
    // A declaration list is a statement's, or a `for` loop's head: only statements are walked, in source order.
    forEachStatement(root, (node) => {
      let list: ts.VariableDeclarationList | undefined;
      if (node.kind === VariableStatement) list = (node as ts.VariableStatement).declarationList;
      else if (node.kind === ForStatement || node.kind === ForInStatement || node.kind === ForOfStatement) {
        const init = (node as ts.ForStatement | ts.ForInStatement | ts.ForOfStatement).initializer;
        if (init?.kind === VariableDeclarationList) list = init as ts.VariableDeclarationList;
      }
      if (list && declarationListKind(list) === "var") for (const d of list.declarations) this.addPattern(d.name, d, "var");
    });
  }
}

export function declarationListKind(list: ts.VariableDeclarationList): BindingKind {
  const flags = list.flags;
  // AwaitUsing is Const | Using: an `await using` reads as the const it also is.
  if (flags & ts.NodeFlags.Const) return "const";
  if (flags & ts.NodeFlags.Let) return "let";
  if (flags & ts.NodeFlags.Using) return "using";
  return "var";
}

/**
 * Whether the text of a node may hold a `var` declaration: the keyword as a word of its own, or a backslash (the
 * parser reads an escaped `v\u0061r` as the keyword too, with an error). Most code declares none, and reading the
 * text is much cheaper than walking the tree for them.
 */
function mayDeclareVar(node: ts.Node): boolean {
  const text = node.getSourceFile().text.slice(node.pos, node.end);
  if (text.includes("\\")) return true;
  for (let at = text.indexOf("var"); at !== -1; at = text.indexOf("var", at + 3)) {
    if (!isWordCharacter(text.charCodeAt(at - 1)) && !isWordCharacter(text.charCodeAt(at + 3))) return true;
  }
  return false;
}

/** An ASCII letter, digit, `_` or `$`; anything else (including any other character of a name) may border a keyword. */
function isWordCharacter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}
