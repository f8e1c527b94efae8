// Envelope builds (SPEC §2.0): builder calls, object literals with a `status`, and hand-serialised JSON strings.
import { ts, locOf, endOf } from "../ts.js";
import type { FileIndex } from "./fileIndex.js";
import { unwrapToFunction } from "./functions.js";
import { isFunctionLike, resolveBinding } from "./scope.js";
import { functionName, isStringConcatenation, peel, propertyNameText, propertyValue, shortText } from "./syntax.js";
import type { BuildFact, CalleeRef, StrExpr } from "./types.js";
import { calleeRefOf } from "./values.js";

export function tryBuilderCall(file: FileIndex, call: ts.CallExpression): void {
  let callee = peel(call.expression, false);
  let wordArg: ts.Expression | undefined = call.arguments[0];
  let wordUnseen: string | undefined;
  let indirect = false;
  // `status.call(thisArg, word, …)` and `status.apply(thisArg, [word, …])` build the same envelope.
  if (ts.isPropertyAccessExpression(callee) && (callee.name.text === "call" || callee.name.text === "apply")) {
    const inner = peel(callee.expression, false);
    if (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) {
      indirect = true;
      if (callee.name.text === "call") wordArg = call.arguments[1];
      else {
        const list = call.arguments[1] && peel(call.arguments[1], false);
        wordArg = list && ts.isArrayLiteralExpression(list) && !ts.isSpreadElement(list.elements[0] ?? list) ? list.elements[0] : undefined;
        if (!wordArg && list) wordUnseen = `the arguments are \`${shortText(list, 40)}\`, not a list the census can read`;
      }
      callee = inner;
    }
  }
  let name: string | null = null;
  let member = false;
  if (ts.isIdentifier(callee)) {
    const ref = calleeRefOf(callee);
    name = ref.k === "import" ? ref.name : callee.text;
    // A `const` alias (`const s = status`) resolves to the aliased name.
    if (ref.k === "local" && !file.builders.has(callee.text)) name = ref.name;
  } else if (ts.isPropertyAccessExpression(callee)) {
    name = callee.name.text;
    member = true;
  }
  if (!name || !file.builders.has(name)) return;
  const ref = calleeRefOf(callee);
  const word: StrExpr = wordArg
    ? file.evaluator.evaluate(wordArg)
    : { k: "unknown", why: wordUnseen ?? "no status word is passed", ...locOf(call) };
  // On an arbitrary object (`res.status(500)`) the call is someone else's method unless its word is a known string.
  if (member && ref.k !== "import" && word.k === "unknown") return;
  file.facts.builds.push({
    k: "call",
    loc: locOf(call),
    end: endOf(call),
    word,
    callee: { name, member, ref },
    enclosing: enclosingNames(call),
    site: file.siteOf(call),
    catchVariable: catchVariableOf(call),
    range: [call.getStart(file.sf), call.getEnd()],
    ...(indirect ? {} : { rewrite: rewriteOf(file, call, callee, ref) }),
  });
}

function rewriteOf(file: FileIndex, call: ts.CallExpression, callee: ts.Expression, ref: CalleeRef): NonNullable<BuildFact["rewrite"]> {
  const args = call.arguments.map((a) => a.getText(file.sf));
  const hints = call.arguments[2] && peel(call.arguments[2], false);
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
  const rewrite: NonNullable<BuildFact["rewrite"]> = { args, qualifier, bound, taken };
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
    let word: StrExpr | undefined;
    if (ts.isPropertyAssignment(p) && isStatusKey(file, p.name)) word = file.evaluator.evaluate(p.initializer);
    else if (ts.isShorthandPropertyAssignment(p) && p.name.text === "status") word = file.evaluator.evaluate(p.name);
    if (!word) continue;
    file.facts.builds.push({
      k: "object",
      loc: locOf(p),
      end: endOf(p),
      word,
      enclosing: enclosingNames(object),
      site: file.siteOf(object),
      range: [object.getStart(file.sf), object.getEnd()],
    });
  }
}

function isStatusKey(file: FileIndex, name: ts.PropertyName): boolean {
  if (ts.isComputedPropertyName(name)) {
    const key = file.evaluator.evaluate(name.expression);
    return key.k === "str" && key.v === "status";
  }
  return propertyNameText(name) === "status";
}

export function trySerialised(file: FileIndex, expr: ts.Expression): void {
  const value = file.evaluator.evaluate(expr);
  if (!mayHoldStatusKey(value)) return;
  file.facts.builds.push({
    k: "serialised",
    loc: locOf(expr),
    end: endOf(expr),
    word: value,
    enclosing: enclosingNames(expr),
    site: file.siteOf(expr),
    range: [expr.getStart(file.sf), expr.getEnd()],
  });
}

/** A string expression not nested in a larger one: the unit a serialised envelope is read from. */
export function isMaximalString(node: ts.Node): boolean {
  if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node) && !ts.isTemplateExpression(node)) {
    if (!ts.isBinaryExpression(node) || !isStringConcatenation(node)) return false;
  }
  let p = node.parent;
  while (p && (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p))) p = p.parent;
  if (!p) return true;
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken && isStringConcatenation(p)) return false;
  if (ts.isTemplateSpan(p)) return false;
  // Keys, module names and types are not values.
  if ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p) || ts.isEnumMember(p)) && p.name === node) return false;
  if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p) || ts.isLiteralTypeNode(p)) return false;
  if (ts.isTaggedTemplateExpression(p)) return false;
  return true;
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

/** Cheap filter: a string that mentions `status` in its known text, or that depends on another module's constant. */
function mayHoldStatusKey(value: StrExpr): boolean {
  switch (value.k) {
    case "str":
      return value.v.includes("status");
    case "cat":
      return value.parts.some(mayHoldStatusKey);
    case "ref":
      return true;
    case "unknown":
      return false;
  }
}
