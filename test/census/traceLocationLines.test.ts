// trace's FILE:LINE is the whole argument: a location typed over several lines (a file name holding a line break) is
// refused, never read from its last line alone as another file's location.
import { describe, expect, it } from "vitest";
import { parseCommandLine, parseLocation } from "../../census/args.js";
import { UsageError } from "../../src/errors.js";

describe("a location that holds a line break", () => {
  it.each(["notes\nsrc/a.ts:3", "src/a.ts:3\nsrc/b.ts:4", "a\r\nsrc/b.ts:4:2"])("%j is not FILE:LINE", (location) => {
    expect(() => parseLocation(location)).toThrow(UsageError);
    expect(() => parseLocation(location)).toThrow(`"${location}" is not FILE:LINE`);
  });

  it("is refused on the command line too", () => {
    expect(() => parseCommandLine(["trace", "notes\nsrc/a.ts:3"])).toThrow(`"notes\nsrc/a.ts:3" is not FILE:LINE`);
  });

  it("a location on one line is still read, the file part up to its last colons", () => {
    expect(parseLocation("src/a b.ts:3")).toEqual({ file: "src/a b.ts", line: 3 });
    expect(parseLocation("x:y.ts:12:5")).toEqual({ file: "x:y.ts", line: 12 });
  });
});
