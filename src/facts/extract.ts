// Per-file facts: a pure function of (file text, extraction options). The syntax tree stays here; facts leave as data.
import { ts, parseSource, parseDiagnostics, positionAt } from "../ts.js";
import { isMaximalString, tryBuilderCall, tryBuilderReference, tryEnvelopeObject, trySerialised } from "./builds.js";
import { collectCall } from "./calls.js";
import { collectClasses } from "./classes.js";
import { collectConstants } from "./constants.js";
import { emptyFacts, FileIndex, type ExtractOptions } from "./fileIndex.js";
import { collectFunctionFacts, collectTopLevelFunctions } from "./functions.js";
import { collectDynamicRequest, collectModuleShape, collectTopLevelData, collectTopLevelObjects } from "./moduleShape.js";
import { collectPassThrough } from "./passThroughs.js";
import { tryToolRequestHandler } from "./toolLists.js";
import { addToolOfCall, claimToolCalls } from "./tools.js";
import type { FileFacts } from "./types.js";

export function extractFileFacts(fileName: string, text: string, options: ExtractOptions): FileFacts {
  const sourceFile = parseSource(fileName, text);
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
  const file = new FileIndex(sourceFile, options);
  collectModuleShape(file);
  file.facts.constants = collectConstants(sourceFile, file.evaluator);
  collectTopLevelObjects(file);
  collectTopLevelFunctions(file);

  // Names the builder may be imported under here: a reference to one that is not a call is a build the census cannot read.
  const builderNames = new Set<string>();
  const namespaces = new Set<string>();
  for (const [local, imported] of Object.entries(file.facts.imports)) {
    if (imported.name === "*") namespaces.add(local);
    else if (file.builders.has(imported.name)) builderNames.add(local);
  }

  // One walk over the tree gathers the sites every later stage reads; types and module declarations hold none.
  const references: (ts.Identifier | ts.PropertyAccessExpression)[] = [];
  const calls: ts.CallExpression[] = [];
  const ifs: ts.IfStatement[] = [];
  const objects: ts.ObjectLiteralExpression[] = [];
  const strings: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) calls.push(node);
    else if (ts.isIfStatement(node)) ifs.push(node);
    else if (ts.isObjectLiteralExpression(node)) objects.push(node);
    if (isMaximalString(node)) strings.push(node as ts.Expression);
    if (ts.isIdentifier(node) && builderNames.has(node.text)) references.push(node);
    else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text) && file.builders.has(node.name.text)) {
      references.push(node);
    }
    if (ts.isTypeNode(node) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);

  // Tools first: every later fact asks which tool body it sits in. Which calls define tools is settled before any is
  // read, so that a list of definer calls reads as those tools.
  const toolCalls = claimToolCalls(file, calls);
  for (const [call, kind] of toolCalls) addToolOfCall(file, call, kind);
  for (const call of calls) tryToolRequestHandler(file, call);
  collectTopLevelData(file);
  collectClasses(file);
  collectFunctionFacts(file);
  for (const node of ifs) collectPassThrough(file, node);
  for (const call of calls) {
    tryBuilderCall(file, call);
    collectCall(file, call);
    collectDynamicRequest(file, call);
  }
  for (const reference of references) tryBuilderReference(file, reference);
  for (const object of objects) tryEnvelopeObject(file, object);
  for (const s of strings) trySerialised(file, s);
  return file.facts;
}
