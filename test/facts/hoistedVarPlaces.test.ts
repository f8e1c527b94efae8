// A `var` is found wherever its keyword stands in the text of its function or file (src/facts/scope.ts,
// `mayDeclareVar`), the text's first characters included: a body written `{var err…}` or `{ var err…}` declares it as
// one written with more space does.
import { expect, it } from "vitest";
import type { ReachingDefinition } from "../../src/facts/definitions.js";
import { reachingDefinitions } from "../../src/facts/reachingDefinitions.js";
import { lastIdentifier } from "./lastIdentifier.js";

const described = (defs: readonly ReachingDefinition[]): string[] => defs.map((d) => `${d.kind}: ${d.node.getText()}`);
const reachingLast = (source: string): string[] => described(reachingDefinitions(lastIdentifier(source, "err")));

it.each([
  ["at the body's first character", "function f(){var err = a(); return err;}"],
  ["after one space", "function f(){ var err = a(); return err;}"],
  ["after two spaces", "function f() {  var err = a(); return err;}"],
  ["in an arrow's body", "const f = () =>{var err = a(); return err;};"],
  ["inside a block, at the body's start", "function f(c){{var err = a();} return err;}"],
])("a var %s is the function's", (_where, source) => {
  expect(reachingLast(source)).toEqual(["initializer: err = a()"]);
});

it("a var at the file's first character is the file's", () => {
  expect(reachingLast("{var err = a();}\nconsole.log(err);")).toEqual(["initializer: err = a()"]);
});
