// The one TypeScript the core parses with, so every syntax kind the core compares comes from one enum. The plain
// `typescript` package: the same module typescript-eslint's parser loads, so an ESLint run loads it once.
// Required, not imported: an ES import of this CommonJS module first scans its 9 MB for the names it exports, which
// takes longer than loading it (TypeScript compiles this to `createRequire`).
import "./tsCodeCache.js";
import ts = require("typescript");

export { ts };

/**
 * Parses one file's text the way every front end of the census does. TypeScript reads the file as its extension says,
 * as typescript-eslint does: JSX in `.tsx`, `.jsx` and the JavaScript extensions only.
 */
export function parseSource(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(fileName, text, PARSE_OPTIONS, true);
}

/**
 * Parses like `parseSource` but leaves every node's `parent` unset, for a caller that walks the whole tree anyway and
 * links the parents on its way down: the parser's own pass for them is another walk over every node, with a list
 * allocated per node. Until a node is linked, nothing may ask for its parent, its source file, or its text or start
 * without the source file.
 */
export function parseSourceUnlinked(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(fileName, text, PARSE_OPTIONS, false);
}

// No check reads JSDoc: skipping it is a large part of parsing well-documented code.
const PARSE_OPTIONS: ts.CreateSourceFileOptions = Object.freeze({ languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone });

/** Syntax errors the parser recorded while building the tree (an internal field typescript-estree reads too). */
export function parseDiagnostics(sourceFile: ts.SourceFile): readonly ts.DiagnosticWithLocation[] {
  return (sourceFile as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
}

/** 1-based line and column of a node's first token (comments and whitespace before it skipped). */
export function locOf(node: ts.Node, sourceFile: ts.SourceFile = node.getSourceFile()): { line: number; column: number } {
  return positionAt(sourceFile, node.getStart(sourceFile));
}

/** 1-based line and column just past a node's last character. */
export function endOf(node: ts.Node, sourceFile: ts.SourceFile = node.getSourceFile()): { line: number; column: number } {
  return positionAt(sourceFile, node.getEnd());
}

/**
 * 1-based line and column of an offset. A byte order mark is not a column (SPEC §4, and ESLint, which drops it from
 * the text): on line 1 of a text that starts with one, columns count from the character after it.
 */
export function positionAt(sourceFile: ts.SourceFile, offset: number): { line: number; column: number } {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(offset);
  const bom = line === 0 && character > 0 && sourceFile.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return { line: line + 1, column: character + 1 - bom };
}
