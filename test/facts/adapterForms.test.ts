// Handlers the census unwraps (src/facts/functions.ts): configured adapters up to eight deep, `.bind`, awaited
// functions; what is no adapter or no member of the class; and the functions and class members a file declares
// under no name or without a body.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const base = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const options = { ...base, adapters: ["wrap"] };
const handlers = (source: string) => extractFileFacts("t.ts", source, options).tools.map((t) => [t.body?.k ?? null, t.bodyMissing?.why ?? null]);

describe("a handler behind adapters", () => {
  it("eight adapters deep is unwrapped; a ninth is not", () => {
    expect(handlers(`server.tool("x", "d", ${"wrap(".repeat(8)}() => "{}"${")".repeat(8)});`)).toEqual([["function", null]]);
    expect(handlers(`server.tool("x", "d", ${"wrap(".repeat(9)}() => "{}"${")".repeat(9)});`)).toEqual([
      [null, "the handler is wrapped in `wrap(…)`, which is not a configured adapter"],
    ]);
  });

  it("a method that is neither `bind` nor an adapter is a wrapper the census does not know", () => {
    expect(handlers('server.tool("x", "d", wrapper.other(() => "{}"));')).toEqual([
      [null, "the handler is wrapped in `other(…)`, which is not a configured adapter"],
    ]);
  });

  it("an awaited function, given to an adapter or bound, is the function", () => {
    expect(handlers('async function f() { server.tool("x", "d", wrap(await (() => "{}"))); }')).toEqual([["function", null]]);
    expect(handlers('async function g() { server.tool("x", "d", (await (() => "{}")).bind(this)); }')).toEqual([["function", null]]);
  });
});

describe("`this.member` and what is not", () => {
  it("another object's member inside a class is no method of the class", () => {
    expect(handlers('class C { run() { return "{}"; } reg() { server.tool("x", "d", other.run); } }')).toEqual([
      [null, "the handler `other.run` is not a function the census can follow"],
    ]);
  });

  it("`this.handler` outside any class is read as data, not as a method", () => {
    expect(handlers('server.tool("x", "d", this.handler);')).toEqual([["this", null]]);
  });
});

it("a default export's function and class are named default; an abstract method and a setter are no member", () => {
  const facts = extractFileFacts(
    "t.ts",
    "export default function () { return null; }\nexport default class { run() { return 1; } }\nabstract class T { abstract run(): string; set x(v) {} get y() { return 1; } }",
    base,
  );
  expect(Object.keys(facts.functions)).toContain("default");
  expect(facts.classes.map((c) => [c.name, Object.keys(c.members)])).toEqual([
    ["default", ["run"]],
    ["T", ["y"]],
  ]);
});
