// What a called (or referenced) name is bound to, as far as its file can see: an import, a function of the file, or unknown.
import { ts } from "../ts.js";
import { patternOwner } from "./patterns.js";
import { resolveBinding } from "./scope.js";
import { peel, propertyNameText, shortText } from "./syntax.js";
import type { CalleeRef } from "./types.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const { CommaToken, ImportKeyword } = ts.SyntaxKind;

/** How many `const` aliases (`const s = status`) are followed before the census says the chain is too long. */
export const MAX_ALIASES = 8;

/**
 * Names what a called expression refers to: import renames, default and namespace imports, `const` aliases and
 * destructuring (`const { status: say } = H`, `const { status } = await import("./helpers.js")`), members of a
 * namespace or of a dynamically imported module (`H.status`, `H["status"]`), comma callees (`(0, status)`). A
 * parameter, a local function or a `let` that merely shares a name is what it is, never what it is named after.
 */
export function calleeRefOf(callee: ts.Expression, depth = 0): CalleeRef {
  return refOf(callee, depth, true);
}

/**
 * Whether a called expression is bound to a name the project can follow (an import or a function of this file), as
 * `calleeRefOf` tells it, without the words for a callee it cannot follow: most calls are of those, and most are
 * then left alone.
 */
export function followableCalleeRefOf(callee: ts.Expression): Exclude<CalleeRef, { k: "unknown" }> | undefined {
  const ref = refOf(callee, 0, false);
  return ref.k === "unknown" ? undefined : ref;
}

/** What `refOf` gives for a callee it cannot follow when it is not asked to say why. */
const UNEXPLAINED: CalleeRef = Object.freeze({ k: "unknown", why: "" });

function refOf(callee: ts.Expression, depth: number, explain: boolean): CalleeRef {
  let e = peel(callee);
  // `(0, status)(…)`: a comma expression is its last operand.
  while (ts.isBinaryExpression(e) && e.operatorToken.kind === CommaToken) e = peel(e.right);
  if (ts.isIdentifier(e)) return identifierRef(e, depth, explain);
  const member = memberOf(e);
  if (member) {
    const module = moduleObjectOf(member.object, depth);
    if (module) return { k: "import", module, name: member.key, local: `${shortText(member.object, 40)}.${member.key}` };
    if (!explain) return UNEXPLAINED;
    return { k: "unknown", why: `\`${shortText(e, 40)}\` is a method of an object: the census cannot tell which function it is` };
  }
  if (!explain) return UNEXPLAINED;
  return { k: "unknown", why: `\`${shortText(e, 40)}\` is not a named function` };
}

function identifierRef(e: ts.Identifier, depth: number, explain: boolean): CalleeRef {
  const binding = resolveBinding(e);
  if (!binding) return explain ? { k: "unknown", why: `\`${e.text}\` is not declared in this file` } : UNEXPLAINED;
  const decl = binding.declaration;
  if (binding.kind === "import") {
    if (ts.isImportSpecifier(decl)) return { k: "import", module: moduleOf(decl), name: (decl.propertyName ?? decl.name).text, local: e.text };
    if (ts.isImportClause(decl)) return { k: "import", module: moduleOf(decl), name: "default", local: e.text };
    return explain ? { k: "unknown", why: `\`${e.text}\` is a whole module, not a function` } : UNEXPLAINED;
  }
  if (binding.kind === "function") return { k: "local", name: e.text };
  if (binding.kind === "const" && depth < MAX_ALIASES) {
    if (ts.isVariableDeclaration(decl) && decl.initializer) {
      const init = peel(decl.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return { k: "local", name: e.text };
      if (ts.isIdentifier(init) || memberOf(init)) return refOf(init, depth + 1, explain);
      return explain ? { k: "unknown", why: `\`${e.text}\` holds the result of \`${shortText(init, 40)}\`, not a named function` } : UNEXPLAINED;
    }
    const destructured = destructuredMember(decl, depth);
    if (destructured) return { ...destructured, local: e.text };
  }
  if (!explain) return UNEXPLAINED;
  if (binding.kind === "parameter") return { k: "unknown", why: `\`${e.text}\` is a parameter: any function may be passed in` };
  return { k: "unknown", why: `\`${e.text}\` is a ${binding.kind} variable: it may hold any function` };
}

/** `const { status: say } = H` / `= await import("./helpers.js")`: the module's export the name is bound to. */
function destructuredMember(decl: ts.Node, depth: number): Extract<CalleeRef, { k: "import" }> | undefined {
  if (!ts.isBindingElement(decl) || decl.dotDotDotToken || !ts.isObjectBindingPattern(decl.parent)) return undefined;
  const owner = patternOwner(decl);
  if (!ts.isVariableDeclaration(owner) || owner.name !== decl.parent || !owner.initializer) return undefined;
  const key = decl.propertyName ? propertyNameText(decl.propertyName) : ts.isIdentifier(decl.name) ? decl.name.text : null;
  if (key === null) return undefined;
  const module = moduleObjectOf(owner.initializer, depth + 1);
  return module ? { k: "import", module, name: key, local: key } : undefined;
}

/** `x.key` or `x["key"]` with a key written as a literal. */
export function memberOf(e: ts.Expression): { object: ts.Expression; key: string } | undefined {
  if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.name)) return { object: e.expression, key: e.name.text };
  if (ts.isElementAccessExpression(e)) {
    const arg = peel(e.argumentExpression, false);
    if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return { object: e.expression, key: arg.text };
  }
  return undefined;
}

/** The module an expression is the namespace object of: `import * as H`, `import("./m")`, a `const` holding either. */
function moduleObjectOf(expr: ts.Expression, depth: number): string | undefined {
  const e = peel(expr);
  if (ts.isCallExpression(e) && e.expression.kind === ImportKeyword) {
    const arg = e.arguments[0] && peel(e.arguments[0], false);
    return arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) ? arg.text : undefined;
  }
  if (!ts.isIdentifier(e)) return undefined;
  const binding = resolveBinding(e);
  if (!binding) return undefined;
  if (ts.isNamespaceImport(binding.declaration)) return moduleOf(binding.declaration);
  const decl = binding.declaration;
  if (binding.kind === "const" && ts.isVariableDeclaration(decl) && decl.initializer && depth < MAX_ALIASES) return moduleObjectOf(decl.initializer, depth + 1);
  return undefined;
}

function moduleOf(node: ts.Node): string {
  for (let p: ts.Node | undefined = node; p; p = p.parent) {
    if (ts.isImportDeclaration(p) && ts.isStringLiteral(p.moduleSpecifier)) return p.moduleSpecifier.text;
  }
  return "";
}
