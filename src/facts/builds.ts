// Envelope builds (SPEC §2.0): builder calls, object literals with a `status`, and hand-serialised JSON strings.
import { ts, locOf, endOf } from "../ts.js";
import type { FileIndex } from "./fileIndex.js";
import { unwrapToFunction } from "./functions.js";
import { isFunctionLike, resolveBinding } from "./scope.js";
import { calleeName, flattenPlus, functionName, isStringConcatenation, isStringRaw, peel, propertyNameText, propertyValue, shortText } from "./syntax.js";
import type { BuildFact, CalleeRef, StrExpr } from "./types.js";
import { calleeRefOf } from "./callees.js";
import { cookedText } from "./strExpr.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const {
  AmpersandAmpersandEqualsToken,
  AsExpression,
  BarBarEqualsToken,
  BarBarToken,
  BinaryExpression,
  CommaToken,
  EnumMember,
  EqualsToken,
  ExportDeclaration,
  ExternalModuleReference,
  ImportDeclaration,
  LiteralType,
  MethodDeclaration,
  NoSubstitutionTemplateLiteral,
  ParenthesizedExpression,
  PlusToken,
  PropertyAssignment,
  PropertySignature,
  QuestionQuestionEqualsToken,
  QuestionQuestionToken,
  SatisfiesExpression,
  StringLiteral,
  TaggedTemplateExpression,
  TemplateExpression,
  TemplateSpan,
} = ts.SyntaxKind;

/** A callee `followableCalleeRefOf` cannot follow, until its reason is asked for. */
const UNFOLLOWED: CalleeRef = Object.freeze({ k: "unknown", why: "" });

/**
 * A call that may build an envelope: one whose callee is bound to an import (the project decides whether the import
 * is the helpers module's builder, however it was renamed, re-exported or aliased on the way), or a function of this
 * file named like the builder or an allow-listed producer. A local function, parameter or `let` that merely shares
 * the builder's name is not the builder: the project follows the binding, never the name.
 */
export function tryBuilderCall(file: FileIndex, call: ts.CallExpression): void {
  let callee = peel(call.expression);
  let wordArg: ts.Expression | undefined = call.arguments[0];
  let wordUnseen: string | undefined;
  let indirect = false;
  // `status.call(thisArg, word, …)` and `status.apply(thisArg, [word, …])` build the same envelope.
  if (ts.isPropertyAccessExpression(callee) && (callee.name.text === "call" || callee.name.text === "apply")) {
    const inner = peel(callee.expression);
    // `(0, status).call(…)` calls what the comma's last operand is.
    const target = commaOperand(inner);
    if (ts.isIdentifier(target) || ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) {
      indirect = true;
      if (callee.name.text === "call") wordArg = call.arguments[1];
      else {
        const list = call.arguments[1] && peel(call.arguments[1]);
        wordArg = list && ts.isArrayLiteralExpression(list) && !ts.isSpreadElement(list.elements[0] ?? list) ? list.elements[0] : undefined;
        if (!wordArg && list) wordUnseen = `the arguments are \`${shortText(list, 40)}\`, not a list the census can read`;
      }
      callee = inner;
    }
  }
  // Why a callee cannot be followed is said only for the allow-listed calls that record one.
  let ref = file.followableCallee(callee) ?? UNFOLLOWED;
  const member = !ts.isIdentifier(commaOperand(callee));
  const called = calleeName(callee);
  const name = ref.k === "local" || ref.k === "import" ? ref.name : called;
  if (!name) return;
  // Allow-listed producers are matched by the called name, plain or as a member (SPEC §2.0).
  const allowListed = (called !== null && file.allowed.has(called)) || file.allowed.has(name);
  const named =
    allowListed ||
    (ref.k === "local" && file.builders.has(name)) ||
    // An import is the builder when the project says so: by its name, a default export, or a word a builder takes.
    (ref.k === "import" && (file.builders.has(name) || name === "default"));
  // Unless named, a call is a build only by a known word (an import's, with the arguments a builder takes).
  const wordMatters = named || (ref.k === "import" && call.arguments.length >= 2 && !!wordArg && file.evaluator.mayBeKnown(wordArg));
  if (!wordMatters) {
    // Evaluating the word may still settle values that later evaluations find: it runs when it may, so that every
    // later result is what it was.
    if (wordArg && file.evaluator.mayRemember(wordArg)) file.evaluator.evaluate(wordArg);
    return;
  }
  const word: StrExpr = wordArg
    ? file.evaluator.evaluate(wordArg)
    : { k: "unknown", why: wordUnseen ?? "no status word is passed", ...locOf(call) };
  if (!named && word.k === "unknown") return;
  if (ref === UNFOLLOWED) ref = calleeRefOf(callee);
  const catchVariable = catchVariableOf(call);
  file.facts.builds.push({
    k: "call",
    loc: locOf(call),
    end: endOf(call),
    word,
    callee: { name: allowListed ? (called ?? name) : name, member, ref },
    enclosing: enclosingNames(call),
    site: file.siteOf(call),
    // Set only inside a catch clause: facts are plain data, with no key the cache's JSON would drop.
    ...(catchVariable === undefined ? {} : { catchVariable }),
    ...(indirect ? {} : { rewrite: rewriteOf(file, call, callee, ref) }),
  });
}

