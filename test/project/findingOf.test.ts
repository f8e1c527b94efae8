// A finding made from a message: suggestions only when there are some, an end only when known; and the keys token
// counts are remembered under.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { findingOf, messages } from "../../src/project/messages.js";
import { textKey, tokenizerVersion } from "../../src/tokens.js";

const require = createRequire(import.meta.url);

describe("findingOf", () => {
  const message = messages.parityNoInstructions("shared intro", "lite");

  it("leaves out suggestions when there are none, and the end when it is not known", () => {
    const finding = findingOf(message, "src/helpers.ts", { line: 1, column: 1 }, undefined, "lite", null, []);
    expect(finding).toEqual({
      rule: "parity-pin",
      file: "src/helpers.ts",
      line: 1,
      column: 1,
      sku: "lite",
      tool: null,
      message: finding.message,
      messageId: "noInstructions",
      data: { name: '"shared intro"', sku: "lite" },
    });
    expect(finding.message).toContain('"shared intro"');
  });

  it("keeps the suggestions it is given", () => {
    const suggestion = { messageId: "suggest", data: {}, message: "Use refusal.", edits: [{ range: [1, 2] as [number, number], text: "x" }] };
    expect(findingOf(message, "f.ts", { line: 2, column: 3 }, { line: 2, column: 9 }, "lite", "t", [suggestion])).toMatchObject({
      endLine: 2,
      endColumn: 9,
      suggestions: [suggestion],
    });
  });
});

describe("token count keys", () => {
  it("keys a text by the base64url SHA-1 of its text", () => {
    expect(textKey("")).toBe("2jmj7l5rSw0yVb_vlWAYkK_YBwk");
  });

  it("names the tokenizer by its package's version", () => {
    expect(tokenizerVersion()).toBe((require("gpt-tokenizer/package.json") as { version: string }).version);
    expect(tokenizerVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
