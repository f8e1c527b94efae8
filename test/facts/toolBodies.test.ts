// Where a registered or defined tool's body comes from (SPEC §1): a handler const, or why the census cannot follow it.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

// registerTool and tool as registration methods, defineTool({ name, description, run }) as a definer.
const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

/** Each tool of the file: its name, and its body's function key or why it has none. */
function bodies(lines: string[]): [string, string][] {
  const facts = extractFileFacts("src/tools/t.ts", lines.join("\n"), options);
  return facts.tools.map((t) => [
    t.name.k === "string" && t.name.expr.k === "str" ? t.name.expr.v : JSON.stringify(t.name),
    t.body?.k === "function" ? `function ${t.body.key}` : t.body ? t.body.k : `missing: ${t.bodyMissing?.why}`,
  ]);
}

describe("a registered tool's handler", () => {
  it("a const holding an arrow function is that function", () => {
    expect(bodies(["export function register(server) {", "  const handler = async (args) => ({ content: [] });", '  server.tool("a", "A.", handler);', "}"])).toEqual([
      ["a", "function @2:19"],
    ]);
  });

  it("a const holding a configured adapter's call is the function the adapter wraps", () => {
    const withAdapter = { ...options, adapters: ["textTool"] };
    const facts = extractFileFacts(
      "src/tools/t.ts",
      ["export function register(server) {", '  const handler = textTool(async (args) => "Done.");', '  server.tool("a", "A.", handler);', "}"].join("\n"),
      withAdapter,
    );
    expect(facts.tools.map((t) => t.body)).toEqual([{ k: "function", key: "@2:28", loc: { line: 3, column: 26 } }]);
  });

  it("a let may hold another function by the time the tool runs", () => {
    expect(bodies(["export function register(server) {", "  let handler = async () => ({ content: [] });", '  server.tool("b", "B.", handler);', "}"])).toEqual([
      ["b", "missing: the handler `handler` is a let that does not hold a function the census can follow"],
    ]);
  });

  it("an element of a parameter, or a conditional, is not a function the census can follow", () => {
    expect(
      bodies([
        "export function register(server, handlers, flag, h) {",
        '  server.tool("c", "C.", handlers[0]);',
        '  server.tool("d", "D.", flag ? h : h);',
        "}",
      ]),
    ).toEqual([
      ["c", "missing: the handler `handlers[0]` is not a function the census can follow"],
      ["d", "missing: the handler `flag ? h : h` is not a function the census can follow"],
    ]);
  });

  it("a handler named nowhere in the file", () => {
    expect(bodies(["export function register(server) {", '  server.tool("e", "E.", elsewhere);', "}"])).toEqual([
      ["e", "missing: the handler `elsewhere` is not declared in this file"],
    ]);
  });
});

describe("a defined tool's run", () => {
  it("a definer without its body property says which one it lacks", () => {
    expect(bodies(['export const tools = [defineTool({ name: "f", description: "F." })];'])).toEqual([
      ["f", "missing: the definer has no `run` function"],
    ]);
  });

  it("a definer without its name property is a tool whose name says so", () => {
    const facts = extractFileFacts("src/tools/t.ts", 'export const tools = [defineTool({ description: "G.", async run() { return "x"; } })];', options);
    expect(facts.tools.map((t) => t.name)).toEqual([{ k: "unknown", why: "the definer has no `name`", loc: { line: 1, column: 23 } }]);
  });
});
