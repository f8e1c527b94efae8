// A handler given as `this.member` (src/facts/functions.ts, `thisMember`): the method with a body, an overloaded one
// read at its implementation (its signatures have none); a getter, or a property declared without a value, is no
// function the census can follow from the class, and stays data (`this.run`).
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const REGISTER = '  reg() { server.tool("x", "D.", this.run); }\n}\n';

function handlers(source: string) {
  const facts = extractFileFacts("t.ts", source, options);
  return { parseErrors: facts.parseErrors.map((e) => e.message), bodies: facts.tools.map((t) => t.body) };
}

it("an overloaded method is read at its implementation, after the signatures", () => {
  expect(handlers(`class C {\n  run(a: string): string;\n  run(a: number): string;\n  run(a: any) { return "{}"; }\n${REGISTER}`)).toEqual({
    parseErrors: [],
    bodies: [{ k: "function", key: "@4:3", loc: { line: 5, column: 34 } }],
  });
});

it("a getter, or a property declared without a value, is no method: the handler stays `this.run`", () => {
  const data = { parseErrors: [], bodies: [{ k: "this", path: ["run"], loc: { line: 3, column: 34 } }] };
  expect(handlers(`class C {\n  get run() { return () => "{}"; }\n${REGISTER}`)).toEqual(data);
  expect(handlers(`class C {\n  run!: () => string;\n${REGISTER}`)).toEqual(data);
});
