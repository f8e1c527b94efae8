// Calls that read like a tool definition no discovery setting claims (FileFacts.toolLike): the object given may be
// awaited, and so may the function in it: awaiting an object or a function gives it.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("an object given as it is, or awaited, is a tool-like call", () => {
  const plain = extractFileFacts("t.ts", 'srv.addThing({ name: "x", description: "d", execute() { return 1; } });\n', options).toolLike;
  const awaited = extractFileFacts("t.ts", 'async function f() { srv.addThing(await { name: "x", description: "d", execute() { return 1; } }); }\n', options).toolLike;
  expect(plain).toHaveLength(1);
  expect(plain![0]).toMatchObject({ callee: "addThing" });
  expect(awaited).toHaveLength(1);
  expect(awaited![0]).toMatchObject({ callee: "addThing" });
});

it("an awaited function in the object is its body", () => {
  const facts = extractFileFacts("t.ts", 'async function f() { srv.addThing({ name: "x", description: "d", execute: await (async () => 1) }); }\n', options);
  expect(facts.toolLike).toHaveLength(1);
  expect(facts.toolLike![0]).toMatchObject({ callee: "addThing", member: true, bodyKey: "execute" });
});
