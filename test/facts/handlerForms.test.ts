// What a registration's handler gives as a tool body (src/facts/tools.ts bodyOf): a callback's element, a class
// (no function), members that are values, a wrapper made by a call; and what a definer with nested paths says when
// its name or body is missing.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const bodies = (source: string, opts = options) => extractFileFacts("t.ts", source, opts).tools.map((t) => ({ body: t.body, missing: t.bodyMissing?.why ?? null }));

describe("a registration's handler", () => {
  it("a callback's parameter is the element it is called with", () => {
    expect(bodies('const HANDLERS = [() => "{}"];\nHANDLERS.forEach((h) => server.tool("x", "Does x.", h));')).toEqual([
      { body: { k: "param", slot: 0, path: [], loc: { line: 2, column: 53 } }, missing: null },
    ]);
  });

  it("a class is no function", () => {
    expect(bodies('class H {}\nserver.tool("x", "Does x.", H);')).toEqual([
      { body: null, missing: "the handler `H` is a class that does not hold a function the census can follow" },
    ]);
  });

  it("a member that is a string, a number, missing or unseen is no function", () => {
    for (const member of ['({ h: "abc" } as const).h', "({ h: 5 }).h", "({ a: 1 }).h", "window.handler"]) {
      expect(bodies(`server.tool("x", "Does x.", ${member});`)).toEqual([{ body: null, missing: `the handler \`${member}\` is not a function the census can follow` }]);
    }
  });

  it("a wrapper a call makes is named by the call", () => {
    expect(bodies('server.tool("x", "Does x.", makeWrapper()(() => "{}"));')).toEqual([
      { body: null, missing: "the handler is wrapped in `makeWrapper()(…)`, which is not a configured adapter" },
    ]);
  });
});

describe("a definer with nested paths", () => {
  const nested = { ...options, definers: [{ callee: "defineTool", name: ["schema", "name"], description: ["schema", "description"], body: ["run", "handler"] }] };

  it("names the path it found no name or no body at", () => {
    const facts = extractFileFacts("t.ts", 'defineTool({ schema: { description: "d" }, run: { handler: () => "{}" } });\ndefineTool({ schema: { name: "x", description: "d" } });', nested);
    expect(facts.tools.map((t) => [t.name, t.bodyMissing?.why ?? null])).toEqual([
      [{ k: "unknown", why: "the definer has no `schema.name`", loc: { line: 1, column: 1 } }, null],
      [expect.objectContaining({ k: "string" }), "the definer has no `run.handler` function"],
    ]);
  });
});