/**
 * A reference to the builder that is not a call (passed as a value, bound, stored): the census cannot see the words
 * it will be called with. Aliases the census follows (`const s = status`) and re-exports (`export default status`)
 * are not such references: their calls are read where they are made.
 */
export function tryBuilderReference(file: FileIndex, node: ts.Identifier | ts.PropertyAccessExpression | ts.ElementAccessExpression): void {
  if ((ts.isIdentifier(node) && !isValueReference(node)) || isCalled(node) || isAlias(node)) return;
  const ref = calleeRefOf(node);
  if (ref.k !== "import" || !file.builders.has(ref.name) || file.allowed.has(ref.name)) return;
  file.facts.builds.push({
    k: "reference",
    loc: locOf(node),
    end: endOf(node),
    word: { k: "unknown", why: `\`${shortText(node, 40)}\` is passed on as a value`, ...locOf(node) },
    callee: { name: ref.name, member: !ts.isIdentifier(node), ref: { ...ref, local: shortText(node, 40) } },
    enclosing: enclosingNames(node),
    site: file.siteOf(node),
  });
}

/** An identifier that reads a binding: not a property name, a key, a label or the name a declaration declares. */
function isValueReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p)) return p.expression === id;
  if (ts.isQualifiedName(p)) return false;
  if (ts.isShorthandPropertyAssignment(p)) return true;
  if ("name" in p && (p as { name?: ts.Node }).name === id) return false;
  if (ts.isBindingElement(p) && p.propertyName === id) return false;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return false;
  return true;
}

