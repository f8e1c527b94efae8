// Which commands take the check report's formats: sarif, github and markdown belong to check and merge; markdown also to
// the descriptions delta (descriptions --base), and to no other command given --base.
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../census/args.js";

describe("the check report's formats", () => {
  it.each(["sarif", "github", "markdown"])("merge takes --format %s, as check does", (format) => {
    expect(parseCommandLine(["merge", "a.json", "--format", format])).toMatchObject({ kind: "merge", format, partials: ["a.json"] });
    expect(parseCommandLine(["check", "--format", format])).toMatchObject({ kind: "check", format });
  });

  it("dropcheck refuses --format markdown, even with the --base it needs", () => {
    expect(() => parseCommandLine(["dropcheck", "--base", "main", "--format", "markdown"])).toThrow(
      "--format markdown is the check report's: use --format text or --format json with dropcheck",
    );
  });

  it("the descriptions delta takes --format markdown", () => {
    expect(parseCommandLine(["descriptions", "--base", "main", "--format", "markdown"])).toMatchObject({ kind: "descriptionsDelta", format: "markdown" });
  });
});
