// Test helper: a data reader over one file's source, as the extractor makes it, and the shapes its tests read.
import { DataReader, type DataSource } from "../../src/facts/data.js";
import { StringEvaluator } from "../../src/facts/evaluator.js";
import type { DataValue } from "../../src/facts/types.js";
import { locOf, parseSource, ts } from "../../src/ts.js";

/** The (first) declaration of the variable `name`, anywhere in the file, with a value. */
export function declarationOf(sourceFile: ts.SourceFile, name: string): ts.VariableDeclaration {
  let found: ts.VariableDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (!found) throw new Error(`no declaration of ${name} in the test source`);
  return found;
}

/** A reader of one file, with the file's top-level functions known by name and its declared data collected; `adapters` as configured. */
export function readerOf(lines: string[], adapters: readonly string[] = []) {
  const sourceFile = parseSource("t.ts", lines.join("\n"));
  const topLevel = new Map<ts.Node, string>();
  for (const s of sourceFile.statements) if (ts.isFunctionDeclaration(s) && s.name) topLevel.set(s, s.name.text);
  const declared: Record<string, DataValue> = {};
  let slot = 0;
  const source: DataSource = {
    evaluator: new StringEvaluator(),
    adapters: new Set(adapters),
    toolOfCall: new Map(),
    topLevel,
    functionKey: (node) => topLevel.get(node) ?? `@${locOf(node).line}:${locOf(node).column}`,
    newSlot: () => slot++,
    declare: (key, value) => void (declared[key] = value),
  };
  const reader = new DataReader(source);
  const read = (name: string): DataValue => reader.read(declarationOf(sourceFile, name).initializer!);
  return { sourceFile, reader, declared, read };
}

/** `depth` arrays around `"x"`. */
export const nested = (depth: number): string => `${"[".repeat(depth)}"x"${"]".repeat(depth)}`;

/** How many arrays a value nests (through first items), and what the innermost holds. */
export function innermost(value: DataValue): { arrays: number; inside: DataValue } {
  let arrays = 0;
  let current = value;
  while (current.k === "array") {
    arrays++;
    const item = current.items[0];
    if (!item || !("value" in item)) throw new Error("an array without a first value");
    current = item.value;
  }
  return { arrays, inside: current };
}

export const x = (line: number, column: number): DataValue => ({ k: "string", expr: { k: "str", v: "x" }, loc: { line, column }, end: { line, column: column + 3 } });
