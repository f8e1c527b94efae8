// A JSONC text kept with its syntax tree, so every problem and every config key can be placed at a line and column of the file the user wrote.
import { createRequire } from "node:module";
import type * as Jsonc from "jsonc-parser";
import type { Node, ParseError } from "jsonc-parser";
import { formatPropertyPath } from "../propertyPaths.js";

export type JsonPath = readonly (string | number)[];

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface SyntaxProblem {
  path: JsonPath;
  position: Position;
  message: string;
}

export interface JsonDocument {
  text: string;
  /** undefined when the text holds no value at all. */
  tree: Node | undefined;
  /** Syntax errors, each with the JSON path it interrupts. */
  syntaxErrors: SyntaxProblem[];
  /** Object keys written twice: the parser keeps only the last, so the first would be silently ignored. */
  duplicateKeys: { path: JsonPath; position: Position }[];
  value: unknown;
  positionAt(offset: number): Position;
  /** 1-based line where a JSON path is written (an object member's key, an array item's value); undefined when absent. */
  lineOf(path: JsonPath): number | undefined;
  /** 1-based position where a JSON path is written (as lineOf), with its column. */
  positionOf(path: JsonPath): Position | undefined;
  /**
   * Where a JSON path is written: for an object member its key, for an array item its value. When the path
   * does not exist, the nearest enclosing value that does (so a missing key points at its object).
   */
  locate(path: JsonPath): Position | undefined;
}

// As tsconfig.json: comments and trailing commas are fine.
const PARSE_OPTIONS = { disallowComments: false, allowTrailingComma: true, allowEmptyContent: false } as const;

/**
 * How deep arrays and objects may nest. The parser and every reader of the tree recurse, so deeper nesting could
 * overflow the stack; a config or roster file nests a handful of levels.
 */
export const MAX_JSON_DEPTH = 100;

/** Parses a JSONC text. A leading UTF-8 byte order mark is invisible in editors: it is no syntax error and no column. */
export function parseJsonDocument(given: string): JsonDocument {
  const text = given.charCodeAt(0) === 0xfeff ? given.slice(1) : given;
  const errors: ParseError[] = [];
  const tooDeep = tooDeepAt(text);
  const tree = tooDeep === undefined ? jsonc().parseTree(text, errors, PARSE_OPTIONS) : undefined;
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // \r\n, \n and a lone \r each end a line, as editors count them.
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) lineStarts.push(i + 1);
  }
  const positionAt = (offset: number): Position => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (lineStarts[lo] as number) + 1 };
  };
  const syntaxErrors = errors.map((e) => ({
    path: jsonc().getLocation(text, e.offset).path,
    position: positionAt(e.offset),
    message: describeParseError(e),
  }));
  if (tooDeep !== undefined) {
    syntaxErrors.push({
      path: [],
      position: positionAt(tooDeep),
      message: `invalid JSON: nested more than ${MAX_JSON_DEPTH} levels deep; expected the few levels the format has`,
    });
  }
  // A member's key, not its value: where a reader looks for `"floors": {` or `"passThroughs.total": 460`.
  const exactly = (path: JsonPath): Position | undefined => {
    const node = tree === undefined ? undefined : jsonc().findNodeAtLocation(tree, [...path]);
    if (node === undefined) return undefined;
    // A member's value has its property for parent (an array item its array, the top value none).
    const member = node.parent;
    return positionAt(member?.type === "property" ? member.offset : node.offset);
  };
  const locate = (path: JsonPath): Position | undefined => {
    for (let n = path.length; n >= 0; n--) {
      const at = exactly(path.slice(0, n));
      if (at !== undefined) return at;
    }
    return undefined;
  };
  return {
    text,
    tree,
    syntaxErrors,
    duplicateKeys: tree === undefined ? [] : findDuplicateKeys(tree, []).map((d) => ({ path: d.path, position: positionAt(d.offset) })),
    value: tree === undefined ? undefined : nodeValue(tree),
    positionAt,
    lineOf: (path) => exactly(path)?.line,
    positionOf: (path) => exactly(path),
    locate,
  };
}

