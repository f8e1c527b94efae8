// Anonymous default exports (`export default function () {}`, `export default () => …`, `export default class {}`)
// are known by the name "default" in the module's exports, its functions and its classes; and the modules named by
// namespace-member callees and by an import whose module is not written as a string.
import { describe, expect, it } from "vitest";
import { extractFileFacts } from "../../src/facts/extract.js";
import type { ExtractOptions } from "../../src/facts/fileIndex.js";
import type { FileFacts } from "../../src/facts/types.js";

const options: ExtractOptions = {
  register: ["registerTool", "tool"],
  adapters: [],
  definers: [{ callee: "defineTool", name: ["name"], description: ["description"], body: ["run"] }],
  classes: [],
  lists: true,
  bodyKey: "run",
  builders: ["status"],
  allowed: [],
  producers: ["formatError", "refusal"],
};

const factsOf = (lines: string[]): FileFacts => extractFileFacts("src/words.ts", lines.join("\n"), options);

describe("an anonymous default function declaration", () => {
  const facts = factsOf(['export default function () { return "a"; }']);

  it("is exported as default under the local name default", () => {
    expect(facts.exports).toEqual([{ name: "default", local: "default" }]);
  });

  it("is the function named default, its returns traced as an exported function's", () => {
    expect(Object.keys(facts.functions)).toEqual(["default"]);
    expect(facts.functions["default"]?.returns.map((r) => r.text)).toEqual(['"a"']);
  });
});

describe("an anonymous default arrow function", () => {
  it("is the function named default", () => {
    const facts = factsOf(['export default async () => "b";']);
    expect(facts.exports).toEqual([{ name: "default", local: "default" }]);
    expect(Object.keys(facts.functions)).toEqual(["default"]);
    expect(facts.functions["default"]?.returns.map((r) => r.text)).toEqual(['"b"']);
  });
});

describe("an anonymous default class", () => {
  const facts = factsOf(['export default class extends Base { static toolName = "x"; }']);

  it("is exported as default under the local name default", () => {
    expect(facts.exports).toEqual([{ name: "default", local: "default" }]);
  });

  it("is the class named default, located at the whole declaration", () => {
    expect(facts.classes.map((c) => [c.name, c.loc, Object.keys(c.members)])).toEqual([["default", { line: 1, column: 1 }, ["static toolName"]]]);
  });
});

describe("an object's keys", () => {
  it("a bigint key is the key JavaScript gives it", () => {
    expect(factsOf(['export const O = { 1n: "x", 0x10n: "y", b: "w" };']).objects["O"]?.map((e) => e.key)).toEqual([
      { k: "str", v: "1" },
      { k: "str", v: "16" },
      { k: "str", v: "b" },
    ]);
  });
});

describe("the module a call's callee comes from", () => {
  it("a member of a namespace import is that module's export, known locally by the member read", () => {
    const facts = factsOf(['import * as H from "./h.js";', 'export function f() { return H.status("x"); }']);
    expect(facts.calls.map((c) => c.callee)).toEqual([{ k: "import", module: "./h.js", name: "status", local: "H.status" }]);
  });

  it("an import whose module is not written as a string names no module", () => {
    const facts = factsOf(["import { a } from foo;", "export function f() { return a(); }"]);
    expect(facts.calls.map((c) => c.callee)).toEqual([{ k: "import", module: "", name: "a", local: "a" }]);
  });
});
