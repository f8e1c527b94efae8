// Meaning-preserving rewrites of TypeScript sources, done on the syntax tree (TypeScript's own parser, not the census's):
// text around nodes, nodes replaced by pieces, and a map from every old offset to where it went.
import ts from "typescript";

/** A node written as these pieces instead of its own text: strings, and nodes of the same tree (rewritten in turn). */
export type Piece = string | ts.Node;

export interface Rewrite {
  /** Text put before and after a node (after its leading comments and whitespace). */
  around?(node: ts.Node): { before: string; after: string } | undefined;
  replace?(node: ts.Node): Piece[] | undefined;
}

export interface Rewritten {
  readonly before: string;
  readonly after: string;
  /** Where an old offset went: the new offset of its character, then any `(` put right before it. */
  map(offset: number): number[];
}

export function parse(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Whether TypeScript's parser reports a syntax error in the file (such files are left as they are). */
export function hasSyntaxErrors(fileName: string, text: string): boolean {
  const out = ts.transpileModule(text, { fileName, reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.Latest } });
  return (out.diagnostics ?? []).length > 0;
}

export function applyRewrite(sf: ts.SourceFile, rewrite: Rewrite): Rewritten {
  const text = sf.text;
  let out = "";
  /** Copied runs: [old start, new start, length]. */
  const segments: [number, number, number][] = [];
  /** Old offset → new offset where text inserted right before it starts. */
  const insertedAt = new Map<number, number>();
  /** Old start of a node written as other pieces → where its pieces start. */
  const replacedAt = new Map<number, number>();
  const copy = (from: number, to: number): void => {
    if (to <= from) return;
    segments.push([from, out.length, to - from]);
    out += text.slice(from, to);
  };
  const emit = (node: ts.Node): void => {
    // The file starts at 0: its leading comments come before its first token.
    const start = ts.isSourceFile(node) ? 0 : node.getStart(sf);
    const around = rewrite.around?.(node);
    if (around && around.before) {
      if (!insertedAt.has(start)) insertedAt.set(start, out.length);
      out += around.before;
    }
    const pieces = rewrite.replace?.(node);
    if (pieces) {
      if (!replacedAt.has(start)) replacedAt.set(start, out.length);
      for (const p of pieces) {
        if (typeof p === "string") out += p;
        else emit(p);
      }
    } else {
      let cursor = start;
      for (const child of childrenOf(node)) {
        const childStart = child.getStart(sf);
        if (childStart < cursor) throw new Error(`children out of order in a ${ts.SyntaxKind[node.kind]} at ${start}`);
        copy(cursor, childStart);
        emit(child);
        cursor = child.end;
      }
      copy(cursor, node.end);
    }
    if (around && around.after) out += around.after;
  };
  emit(sf);
  const map = (offset: number): number[] => {
    const found: number[] = [];
    // Runs are copied in order of their old offsets (a replacement keeps its nodes in source order): search them.
    let lo = 0;
    let hi = segments.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [from, to, length] = segments[mid]!;
      if (offset < from) hi = mid - 1;
      else if (offset >= from + length) lo = mid + 1;
      else {
        found.push(to + offset - from);
        break;
      }
    }
    if (found.length === 0 && replacedAt.has(offset)) found.push(replacedAt.get(offset)!);
    if (found.length === 0 && offset === text.length) found.push(out.length);
    // A node's start may now be one of the parentheses put before it: the start of an expression wrapped around it.
    const inserted = insertedAt.get(offset);
    const end = found[0] ?? inserted;
    if (inserted !== undefined && end !== undefined) {
      for (let o = inserted; o < end; o++) if (out[o] === "(") found.push(o);
    }
    return found;
  };
  return { before: text, after: out, map };
}

function childrenOf(node: ts.Node): ts.Node[] {
  const children: ts.Node[] = [];
  ts.forEachChild(
    node,
    (child) => {
      children.push(child);
    },
    (list) => {
      children.push(...list);
    },
  );
  return children;
}

