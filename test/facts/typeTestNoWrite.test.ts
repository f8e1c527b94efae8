// `in` and `instanceof` are binary operators whose tokens are keywords, after the assignment operators in TypeScript's
// numbering: a variable tested by them is read, not written, and what reached it before still reaches after.
import { expect, it } from "vitest";
import { reachingDefinitions } from "../../src/facts/reachingDefinitions.js";
import { lastIdentifier } from "./lastIdentifier.js";

const reaching = (source: string): string[] => reachingDefinitions(lastIdentifier(source, "err")).map((d) => `${d.kind}: ${d.node.getText()}`);

it("`err instanceof E` writes nothing to err", () => {
  expect(reaching("function f() { let err = a(); if (err instanceof E) g(); return err; }")).toEqual(["initializer: err = a()"]);
});

it("`err in o` writes nothing to err", () => {
  expect(reaching("function f(o) { let err = a(); if (err in o) g(); return err; }")).toEqual(["initializer: err = a()"]);
});

it("`^=`, the last of the compound assignments, is a write", () => {
  expect(reaching("function f() { let err = a(); err ^= 1; return err; }").map((d) => d.split(":")[0])).toEqual(["untraceable"]);
});
