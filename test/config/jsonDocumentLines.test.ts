// parseJsonDocument's places and its depth scan on texts editors write but the other tests do not: \r\n and lone \r
// line ends, escaped quotes in strings, members without a value.
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, parseJsonDocument } from "../../src/config/jsonDocument.js";

describe("line ends", () => {
  it.each([
    ["\\n", "\n"],
    ["\\r\\n", "\r\n"],
    ["a lone \\r", "\r"],
  ])("%s ends a line once", (_name, eol) => {
    const doc = parseJsonDocument(["{", '  "a": 1,', '  "b": [', "    2", "  ]", "}", ""].join(eol));
    expect(doc.positionOf(["a"])).toEqual({ line: 2, column: 3 });
    expect(doc.positionOf(["b"])).toEqual({ line: 3, column: 3 });
    expect(doc.positionOf(["b", 0])).toEqual({ line: 4, column: 5 });
    expect(doc.syntaxErrors).toEqual([]);
  });

  it("a \\r as the text's last character ends its line", () => {
    const doc = parseJsonDocument('{"a": 1}\r');
    expect(doc.positionAt(9)).toEqual({ line: 2, column: 1 });
  });
});

describe("the depth scan skips strings as JSON writes them", () => {
  const deep = "[".repeat(MAX_JSON_DEPTH + 1);

  it("brackets after an escaped quote are still inside the string", () => {
    const doc = parseJsonDocument(`{"a": "say \\" ${deep}", "b": 1}`);
    expect(doc.syntaxErrors).toEqual([]);
    expect(doc.value).toEqual({ a: `say " ${deep}`, b: 1 });
  });

  it("an escaped backslash ends before the closing quote, and the brackets after the string count", () => {
    const doc = parseJsonDocument(`{"a": "\\\\", "b": ${deep}${"]".repeat(MAX_JSON_DEPTH + 1)}}`);
    expect(doc.syntaxErrors.map((e) => e.message)).toEqual([expect.stringContaining(`more than ${MAX_JSON_DEPTH}`)]);
  });
});

describe("members the parser keeps without a value", () => {
  it("a key without a value is no member of the value, and no duplicate", () => {
    const doc = parseJsonDocument('{"a": , "a": 2}');
    expect(doc.value).toEqual({ a: 2 });
    expect(doc.duplicateKeys.map((d) => d.path)).toEqual([["a"]]);
    expect(doc.syntaxErrors.length).toBeGreaterThan(0);
  });
});

describe("a byte order mark", () => {
  it("is no syntax error and no column", () => {
    const doc = parseJsonDocument('\ufeff{"a": 1}');
    expect(doc.syntaxErrors).toEqual([]);
    expect(doc.positionOf(["a"])).toEqual({ line: 1, column: 2 });
    expect(doc.text).toBe('{"a": 1}');
  });
});