/**
 * The offset of the first `[` or `{` that opens a level past MAX_JSON_DEPTH, or undefined. A scan without recursion
 * that skips strings and comments as JSONC writes them; anything malformed is left for the parser to name.
 */
function tooDeepAt(text: string): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"' && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === "[" || c === "{") {
      if (++depth > MAX_JSON_DEPTH) return i;
    } else if (c === "]" || c === "}") {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

/** A readable JSON path: `skus[0].tools[1]`, `floors["passThroughs.total"]`; the whole document is `(top level)`. */
export function formatJsonPath(path: JsonPath): string {
  return path.length === 0 ? "(top level)" : formatPropertyPath(path);
}

/** Turns an ajv instancePath (JSON pointer) into a path, telling array indexes from keys by the value it walks. */
export function pathFromPointer(pointer: string, value: unknown): JsonPath {
  if (pointer === "") return [];
  const out: (string | number)[] = [];
  let at: unknown = value;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(at)) {
      out.push(Number(key));
      at = at[Number(key)];
    } else {
      out.push(key);
      at = typeof at === "object" && at !== null ? (at as Record<string, unknown>)[key] : undefined;
    }
  }
  return out;
}

// jsonc-parser's getNodeValue builds objects with `{}`: a "__proto__" key would set the prototype instead of a member.
// (jsonc-parser gives every object, array and property node a children array, empty when it has none.)
function nodeValue(node: Node): unknown {
  switch (node.type) {
    case "object": {
      const out: Record<string, unknown> = Object.create(null);
      for (const property of node.children!) {
        const [key, value] = property.children!;
        if (key !== undefined && value !== undefined) out[key.value as string] = nodeValue(value);
      }
      return Object.setPrototypeOf(out, Object.prototype);
    }
    case "array":
      return node.children!.map(nodeValue);
    default:
      return node.value;
  }
}

function findDuplicateKeys(root: Node, rootPath: (string | number)[]): { path: JsonPath; offset: number }[] {
  const out: { path: JsonPath; offset: number }[] = [];
  // Depth first in document order, with an explicit stack (children pushed last to first).
  const pending: { node: Node; path: (string | number)[] }[] = [{ node: root, path: rootPath }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, path } = next;
    const children: { node: Node; path: (string | number)[] }[] = [];
    if (node.type === "object") {
      const seen = new Set<string>();
      for (const property of node.children!) {
        const [key, value] = property.children!;
        if (key === undefined) continue;
        const name = key.value as string;
        if (seen.has(name)) out.push({ path: [...path, name], offset: key.offset });
        seen.add(name);
        if (value !== undefined) children.push({ node: value, path: [...path, name] });
      }
    } else if (node.type === "array") {
      node.children!.forEach((item, i) => children.push({ node: item, path: [...path, i] }));
    }
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  }
  return out;
}

const PARSE_ERROR_TEXT: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "invalid number",
  PropertyNameExpected: "expected a property name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: "expected the end of the file (one value only)",
  InvalidCommentToken: "invalid comment",
  UnexpectedEndOfComment: "unterminated comment",
  UnexpectedEndOfString: "unterminated string",
  UnexpectedEndOfNumber: "unterminated number",
  InvalidUnicode: "invalid \\u escape",
  InvalidEscapeCharacter: "invalid escape character",
  InvalidCharacter: "invalid character in a string",
};

function describeParseError(e: ParseError): string {
  const code = jsonc().printParseErrorCode(e.error);
  return `invalid JSON: ${PARSE_ERROR_TEXT[code] ?? code}`;
}

/**
 * The JSONC parser, loaded by the first document parsed (a run that takes its config from the cache parses none) and
 * kept by Node's module cache, which each later call reads: no state of this module's own says whether it is loaded.
 */
const requireHere = createRequire(import.meta.url);
function jsonc(): typeof Jsonc {
  return requireHere("jsonc-parser") as typeof Jsonc;
}

