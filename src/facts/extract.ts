// Per-file facts: a pure function of (file text, extraction options). The syntax tree stays here; facts leave as data.
import { ts, parseSourceUnlinked, parseDiagnostics, positionAt } from "../ts.js";
import { ASSIGNMENTS, isMaximalString, tryBuilderCall, tryBuilderReference, tryEntriesEnvelope, tryEnvelopeObject, trySerialised, tryStatusAssignment } from "./builds.js";
import { MAX_ALIASES, memberOf } from "./callees.js";
import { callValues, collectCall } from "./calls.js";
import { collectClasses } from "./classes.js";
import { collectConstants } from "./constants.js";
import { emptyFacts, FileIndex, type ExtractOptions } from "./fileIndex.js";
import { collectFunctionFacts, collectTopLevelFunctions } from "./functions.js";
import { collectDynamicRequest, collectModuleShape, collectTopLevelData, collectTopLevelObjects } from "./moduleShape.js";
import { collectPassThrough } from "./passThroughs.js";
import { peel } from "./syntax.js";
import { collectExportedDispatchers, tryToolRequestHandler } from "./toolLists.js";
import { addToolOfCall, claimToolCalls, collectToolLike } from "./tools.js";
import { collectZodChains } from "./zodSchemas.js";
import type { DataValue, FileFacts, Loc } from "./types.js";
import { continuesChain, deepestNode, MAX_NESTING, ParentLinker, placeOf, reverseFrom, tooDeep } from "./walk.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const {
  AsExpression,
  BinaryExpression,
  CallExpression,
  ElementAccessExpression,
  ExportDeclaration,
  Identifier,
  IfStatement,
  ImportDeclaration,
  NoSubstitutionTemplateLiteral,
  ObjectLiteralExpression,
  ParenthesizedExpression,
  PlusToken,
  PropertyAccessExpression,
  SatisfiesExpression,
  StringLiteral,
  TaggedTemplateExpression,
  TemplateExpression,
  VariableDeclaration,
} = ts.SyntaxKind;
// The typescript module's members are getters: the functions called for every node are read once.
const { forEachChild, isTypeNode } = ts;

/**
 * The facts of one file. A file nested deeper than the parser or the analysis can follow is a parse error of its own
 * ("nested too deeply to analyse at line L"), never an exception: no input ends the run.
 */
export function extractFileFacts(fileName: string, text: string, options: ExtractOptions): FileFacts {
  let sourceFile: ts.SourceFile | undefined;
  try {
    sourceFile = parseSourceUnlinked(fileName, text);
    return factsOf(sourceFile, options);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    // The nesting bound keeps the analysis well inside the stack; this is the net under it (the parser's own
    // recursion, or a reader that recursed where it should not have).
    return tooDeepFacts(sourceFile ? placeOf(deepestNode(sourceFile, true).node, sourceFile) : { line: overflowingLine(fileName, text), column: 1 });
  }
}

