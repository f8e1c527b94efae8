// Property chains as messages write them: the one formatter behind JSON paths in config errors and constant names in findings.
import { describe, expect, it } from "vitest";
import { formatJsonPath } from "../src/config/jsonDocument.js";
import { formatPropertyPath } from "../src/propertyPaths.js";

describe("formatPropertyPath", () => {
  it("joins identifier keys with dots and writes numbers as indexes", () => {
    expect(formatPropertyPath(["skus", 0, "tools", 1])).toBe("skus[0].tools[1]");
    expect(formatPropertyPath(["WORDS", "error"])).toBe("WORDS.error");
  });

  it("quotes keys that are not identifier names", () => {
    expect(formatPropertyPath(["floors", "passThroughs.total"])).toBe('floors["passThroughs.total"]');
    expect(formatPropertyPath(["caps", "get-wait-stats"])).toBe('caps["get-wait-stats"]');
    expect(formatPropertyPath(["O", "0"])).toBe('O["0"]');
    expect(formatPropertyPath(["O", ""])).toBe('O[""]');
  });

  it("reads Unicode identifier names as JavaScript does", () => {
    expect(formatPropertyPath(["MOTS", "réfus"])).toBe("MOTS.réfus");
    expect(formatPropertyPath(["$x", "_y"])).toBe("$x._y");
    expect(formatPropertyPath(["O", "a\u200Db"])).toBe("O.a\u200Db");
    expect(formatPropertyPath(["O", "🙂"])).toBe('O["🙂"]');
  });

  it("a first key that is not an identifier is quoted too", () => {
    expect(formatPropertyPath(["a b"])).toBe('["a b"]');
  });

  it("a JSON path with no segment is the top level", () => {
    expect(formatJsonPath([])).toBe("(top level)");
    expect(formatPropertyPath([])).toBe("");
  });
});