/** 1-based line and column (UTF-16 code units) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return offset + column - 1;
}

// ---------------------------------------------------------------------------------------------------------------------
// Where a value sits: positions in which an expression may be wrapped, broken onto a new line or given a cast

/** An expression in a value position: written, returned, passed, tested or combined, never assigned to or called. */
export function isValuePosition(node: ts.Node): node is ts.Expression {
  const p = node.parent;
  if (!p || ts.isSpreadElement(node) || ts.isOmittedExpression(node)) return false;
  if (inAssignmentTarget(node)) return false;
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isParameter(p) || ts.isBindingElement(p)) {
    return p.initializer === node && !ts.isBindingElement(p);
  }
  if (ts.isBinaryExpression(p)) {
    if (p.right === node) return true;
    return p.left === node && !isAssignment(p.operatorToken.kind) && !ts.isPrivateIdentifier(node);
  }
  if (ts.isCallExpression(p) || ts.isNewExpression(p)) return isArgument(p, node);
  // Not an expression statement's: a statement that starts with `(` could continue the one before it.
  if (ts.isReturnStatement(p) || ts.isThrowStatement(p)) return p.expression === node;
  if (ts.isIfStatement(p) || ts.isWhileStatement(p) || ts.isDoStatement(p) || ts.isSwitchStatement(p) || ts.isCaseClause(p)) {
    return p.expression === node;
  }
  if (ts.isConditionalExpression(p)) return p.condition === node || p.whenTrue === node || p.whenFalse === node;
  if (ts.isArrayLiteralExpression(p)) return true;
  if (ts.isTemplateSpan(p)) return p.expression === node;
  if (ts.isElementAccessExpression(p)) return p.argumentExpression === node;
  if (ts.isArrowFunction(p)) return p.body === node && !ts.isBlock(node);
  if (ts.isAwaitExpression(p) || ts.isTypeOfExpression(p) || ts.isVoidExpression(p)) return true;
  if (ts.isPrefixUnaryExpression(p)) return p.operator !== ts.SyntaxKind.PlusPlusToken && p.operator !== ts.SyntaxKind.MinusMinusToken;
  return false;
}

/** Whether a node is (inside) the target of an assignment or a for-of/in head: its parentheses would change nothing there, but a cast would not parse. */
function inAssignmentTarget(node: ts.Node): boolean {
  let child: ts.Node = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (ts.isBinaryExpression(p)) return isAssignment(p.operatorToken.kind) && p.left === child;
    if ((ts.isForOfStatement(p) || ts.isForInStatement(p)) && p.initializer === child) return true;
    if (ts.isPrefixUnaryExpression(p) || ts.isPostfixUnaryExpression(p)) {
      return p.operator === ts.SyntaxKind.PlusPlusToken || p.operator === ts.SyntaxKind.MinusMinusToken;
    }
    if (!(ts.isArrayLiteralExpression(p) || ts.isObjectLiteralExpression(p) || ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p) || ts.isSpreadElement(p) || ts.isSpreadAssignment(p) || ts.isParenthesizedExpression(p))) {
      return false;
    }
  }
  return false;
}

function isArgument(call: ts.CallExpression | ts.NewExpression, node: ts.Node): boolean {
  return (call.arguments ?? []).some((a) => a === node);
}

function isAssignment(op: ts.SyntaxKind): boolean {
  return op >= ts.SyntaxKind.FirstAssignment && op <= ts.SyntaxKind.LastAssignment;
}

/** Positions right after a token that cannot end a statement, where a line break cannot change how the code parses. */
export function isContinuationPosition(node: ts.Node): boolean {
  const p = node.parent;
  if (!p) return false;
  if (ts.isReturnStatement(p) || ts.isThrowStatement(p) || ts.isExpressionStatement(p)) return false;
  if (ts.isArrowFunction(p)) return p.body === node;
  if (ts.isBinaryExpression(p)) return p.right === node;
  if (ts.isPropertyAssignment(p) || ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p)) return p.initializer === node;
  if (ts.isObjectLiteralExpression(p) || ts.isArrayLiteralExpression(p)) return true;
  if (ts.isCallExpression(p) || ts.isNewExpression(p)) return isArgument(p, node);
  if (ts.isConditionalExpression(p)) return p.whenTrue === node || p.whenFalse === node;
  if (ts.isParenthesizedExpression(p) || ts.isTemplateSpan(p) || ts.isSpreadElement(p) || ts.isAwaitExpression(p)) return p.expression === node;
  if (ts.isElementAccessExpression(p)) return p.argumentExpression === node;
  if (ts.isIfStatement(p) || ts.isWhileStatement(p) || ts.isDoStatement(p) || ts.isSwitchStatement(p) || ts.isCaseClause(p)) {
    return p.expression === node;
  }
  return false;
}

export function isStatementInList(node: ts.Node): boolean {
  const p = node.parent;
  return !!p && ts.isStatement(node) && (ts.isBlock(p) || ts.isSourceFile(p) || ts.isCaseClause(p) || ts.isDefaultClause(p) || ts.isModuleBlock(p));
}

// ---------------------------------------------------------------------------------------------------------------------
// The rewrites

export const COMMENT = "/*~*/";

/** A block comment before every node, and a line comment before every statement. */
export const comments: Rewrite = {
  around(node) {
    if (ts.isSourceFile(node) || node.kind === ts.SyntaxKind.EndOfFileToken) return undefined;
    return { before: isStatementInList(node) ? `// ~\n${COMMENT} ` : `${COMMENT} `, after: "" };
  },
};

/** A blank line before every statement, and a line break in every continuation position of an expression. */
export const lineBreaks: Rewrite = {
  around(node) {
    if (isStatementInList(node)) return { before: "\n\n", after: "" };
    if (isContinuationPosition(node)) return { before: "\n        ", after: "" };
    return undefined;
  },
};

/** Parentheses around every value. */
export const parentheses: Rewrite = {
  around(node) {
    return isValuePosition(node) ? { before: "(", after: ")" } : undefined;
  },
};