function factsOf(sourceFile: ts.SourceFile, options: ExtractOptions): FileFacts {
  const errors = parseDiagnostics(sourceFile);
  if (errors.length > 0) {
    return {
      ...emptyFacts(),
      parseErrors: errors.map((d) => ({
        loc: positionAt(sourceFile, d.start),
        end: positionAt(sourceFile, d.start + Math.max(d.length, 1)),
        message: ts.flattenDiagnosticMessageText(d.messageText, " "),
      })),
    };
  }

  // Names the builder may be imported under here: a reference to one that is not a call is a build the census cannot read.
  const builders = new Set(options.builders);

  // One walk over the tree gathers the sites every later stage reads; types and module declarations hold none. It
  // also measures the nesting, before any reader that recurses runs, and links every node to its parent (the parse
  // leaves that to this walk): a reader may ask for the parent of any node, types included, once the walk is done.
  // Every identifier and every member named as a builder, in source order: which may be references to the builder is
  // known once the walk has seen every const that may hold it.
  const referenceCandidates: (ts.Identifier | ts.PropertyAccessExpression | ts.ElementAccessExpression)[] = [];
  const declarations: ts.VariableDeclaration[] = [];
  const calls: ts.CallExpression[] = [];
  const ifs: ts.IfStatement[] = [];
  const objects: ts.ObjectLiteralExpression[] = [];
  const assignments: ts.BinaryExpression[] = [];
  // Strings are told maximal once the walk is done: telling needs the parents of nodes below the string.
  const stringCandidates: ts.Expression[] = [];
  const pending: ts.Node[] = [sourceFile];
  const depths: number[] = [0];
  let current: ts.Node = sourceFile;
  let currentDepth = 0;
  // One callback for the whole walk, not one per node: forEachChild stops at the first truthy result, so it returns nothing.
  const linkChild = (child: ts.Node): undefined => {
    (child as { parent: ts.Node }).parent = current;
    pending.push(child);
    depths.push(continuesChain(current, child) ? currentDepth : currentDepth + 1);
    return undefined;
  };
  const linker = new ParentLinker();
  for (let node = pending.pop(); node; node = pending.pop()) {
    const depth = depths.pop()!;
    if (depth > MAX_NESTING) return tooDeepFacts(placeOf(deepestNode(sourceFile, false).node, sourceFile));
    switch (node.kind) {
      case CallExpression:
        calls.push(node as ts.CallExpression);
        break;
      case IfStatement:
        ifs.push(node as ts.IfStatement);
        break;
      case ObjectLiteralExpression:
        objects.push(node as ts.ObjectLiteralExpression);
        break;
      case StringLiteral:
      case NoSubstitutionTemplateLiteral:
      case TemplateExpression:
      case TaggedTemplateExpression:
        stringCandidates.push(node as ts.Expression);
        break;
      case BinaryExpression:
        if ((node as ts.BinaryExpression).operatorToken.kind === PlusToken) stringCandidates.push(node as ts.Expression);
        else if (ASSIGNMENTS.has((node as ts.BinaryExpression).operatorToken.kind)) assignments.push(node as ts.BinaryExpression);
        break;
      case Identifier:
        referenceCandidates.push(node as ts.Identifier);
        break;
      case PropertyAccessExpression:
      case ElementAccessExpression: {
        // A member named as the builder (`x.status`, `x["status"]`), of whatever object: which are its module's (a
        // namespace import, a const that holds one, a dynamic import's module) is told by tryBuilderReference, as for
        // a call.
        const member = memberOf(node as ts.PropertyAccessExpression | ts.ElementAccessExpression);
        if (member && builders.has(member.key)) referenceCandidates.push(node as ts.PropertyAccessExpression | ts.ElementAccessExpression);
        break;
      }
      case VariableDeclaration:
        declarations.push(node as ts.VariableDeclaration);
        break;
      case ImportDeclaration:
      case ExportDeclaration:
        linker.linkBelow(node);
        continue;
    }
    if (isTypeNode(node)) {
      linker.linkBelow(node);
      continue;
    }
    current = node;
    currentDepth = depth;
    // Children are pushed first to last, then turned around so that they pop first to last: every list above is in
    // source order.
    const first = pending.length;
    forEachChild(node, linkChild);
    reverseFrom(pending, first);
    reverseFrom(depths, first);
  }
  // A name that may hold the builder: which binding each one read resolves to is told by tryBuilderReference.
  const builderNames = builderBindingNames(importedBuilderNames(sourceFile, builders), builders, declarations);
  const references = referenceCandidates.filter((node) => node.kind !== Identifier || builderNames.has((node as ts.Identifier).text));
  // An operand of a `+` chain is never the maximal string: only the chain's root is asked (once, not per link).
  const strings = stringCandidates.filter((node) => !isPlusOperand(node) && isMaximalString(node));

  const file = new FileIndex(sourceFile, options);
  collectModuleShape(file);
  file.facts.constants = collectConstants(sourceFile, file.evaluator);
  collectTopLevelObjects(file);
  collectTopLevelFunctions(file);

  // Tools first: every later fact asks which tool body it sits in. Which calls define tools is settled before any is
  // read, so that a list of definer calls reads as those tools.
  const toolCalls = claimToolCalls(file, calls);
  for (const [call, kind] of toolCalls) addToolOfCall(file, call, kind);
  collectToolLike(file, calls, toolCalls);
  for (const call of calls) tryToolRequestHandler(file, call);
  collectExportedDispatchers(file);
  collectTopLevelData(file);
  collectClasses(file);
  const valuesOf = new Map<ts.CallExpression, DataValue[]>();
  for (const call of calls) {
    const values = callValues(file, call);
    if (values) valuesOf.set(call, values);
  }
  collectFunctionFacts(file);
  for (const node of ifs) collectPassThrough(file, node);
  for (const call of calls) {
    tryBuilderCall(file, call);
    collectCall(file, call, valuesOf.get(call));
    collectDynamicRequest(file, call);
  }
  for (const reference of references) tryBuilderReference(file, reference);
  for (const object of objects) tryEnvelopeObject(file, object);
  for (const assignment of assignments) tryStatusAssignment(file, assignment);
  for (const call of calls) tryEntriesEnvelope(file, call);
  for (const s of strings) trySerialised(file, s);
  // Last: reading a schema's arguments asks for nothing any fact above depends on.
  collectZodChains(file, calls);
  return file.facts;
}

