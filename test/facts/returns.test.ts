// A value read from what a function returns is the one it always returns: a getter or callback that returns in two
// places (an early `return` in an `if`) may give either, and is reported as unknown rather than read as its last one.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");
// Tool classes extend ToolBase: toolName, description and execute are their parts.
const classOptions = extractOptionsOf(loadConfig({ dir: path.join(fixtures, "shapes", "tool-classes") }));

const descriptionOf = (getter: string) => {
  const source = ["export class Read extends ToolBase {", '  toolName = "read";', getter, '  async execute() { return "ok"; }', "}"].join("\n");
  return extractFileFacts("src/tools/read.ts", source, classOptions).classes[0]!.members["description"]!.value;
};

describe("a getter", () => {
  it("with one return is the value it returns, however deep the return", () => {
    expect(descriptionOf('  get description() { try { return "Reads."; } finally { log(); } }')).toMatchObject({ k: "string", expr: { k: "str", v: "Reads." } });
  });

  it("with an early return in an `if` may return either, and says so", () => {
    expect(descriptionOf('  get description() { if (verbose) return LONG; return "Reads."; }')).toEqual({
      k: "unknown",
      why: "the getter `description` does not return one value",
      loc: { line: 3, column: 3 },
    });
  });

  it("a return inside a function of its own is that function's, not the getter's", () => {
    expect(descriptionOf('  get description() { const f = () => { return "x"; }; return "Reads."; }')).toMatchObject({ k: "string", expr: { k: "str", v: "Reads." } });
  });
});

describe("a map callback", () => {
  const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
  it("that returns in two places is a list the census cannot read", () => {
    const facts = extractFileFacts(
      "src/tools/list.ts",
      'const NAMES = ["a", "b"];\nexport const TOOLS = NAMES.map((n) => { if (n === "a") return { name: n }; return { name: n, hidden: true }; });\n',
      options,
    );
    expect(facts.data["TOOLS"]).toEqual({
      k: "unknown",
      why: 'the callback of `NAMES.map((n) => { if (n === "a") retur…` returns nothing the census can read',
      loc: { line: 2, column: 22 },
    });
  });
});