/** Whether a node is what a call calls: `f(…)`, `(0, f)(…)`, `f.call(…)` / `f.apply(…)`, `H.f(…)` as a whole. */
function isCalled(node: ts.Node): boolean {
  let child: ts.Node = node;
  let parent = node.parent;
  while (parent && (ts.isParenthesizedExpression(parent) || ts.isNonNullExpression(parent) || ts.isAsExpression(parent) || (ts.isBinaryExpression(parent) && parent.operatorToken.kind === CommaToken && parent.right === child))) {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return false;
  if (ts.isCallExpression(parent) && parent.expression === child) return true;
  // `status.call(…)`, `status.apply(…)`: called through Function.prototype.
  if (ts.isPropertyAccessExpression(parent) && parent.expression === child && (parent.name.text === "call" || parent.name.text === "apply")) {
    return ts.isCallExpression(parent.parent) && parent.parent.expression === parent;
  }
  return false;
}

/** `const s = status`, `export default status`: aliases and re-exports whose uses the census reads where they are. */
function isAlias(node: ts.Node): boolean {
  // A const's value is followed through what `peel` takes off it: `const say = (status as Builder);` is an alias too.
  // Every node the walk gathers has a parent, and the node below a wrapper is its one operand.
  let parent = node.parent;
  while (peel(parent as ts.Expression) !== parent) parent = parent.parent;
  // Only a declaration list carries the const flag, and a node below one of its declarations that is no name (a name is
  // no reference) is its value.
  return (parent.parent.flags & ts.NodeFlags.Const) !== 0 || ts.isExportAssignment(parent) || ts.isExportSpecifier(parent);
}

function commaOperand(e: ts.Expression): ts.Expression {
  let x = peel(e);
  while (ts.isBinaryExpression(x) && x.operatorToken.kind === CommaToken) x = peel(x.right);
  return x;
}

function rewriteOf(file: FileIndex, call: ts.CallExpression, callee: ts.Expression, ref: CalleeRef): NonNullable<BuildFact["rewrite"]> {
  const args = call.arguments.map((a) => a.getText(file.sf));
  const hints = call.arguments[2] && peel(call.arguments[2]);
  const parameter = hints && ts.isObjectLiteralExpression(hints) ? propertyValue(hints, "parameter") : undefined;
  const qualifier = ts.isPropertyAccessExpression(callee) ? `${callee.expression.getText(file.sf)}.` : "";
  const bound: string[] = [];
  const taken: string[] = [];
  for (const name of file.options.producers) {
    const probe = ts.factory.createIdentifier(name);
    // Resolve the name as if written at the call: is it the producer (imported or declared), or something else?
    (probe as { parent: ts.Node }).parent = call;
    const binding = resolveBinding(probe);
    if (!binding) continue;
    const d = binding.declaration;
    const isProducer =
      binding.kind === "function" ||
      (ts.isImportSpecifier(d) && (d.propertyName ?? d.name).text === name) ||
      (binding.kind === "const" && ts.isVariableDeclaration(d) && !!d.initializer && !!unwrapToFunction(file, d.initializer));
    (isProducer ? bound : taken).push(name);
  }
  const rewrite: NonNullable<BuildFact["rewrite"]> = { range: [call.getStart(file.sf), call.getEnd()], args, qualifier, bound, taken };
  if (parameter) rewrite.parameter = parameter.getText(file.sf);
  if (ref.k === "import" && !qualifier) {
    const decl = file.sf.statements.find(
      (s): s is ts.ImportDeclaration =>
        ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === ref.module && !!s.importClause?.namedBindings && ts.isNamedImports(s.importClause.namedBindings),
    );
    const named = decl?.importClause?.namedBindings as ts.NamedImports | undefined;
    const last = named?.elements[named.elements.length - 1];
    if (last) rewrite.importAfter = last.getEnd();
  }
  return rewrite;
}

export function tryEnvelopeObject(file: FileIndex, object: ts.ObjectLiteralExpression): void {
  for (const p of object.properties) {
    let value: ts.Expression | undefined;
    let key: boolean | StrExpr = false;
    if (ts.isPropertyAssignment(p)) {
      key = ts.isComputedPropertyName(p.name) ? statusKey(file.evaluator.evaluate(p.name.expression)) : propertyNameText(p.name) === "status";
      value = p.initializer;
    } else if (ts.isShorthandPropertyAssignment(p)) {
      key = p.name.text === "status";
      value = p.name;
    }
    if (value && key !== false) pushObjectWord(file, p, value, object, undefined, key);
  }
}

/**
 * `o.status = word` and `o["status"] = word` (also `??=`, `||=`, `&&=`: the extractor hands on only the `ASSIGNMENTS`):
 * an object's status set after it is made, the same envelope as the literal's `status` property, reported at the
 * assignment's target.
 */
export function tryStatusAssignment(file: FileIndex, assignment: ts.BinaryExpression): void {
  const target = peel(assignment.left);
  const key: boolean | StrExpr = ts.isPropertyAccessExpression(target)
    ? target.name.text === "status"
    : ts.isElementAccessExpression(target) && statusKey(file.evaluator.evaluate(target.argumentExpression));
  if (key !== false) pushObjectWord(file, target, assignment.right, assignment, "assignment", key);
}

/**
 * `Object.fromEntries([["status", word], …])`: an object made of key-value pairs, whose `"status"` pair is the same
 * envelope as a literal's `status` property, reported at the pair.
 */
export function tryEntriesEnvelope(file: FileIndex, call: ts.CallExpression): void {
  const callee = peel(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "fromEntries") return;
  const owner = peel(callee.expression);
  if (!ts.isIdentifier(owner) || owner.text !== "Object" || resolveBinding(owner)) return;
  const list = call.arguments[0] && peel(call.arguments[0]);
  if (!list || !ts.isArrayLiteralExpression(list)) return;
  for (const element of list.elements) {
    const pair = peel(element);
    if (!ts.isArrayLiteralExpression(pair)) continue;
    const [key, value] = pairParts(pair);
    const status = key && value ? statusKey(file.evaluator.evaluate(key)) : false;
    if (status !== false) pushObjectWord(file, pair, value!, call, "entries", status);
  }
}

/**
 * A pair's key and value as the array holds them: a spread of a list written in place (`["status", ...["error"]]`)
 * gives its elements; any other spread hides what follows it (undefined from there on).
 */
function pairParts(pair: ts.ArrayLiteralExpression): [ts.Expression | undefined, ts.Expression | undefined] {
  const parts: ts.Expression[] = [];
  // An explicit stack: spreads of spreads nest as deep as the source does.
  const pending: ts.Expression[] = [...pair.elements].reverse();
  for (let e = pending.pop(); e; e = pending.pop()) {
    if (!ts.isSpreadElement(e)) {
      parts.push(e);
      continue;
    }
    const spread = peel(e.expression);
    if (!ts.isArrayLiteralExpression(spread)) break;
    for (let i = spread.elements.length - 1; i >= 0; i--) pending.push(spread.elements[i]!);
  }
  return [parts[0], parts[1]];
}

/** The assignments whose value is what the target holds after them (`+=` and the other compound ones compute it). */
export const ASSIGNMENTS: ReadonlySet<ts.SyntaxKind> = new Set([EqualsToken, QuestionQuestionEqualsToken, BarBarEqualsToken, AmpersandAmpersandEqualsToken]);

/**
 * Whether a key is `status`: true or false when the file tells, or the key itself when only the project can (a constant
 * of another module, `[KEY]: word`); a key the census cannot see at all is taken for another (the object is data).
 */
function statusKey(key: StrExpr): boolean | StrExpr {
  if (key.k === "str") return key.v === "status";
  return key.k === "unknown" ? false : key;
}

/** An object's `status` word, set at `at` to `value` in the object made by `whole`. */
function pushObjectWord(file: FileIndex, at: ts.Node, value: ts.Expression, whole: ts.Node, form: BuildFact["form"] | undefined, key: true | StrExpr): void {
  const branches = branchesOf(value);
  file.facts.builds.push({
    k: "object",
    loc: locOf(at),
    end: endOf(at),
    word: file.evaluator.evaluate(value),
    ...(branches.length > 1 ? { alternatives: branches.map((b) => file.evaluator.evaluate(b)) } : {}),
    ...(form ? { form } : {}),
    ...(key === true ? {} : { key }),
    enclosing: enclosingNames(whole),
    site: file.siteOf(whole),
  });
}

/** The values an expression may take, split through `?:`, `??` and `||` (SPEC §2.0: object-literal words split like values). */
function branchesOf(expr: ts.Expression): ts.Expression[] {
  const out: ts.Expression[] = [];
  const pending: ts.Expression[] = [expr];
  for (let e = pending.pop(); e; e = pending.pop()) {
    const x = peel(e);
    if (ts.isConditionalExpression(x)) pending.push(x.whenFalse, x.whenTrue);
    else if (ts.isBinaryExpression(x) && (x.operatorToken.kind === QuestionQuestionToken || x.operatorToken.kind === BarBarToken)) {
      pending.push(x.right, x.left);
    } else out.push(x);
  }
  return out;
}

export function trySerialised(file: FileIndex, expr: ts.Expression): void {
  // A literal is its cooked text: most strings of a file are, and need no evaluator to be told apart.
  if ((expr.kind === StringLiteral || expr.kind === NoSubstitutionTemplateLiteral) && !mayMentionStatus(cookedText(expr as ts.StringLiteral))) return;
  // A `+` chain holds an envelope only through an operand that may be a known string: most chains are arithmetic.
  if (expr.kind === BinaryExpression && !flattenPlus(expr).some((operand) => file.evaluator.mayBeKnown(operand))) return;
  const value = file.evaluator.evaluate(expr);
  if (!mayHoldStatusKey(value)) return;
  file.facts.builds.push({
    k: "serialised",
    loc: locOf(expr),
    end: endOf(expr),
    word: value,
    enclosing: enclosingNames(expr),
    site: file.siteOf(expr),
  });
}

/** A string expression not nested in a larger one: the unit a serialised envelope is read from. */
export function isMaximalString(node: ts.Node): boolean {
  switch (node.kind) {
    case StringLiteral:
    case NoSubstitutionTemplateLiteral:
    case TemplateExpression:
      break;
    case TaggedTemplateExpression:
      if (!isStringRaw((node as ts.TaggedTemplateExpression).tag)) return false;
      break;
    case BinaryExpression:
      // Any `+` chain, a literal in it or not: constants may join into an envelope (`HEAD + TAIL`), as evaluated.
      break;
    default:
      return false;
  }
  let p = node.parent;
  while (p && (p.kind === ParenthesizedExpression || p.kind === AsExpression || p.kind === SatisfiesExpression)) p = p.parent;
  if (!p) return true;
  switch (p.kind) {
    case BinaryExpression:
      return !((p as ts.BinaryExpression).operatorToken.kind === PlusToken && isStringConcatenation(p as ts.BinaryExpression));
    // Keys, module names and types are not values.
    case PropertyAssignment:
    case PropertySignature:
    case MethodDeclaration:
    case EnumMember:
      return (p as ts.PropertyAssignment).name !== node;
    case TemplateSpan:
    case ImportDeclaration:
    case ExportDeclaration:
    case ExternalModuleReference:
    case LiteralType:
    case TaggedTemplateExpression:
      return false;
    default:
      return true;
  }
}

function enclosingNames(node: ts.Node): string[] {
  const names: string[] = [];
  for (let p = node.parent; p; p = p.parent) {
    if (!isFunctionLike(p)) continue;
    const n = functionName(p);
    if (n) names.push(n);
  }
  return names;
}

function catchVariableOf(node: ts.Node): string | null | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (isFunctionLike(p)) return undefined;
    if (ts.isCatchClause(p)) {
      const d = p.variableDeclaration;
      return d && ts.isIdentifier(d.name) ? d.name.text : null;
    }
  }
  return undefined;
}

/**
 * Cheap filter: a string that mentions `status` in its known text (or may, spelt with JSON escapes), or that depends
 * on another module's constant.
 */
function mayHoldStatusKey(value: StrExpr): boolean {
  switch (value.k) {
    case "str":
      return mayMentionStatus(value.v);
    case "cat":
      return value.parts.some(mayHoldStatusKey);
    case "ref":
      return true;
    case "unknown":
      return false;
  }
}

function mayMentionStatus(text: string): boolean {
  return text.includes("status") || text.includes("\\u");
}
