// The witness's two text helpers (census/witness/sites.ts): where a census position is in a file's text, lines broken
// where TypeScript breaks them, and a pinned phrase broken wherever the description writes it.
import { describe, expect, it } from "vitest";
import { offsetOf, withoutPhrase } from "../../census/witness/sites.js";

describe("offsetOf", () => {
  it.each([
    ["\\n", "a\nbc\nd"],
    ["\\r\\n", "a\r\nbc\r\nd"],
    ["a lone \\r", "a\rbc\rd"],
    ["U+2028", "a\u2028bc\u2028d"],
    ["U+2029", "a\u2029bc\u2029d"],
  ])("lines ending with %s", (_, text) => {
    expect(text[offsetOf(text, 1, 1)]).toBe("a");
    expect(text[offsetOf(text, 2, 2)]).toBe("c");
    expect(text[offsetOf(text, 3, 1)]).toBe("d");
  });

  it("a \\r\\n is one line end, not two", () => {
    const text = "a\r\n\r\nb";
    expect(text[offsetOf(text, 3, 1)]).toBe("b");
  });

  it("a line past the last is the end of the text; a byte order mark is no column", () => {
    expect(offsetOf("a\nb", 5, 1)).toBe(3);
    expect(offsetOf("ab", 2, 1)).toBe(2);
    expect(offsetOf("\ufeffab", 1, 2)).toBe(2);
  });
});

describe("withoutPhrase", () => {
  const text = 'const d = "read the rows";';
  const [start, end] = [text.indexOf('"'), text.lastIndexOf('"') + 1];

  it("slips a mark after the first character of each occurrence, the first mark the phrase does not hold", () => {
    expect(withoutPhrase(text, start, end, "rows")).toBe('const d = "read the r~ows";');
    expect(withoutPhrase(text, start, end, "read")).toBe('const d = "r~ead the rows";');
    const marked = 'const d = "a~b a~b";';
    expect(withoutPhrase(marked, marked.indexOf('"'), marked.length - 1, "a~b")).toBe('const d = "a^~b a^~b";');
    const marked2 = 'const d = "a~^b";';
    expect(withoutPhrase(marked2, marked2.indexOf('"'), marked2.length - 1, "a~^b")).toBe('const d = "a|~^b";');
  });

  it("replaces a phrase of one character", () => {
    expect(withoutPhrase(text, start, end, "w")).toBe('const d = "read the ro~s";');
  });

  it("nothing when the phrase holds every mark, or is not written between the two offsets", () => {
    const all = 'const d = "~^|";';
    expect(withoutPhrase(all, all.indexOf('"'), all.length - 1, "~^|")).toBeUndefined();
    expect(withoutPhrase(text, start, end, "const")).toBeUndefined();
  });
});
