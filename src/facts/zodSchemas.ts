// Zod schemas written as call chains (`z.number().int().optional().describe("…")`), as data for a tool's input schema.
import { ts, locOf } from "../ts.js";
import type { FileIndex } from "./fileIndex.js";
import { resolveBinding } from "./scope.js";
import { peel } from "./syntax.js";
import type { SchemaArg, ZodChainFact } from "./types.js";

/** Steps that only ever follow a schema: a chain that starts with one extends a schema value (a const, an import). */
const MODIFIERS = new Set(["optional", "nullable", "nullish", "default", "describe", "int", "min", "max", "array", "extend", "partial", "meta"]);

/**
 * Records every maximal call chain of the file that is a zod schema: rooted at a name imported from `zod` (or one of
 * its entry points), or extending another value with a step only a schema has. Keyed by where the chain starts, which
 * is where the data reader puts the `other` it reads such a call as.
 */
export function collectZodChains(file: FileIndex, calls: readonly ts.CallExpression[]): void {
  let schemas: Record<string, ZodChainFact> | undefined;
  for (const call of calls) {
    if (continuesChain(call)) continue;
    const chain = chainOf(file, call);
    if (!chain) continue;
    const { line, column } = locOf(call);
    (schemas ??= {})[`${line}:${column}`] = chain;
  }
  if (schemas) file.facts.schemas = schemas;
}

/** `call` is the receiver of a longer chain (`z.string()` of `z.string().optional()`). */
function continuesChain(call: ts.CallExpression): boolean {
  const parent = call.parent;
  return ts.isPropertyAccessExpression(parent) && parent.expression === call;
}

function chainOf(file: FileIndex, call: ts.CallExpression): ZodChainFact | undefined {
  // The links first, outermost first, without their arguments: whether the chain is a schema depends on its root and
  // first step only, and reading arguments (object literals of further schemas, say) is most of the work.
  const links: (ts.CallExpression | ts.PropertyAccessExpression)[] = [];
  let node: ts.Expression = call;
  for (let hops = 0; hops < 256; hops++) {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      links.push(node);
      node = node.expression.expression;
    } else if (ts.isPropertyAccessExpression(node) && links.length > 0) {
      links.push(node);
      node = node.expression;
    } else break;
  }
  const first = links.at(-1);
  if (first === undefined || !ts.isIdentifier(node)) return undefined;
  if (!isZodImport(node) && !MODIFIERS.has(linkName(first))) return undefined;
  // Arguments read outermost first and the root last, as the reader numbers what it declares in the order it reads.
  const steps: ZodChainFact["steps"] = links.map((link) =>
    ts.isCallExpression(link) ? { name: linkName(link), args: link.arguments.map((a) => argOf(file, a)) } : { name: linkName(link), args: null },
  );
  return { root: file.data.read(node), steps: steps.reverse() };
}

/** The name a link of a chain calls or reads (`optional` of `.optional()`). */
function linkName(link: ts.CallExpression | ts.PropertyAccessExpression): string {
  return ts.isCallExpression(link) ? (link.expression as ts.PropertyAccessExpression).name.text : link.name.text;
}

function isZodImport(id: ts.Identifier): boolean {
  const binding = resolveBinding(id);
  if (!binding || binding.kind !== "import") return false;
  const module = ts.findAncestor(binding.declaration, ts.isImportDeclaration)?.moduleSpecifier;
  return !!module && ts.isStringLiteral(module) && /^zod(?:\/|$)/.test(module.text);
}

function argOf(file: FileIndex, arg: ts.Expression): SchemaArg {
  const e = peel(arg, false);
  if (ts.isNumericLiteral(e)) return { k: "literal", value: Number(e.text) };
  if (ts.isPrefixUnaryExpression(e) && ts.isNumericLiteral(e.operand)) {
    // A signed number (`-5`, `+10`); any other operator (`~1`) is left to the data reader.
    if (e.operator === ts.SyntaxKind.MinusToken) return { k: "literal", value: -Number(e.operand.text) };
    if (e.operator === ts.SyntaxKind.PlusToken) return { k: "literal", value: Number(e.operand.text) };
  }
  if (e.kind === ts.SyntaxKind.TrueKeyword) return { k: "literal", value: true };
  if (e.kind === ts.SyntaxKind.FalseKeyword) return { k: "literal", value: false };
  if (e.kind === ts.SyntaxKind.NullKeyword) return { k: "literal", value: null };
  if (ts.isRegularExpressionLiteral(e)) return { k: "regex", source: e.text.slice(1, e.text.lastIndexOf("/")) };
  // A callback (`.refine((v) => …)`) holds no part of the schema's JSON: it is not read, so it names no tool body.
  if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return { k: "callback" };
  return { k: "data", value: file.data.read(e) };
}