/** A type assertion on every value written, returned or passed: `as any`, `satisfies unknown` or `!`, in turn. */
export function casts(): Rewrite {
  let n = 0;
  const forms = [") as any)", ") satisfies unknown)", ")!)"];
  return {
    around(node) {
      const p = node.parent;
      if (!p || !isValuePosition(node)) return undefined;
      const written =
        ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && p.initializer === node) ||
        (ts.isBinaryExpression(p) && p.right === node && isAssignment(p.operatorToken.kind)) ||
        (ts.isReturnStatement(p) && p.expression === node) ||
        ((ts.isCallExpression(p) || ts.isNewExpression(p)) && isArgument(p, node));
      if (!written) return undefined;
      return { before: "((", after: forms[n++ % forms.length]! };
    },
  };
}

/**
 * Every variable and parameter declared inside a function renamed, with all its references, by TypeScript's own rename
 * (shorthand properties and destructuring keep their property names). Variables holding a function keep their name:
 * that name is the function's (configured carriers match on it).
 */
export function renameLocals(sf: ts.SourceFile): Rewrite {
  const fileName = sf.fileName;
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [fileName],
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => (name === fileName ? ts.ScriptSnapshot.fromString(sf.text) : undefined),
    getCurrentDirectory: () => "/",
    getCompilationSettings: () => ({ noLib: true, noResolve: true, target: ts.ScriptTarget.Latest }),
    getDefaultLibFileName: () => "lib.d.ts",
    fileExists: (name) => name === fileName,
    readFile: (name) => (name === fileName ? sf.text : undefined),
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const program = service.getProgram()!;
  const tree = program.getSourceFile(fileName)!;
  const edits = new Map<number, { length: number; text: string }>();
  let k = 0;
  const visit = (node: ts.Node): void => {
    const name = declaredLocal(node);
    if (name) {
      const fresh = `__v${k++}`;
      const locations = service.findRenameLocations(fileName, name.getStart(tree), false, false, { providePrefixAndSuffixTextForRename: true }) ?? [];
      for (const l of locations) {
        if (l.fileName !== fileName || edits.has(l.textSpan.start)) continue;
        edits.set(l.textSpan.start, { length: l.textSpan.length, text: `${l.prefixText ?? ""}${fresh}${l.suffixText ?? ""}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  service.dispose();
  return {
    replace(node) {
      if (!ts.isIdentifier(node)) return undefined;
      const edit = edits.get(node.getStart(sf));
      return edit && edit.length === node.getWidth(sf) ? [edit.text] : undefined;
    },
  };
}

function declaredLocal(node: ts.Node): ts.Identifier | undefined {
  let name: ts.Node | undefined;
  if (ts.isVariableDeclaration(node)) {
    if (node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) return undefined;
    name = node.name;
  } else if (ts.isParameter(node) || ts.isBindingElement(node)) {
    name = node.name;
  }
  if (!name || !ts.isIdentifier(name) || name.text === "this") return undefined;
  for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
    if (ts.isFunctionLike(p)) return ts.isFunctionTypeNode(p) || ts.isMethodSignature(p) || ts.isConstructSignatureDeclaration(p) || ts.isCallSignatureDeclaration(p) || ts.isIndexSignatureDeclaration(p) || ts.isConstructorTypeNode(p) ? undefined : name;
    if (ts.isSourceFile(p) || ts.isModuleBlock(p)) return undefined;
  }
  return undefined;
}

/**
 * `server.registerTool(name, { description, inputSchema }, handler)` ⇄ `server.tool(name, description, inputSchema, handler)`
 * (SPEC §1: both shapes of the MCP SDK). A config with any other property, or not written in place, is left alone.
 */
export const toolShapes: Rewrite = {
  replace(node) {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
    const callee = node.expression;
    const args = node.arguments;
    if (callee.name.text === "registerTool" && args.length === 3 && ts.isObjectLiteralExpression(args[1]!)) {
      const parts = new Map<string, ts.Node>();
      for (const p of args[1].properties) {
        if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name)) parts.set(p.name.text, p.initializer);
        else if (ts.isShorthandPropertyAssignment(p) && !p.objectAssignmentInitializer) parts.set(p.name.text, p.name);
        else return undefined;
      }
      const description = parts.get("description");
      const schema = parts.get("inputSchema");
      if (!description || parts.size !== (schema ? 2 : 1)) return undefined;
      return [callee.expression, ".tool(", args[0]!, ", ", description, ...(schema ? [", ", schema] : []), ", ", args[2]!, ")"];
    }
    if (callee.name.text === "tool" && (args.length === 3 || args.length === 4) && !ts.isObjectLiteralExpression(args[1]!)) {
      const schema = args.length === 4 ? [", inputSchema: ", args[2]!] : [];
      return [callee.expression, ".registerTool(", args[0]!, ", { description: ", args[1]!, ...schema, " }, ", args[args.length - 1]!, ")"];
    }
    return undefined;
  },
};