/** A node whose parent (parentheses and casts aside) is a `+`: part of a longer chain, whatever it is. */
function isPlusOperand(node: ts.Node): boolean {
  let p = node.parent;
  while (p && (p.kind === ParenthesizedExpression || p.kind === AsExpression || p.kind === SatisfiesExpression)) p = p.parent;
  return !!p && p.kind === BinaryExpression && (p as ts.BinaryExpression).operatorToken.kind === PlusToken;
}

function tooDeepFacts(loc: Loc): FileFacts {
  return { ...emptyFacts(), parseErrors: [{ loc, end: { line: loc.line, column: loc.column + 1 }, message: tooDeep(loc.line), tooDeep: true }] };
}

export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/**
 * The line at which the parser's own recursion gave out: the first line whose text up to its end already overflows
 * it (nesting only grows as the parser reads on). Found in a few parses, by bisection.
 */
function overflowingLine(fileName: string, text: string): number {
  // Lines as the parser counts them (\r\n, \n, \r, U+2028 and U+2029 each end one): TypeScript's own line map of the
  // text, which it makes on the first question and keeps on the object asked about. Its two functions read only the
  // text of what they are given (the method the language service adds to the type is not called).
  const lines = { text } as ts.SourceFileLike;
  const count = ts.getLineAndCharacterOfPosition(lines, text.length).line + 1;
  const overflows = (through: number): boolean => {
    try {
      parseSourceUnlinked(fileName, through < count ? text.slice(0, ts.getPositionOfLineAndCharacter(lines, through, 0)) : text);
      return false;
    } catch (error) {
      if (!isStackOverflow(error)) throw error;
      return true;
    }
  };
  let lo = 1;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (overflows(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The local names the file's named value imports bind to a builder-named export. */
function importedBuilderNames(sourceFile: ts.SourceFile, builders: ReadonlySet<string>): Set<string> {
  const builderNames = new Set<string>();
  for (const s of sourceFile.statements) {
    if (!ts.isImportDeclaration(s) || !s.importClause || s.importClause.isTypeOnly) continue;
    const bindings = s.importClause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const el of bindings.elements) if (!el.isTypeOnly && builders.has((el.propertyName ?? el.name).text)) builderNames.add(el.name.text);
    }
  }
  return builderNames;
}

/**
 * The names that may hold the builder: its named imports and every const that holds one of those names or a member
 * named as a builder (`const say = status`, `const say = h.status`, `const { status: say } = h`), as many consts deep
 * as a callee's aliases are followed. A name shared with another binding is told apart where it is read.
 */
function builderBindingNames(imported: Set<string>, builders: ReadonlySet<string>, declarations: readonly ts.VariableDeclaration[]): Set<string> {
  const names = imported;
  const consts = declarations.filter((d) => d.initializer !== undefined && (d.parent.flags & ts.NodeFlags.Const) !== 0);
  for (let round = 0, grew = consts.length > 0; grew && round < MAX_ALIASES; round++) {
    grew = false;
    for (const declaration of consts) {
      for (const name of namesHoldingBuilder(declaration, names, builders)) {
        if (names.has(name)) continue;
        names.add(name);
        grew = true;
      }
    }
  }
  return names;
}

/** The names a const declaration binds to what may be the builder, given the names that may hold it already. */
function namesHoldingBuilder(declaration: ts.VariableDeclaration, names: ReadonlySet<string>, builders: ReadonlySet<string>): string[] {
  if (ts.isObjectBindingPattern(declaration.name)) {
    return declaration.name.elements.flatMap((element) => {
      const key = element.propertyName ?? element.name;
      return !element.dotDotDotToken && ts.isIdentifier(element.name) && ts.isIdentifier(key) && builders.has(key.text) ? [element.name.text] : [];
    });
  }
  if (!ts.isIdentifier(declaration.name)) return [];
  const init = peel(declaration.initializer!);
  const member = ts.isIdentifier(init) ? undefined : memberOf(init);
  return (ts.isIdentifier(init) ? names.has(init.text) : member !== undefined && builders.has(member.key)) ? [declaration.name.text] : [];
}
