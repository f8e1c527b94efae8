// parseJsonDocument's depth scan where a comment meets the text's end or another comment: a line comment that ends the
// text without a line break ends the scan there, and a slash right after a block comment's end starts no comment.
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, parseJsonDocument } from "../../src/config/jsonDocument.js";

const DEEP = "[".repeat(MAX_JSON_DEPTH + 1);
const tooDeep = (text: string): boolean => parseJsonDocument(text).syntaxErrors.some((e) => e.message.includes(`more than ${MAX_JSON_DEPTH}`));

describe("a line comment at the text's end", () => {
  it.each([
    ["with no line break after it", '{ "a": 1 }\n// the end'],
    ["that is all of the last line's two slashes", '{ "a": 1 }\n//'],
    ["after a value on the same line", '{ "a": 1 } // the end'],
  ])("%s ends the scan, and the value is read", (_what, text) => {
    const doc = parseJsonDocument(text);
    expect(doc.syntaxErrors).toEqual([]);
    expect(doc.value).toEqual({ a: 1 });
  });
});

describe("a slash right after a block comment's end", () => {
  it("starts no line comment: the brackets after it count", () => {
    const text = `{ "a": 1 /* c *// ${DEEP} }`;
    expect(tooDeep(text)).toBe(true);
  });

  it("followed by a second slash, starts one: the brackets after it do not count", () => {
    const text = `{ /* c *///${DEEP}\n "a": 1 }`;
    expect(tooDeep(text)).toBe(false);
    expect(parseJsonDocument(text).value).toEqual({ a: 1 });
  });
});
