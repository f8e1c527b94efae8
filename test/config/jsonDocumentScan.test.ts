// parseJsonDocument's depth scan over JSONC comments, its places when the text holds no value or a path is not there,
// and pathFromPointer's escapes and walks through values that are not objects.
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, parseJsonDocument, pathFromPointer } from "../../src/config/jsonDocument.js";

const DEEP = "[".repeat(MAX_JSON_DEPTH + 1);
const tooDeep = (text: string): boolean => parseJsonDocument(text).syntaxErrors.some((e) => e.message.includes(`more than ${MAX_JSON_DEPTH}`));

describe("the depth scan skips comments", () => {
  it.each([
    ["a block comment", `{ /* ${DEEP} */ "a": 1 }`],
    ["a block comment over lines", `{ /*\n${DEEP}\n*/ "a": 1 }`],
    ["a line comment", `{ // ${DEEP}\n "a": 1 }`],
    ["a block comment right after another", `{ /* x *//* ${DEEP} */ "a": 1 }`],
  ])("brackets in %s do not count", (_what, text) => {
    expect(tooDeep(text)).toBe(false);
    expect(parseJsonDocument(text).value).toEqual({ a: 1 });
  });

  it("brackets after a block comment count", () => {
    expect(tooDeep(`{ /* c */ "a": ${DEEP}${"]".repeat(MAX_JSON_DEPTH + 1)} }`)).toBe(true);
    expect(tooDeep(`{ /**/ "a": ${DEEP}${"]".repeat(MAX_JSON_DEPTH + 1)} }`)).toBe(true);
  });

  it("a comment's closing slash starts no comment of its own", () => {
    expect(tooDeep(`{ /* c */* ${DEEP} */ }`)).toBe(true);
  });

  it("an unterminated block comment ends the scan: nothing after it counts", () => {
    expect(tooDeep(`{ "a": 1 } /* ${DEEP}`)).toBe(false);
  });

  it("a slash that starts no comment is the parser's to name", () => {
    const doc = parseJsonDocument(`{ "a": 1 / ${DEEP} }`);
    expect(doc.syntaxErrors.length).toBeGreaterThan(0);
    expect(tooDeep(`{ "a": 1 / ${DEEP} }`)).toBe(true);
  });
});

describe("places", () => {
  it("a text with no value places nothing", () => {
    const doc = parseJsonDocument("   ");
    expect(doc.tree).toBeUndefined();
    expect(doc.positionOf(["a"])).toBeUndefined();
    expect(doc.locate(["a"])).toBeUndefined();
  });

  it("the last line is found by the line search", () => {
    const doc = parseJsonDocument('{\n"a": 1,\n"b": 2}');
    expect(doc.positionOf(["b"])).toEqual({ line: 3, column: 1 });
    expect(doc.positionAt(doc.text.length)).toEqual({ line: 3, column: 8 });
  });

  it("an array item is placed at its value, a member at its key", () => {
    const doc = parseJsonDocument('{ "list": [ 10, 20 ] }');
    expect(doc.positionOf(["list", 1])).toEqual({ line: 1, column: 17 });
    expect(doc.positionOf(["list"])).toEqual({ line: 1, column: 3 });
  });

  it("a path that is not there is located at the nearest value that is", () => {
    const doc = parseJsonDocument('{ "a": { "b": 1 } }');
    expect(doc.positionOf(["a", "c"])).toBeUndefined();
    expect(doc.locate(["a", "c"])).toEqual({ line: 1, column: 3 });
    expect(doc.locate(["x", "y"])).toEqual({ line: 1, column: 1 });
  });
});

describe("pathFromPointer", () => {
  it("unescapes ~1 as / and ~0 as ~", () => {
    expect(pathFromPointer("/a~1b/c~0d/~01", { "a/b": { "c~d": {} } })).toEqual(["a/b", "c~d", "~1"]);
  });

  it("tells an index from a key by the value it walks", () => {
    expect(pathFromPointer("/list/0/name", { list: [{ name: "x" }] })).toEqual(["list", 0, "name"]);
    expect(pathFromPointer("/map/0", { map: { "0": 1 } })).toEqual(["map", "0"]);
  });

  it("past a value that is not an object, every step is a key", () => {
    expect(pathFromPointer("/a/0/1", { a: null })).toEqual(["a", "0", "1"]);
    expect(pathFromPointer("/a/0/1", { a: "text" })).toEqual(["a", "0", "1"]);
    expect(pathFromPointer("/a/0", { a: 3 })).toEqual(["a", "0"]);
  });
});

describe("a text nested far deeper than the limit", () => {
  it("is not handed to the parser, which recurses: one error says how deep, and no tree is made", () => {
    const depth = 100_000;
    const doc = parseJsonDocument(`${"[".repeat(depth)}${"]".repeat(depth)}`);
    expect(doc.tree).toBeUndefined();
    expect(doc.syntaxErrors.map((e) => e.message)).toEqual([`invalid JSON: nested more than ${MAX_JSON_DEPTH} levels deep; expected the few levels the format has`]);
  });
});
