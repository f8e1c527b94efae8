// The module's shape as other modules see it: imports, exports, and its top-level `const` objects and factories.
import { ts, locOf, endOf } from "../ts.js";
import type { FileIndex } from "./fileIndex.js";
import { unwrapToFunction } from "./functions.js";
import { bindingTargets } from "./patterns.js";
import { declarationListKind, resolveBinding } from "./scope.js";
import { calledName, constObjectOf, peel, propertyNameText, shortText } from "./syntax.js";
import type { ExportFact, ImportFact, ObjectEntryFact, StrExpr } from "./types.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const { DefaultKeyword, ExportKeyword, ImportKeyword } = ts.SyntaxKind;

/** Records the file's imports (values only) and exports, re-exports included. */
export function collectModuleShape(file: FileIndex): void {
  const { imports, exports, requests } = file.facts;
  for (const s of file.sf.statements) {
    // Code is loaded from every import but a type-only one, side-effect imports (`import "./setup.js"`) included.
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && !s.importClause?.isTypeOnly) requests.push(s.moduleSpecifier.text);
    if (ts.isExportDeclaration(s) && !s.isTypeOnly && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) requests.push(s.moduleSpecifier.text);
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.importClause && !s.importClause.isTypeOnly) {
      const module = s.moduleSpecifier.text;
      const clause = s.importClause;
      if (clause.name) imports[clause.name.text] = { module, name: "default" } satisfies ImportFact;
      const nb = clause.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) imports[nb.name.text] = { module, name: "*" };
      else if (nb) for (const el of nb.elements) if (!el.isTypeOnly) imports[el.name.text] = { module, name: (el.propertyName ?? el.name).text };
    } else if (ts.isExportDeclaration(s) && !s.isTypeOnly) {
      const from = s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? s.moduleSpecifier.text : null;
      const clause = s.exportClause;
      if (!clause) {
        if (from) exports.push({ star: from });
      } else if (ts.isNamespaceExport(clause)) {
        if (from) exports.push({ name: clause.name.text, from, importName: "*" });
      } else {
        for (const el of clause.elements) {
          if (el.isTypeOnly) continue;
          const local = (el.propertyName ?? el.name).text;
          const entry: ExportFact = from ? { name: el.name.text, from, importName: local } : { name: el.name.text, local };
          exports.push(entry);
        }
      }
    } else if (ts.isExportAssignment(s) && !s.isExportEquals) {
      const e = peel(s.expression, false);
      exports.push({ name: "default", local: ts.isIdentifier(e) ? e.text : "default" });
    } else if (hasModifier(s, ExportKeyword)) {
      const isDefault = hasModifier(s, DefaultKeyword);
      if (ts.isVariableStatement(s)) {
        for (const d of s.declarationList.declarations) for (const { id } of bindingTargets(d.name)) exports.push({ name: id.text, local: id.text });
      } else if (ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) {
        const local = s.name?.text ?? "default";
        exports.push({ name: isDefault ? "default" : local, local });
      } else if (ts.isEnumDeclaration(s)) {
        exports.push({ name: s.name.text, local: s.name.text });
      }
    }
  }
}

export function collectTopLevelObjects(file: FileIndex): void {
  for (const s of file.sf.statements) {
    if (!ts.isVariableStatement(s) || declarationListKind(s.declarationList) !== "const") continue;
    for (const d of s.declarationList.declarations) {
      if (!ts.isIdentifier(d.name)) continue;
      file.facts.declarations[d.name.text] = locOf(d);
      const init = d.initializer && peel(d.initializer, false);
      if (init && ts.isCallExpression(init) && !unwrapToFunction(file, init)) {
        file.facts.factories[d.name.text] = { loc: locOf(d), end: endOf(d.name), callee: calledName(init) ?? shortText(init.expression, 40) };
      }
      if (!init || !ts.isObjectLiteralExpression(init)) continue;
      file.facts.objects[d.name.text] = objectEntries(file, init, 0);
    }
  }
}

/**
 * Top-level `const`s (and `export default`) whose value is data a tool list may be built from: objects, arrays,
 * calls (`defineTool(…)`, `list.map(…)`), names and property reads. Strings are left to `constants`.
 */
export function collectTopLevelData(file: FileIndex): void {
  const isData = (init: ts.Expression): boolean => {
    const e = peel(init, false);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e) || ts.isNumericLiteral(e)) return false;
    return !ts.isArrowFunction(e) && !ts.isFunctionExpression(e);
  };
  for (const s of file.sf.statements) {
    if (ts.isVariableStatement(s) && declarationListKind(s.declarationList) === "const") {
      for (const d of s.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || !d.initializer || !isData(d.initializer)) continue;
        // A composite value declares itself under its name as it is read; a leaf (a ref, a tool) is recorded here.
        const value = file.data.readDeclaration(d);
        if (value.k !== "local") file.facts.data[d.name.text] = value;
      }
    } else if (ts.isExportAssignment(s) && !s.isExportEquals && isData(s.expression)) {
      file.facts.data["default"] = file.data.read(s.expression);
    }
  }
}

/** An object literal's entries as strings: `key: value`, shorthand `key`, and spreads of other const objects. */
function objectEntries(file: FileIndex, object: ts.ObjectLiteralExpression, depth: number): ObjectEntryFact[] {
  const entries: ObjectEntryFact[] = [];
  for (const p of object.properties) {
    if (ts.isPropertyAssignment(p)) {
      const key: StrExpr = ts.isComputedPropertyName(p.name)
        ? file.evaluator.evaluate(p.name.expression)
        : // Every name that is not computed has a text.
          { k: "str", v: propertyNameText(p.name)! };
      entries.push({ key, value: file.evaluator.evaluate(p.initializer), loc: locOf(p), end: endOf(p), valueLoc: locOf(p.initializer) });
    } else if (ts.isShorthandPropertyAssignment(p)) {
      entries.push({ key: { k: "str", v: p.name.text }, value: file.evaluator.evaluate(p.name), loc: locOf(p), end: endOf(p), valueLoc: locOf(p.name) });
    } else if (ts.isSpreadAssignment(p)) {
      // Awaiting an object gives the object: `...(await BASE)` spreads BASE.
      const spread = peel(p.expression);
      const inner = ts.isObjectLiteralExpression(spread) ? spread : constObjectOf(spread);
      if (inner && depth < 8) entries.push(...objectEntries(file, inner, depth + 1));
      else {
        // Entries the census cannot list: one entry whose key says so, so the reader reports it.
        const why = `the object spreads \`${shortText(p.expression, 40)}\`, whose entries the census cannot list`;
        entries.push({ key: { k: "unknown", why, ...locOf(p) }, value: { k: "unknown", why, ...locOf(p) }, loc: locOf(p), end: endOf(p), valueLoc: locOf(p) });
      }
    }
  }
  return entries;
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

/** `import("./m.js")` and `require("./m.js")` with a literal specifier: modules loaded at run time. */
export function collectDynamicRequest(file: FileIndex, call: ts.CallExpression): void {
  const arg = call.arguments[0] && peel(call.arguments[0], false);
  if (!arg || !(ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) return;
  const callee = call.expression;
  const isImport = callee.kind === ImportKeyword;
  const isRequire = ts.isIdentifier(callee) && callee.text === "require" && !resolveBinding(callee);
  if (isImport || isRequire) file.facts.requests.push(arg.text);
}
