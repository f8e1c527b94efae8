// More forms of a tool's definition (SPEC §1): a handler const holding a value of each kind, a definition wrapped in
// parentheses, `as` or `satisfies` under its key, shorthand properties in a definer's object, a name read from a
// class's static member, a registration inside an anonymous default class, and a tools/call handler that reads the
// tool name with element accesses.
import { describe, expect, it } from "vitest";
import { extractFileFacts } from "../../src/facts/extract.js";
import type { ExtractOptions } from "../../src/facts/fileIndex.js";
import type { FileFacts, ToolFact } from "../../src/facts/types.js";

// registerTool and tool as registration methods, defineTool({ name, description, run }) as a definer.
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

const factsOf = (lines: string[]): FileFacts => extractFileFacts("src/tools/t.ts", lines.join("\n"), options);

/** A tool's name as text, or the whole name value when it is no literal string. */
function nameOf(t: ToolFact): string {
  return t.name.k === "string" && t.name.expr.k === "str" ? t.name.expr.v : JSON.stringify(t.name);
}

/** Each tool of the file: its name, and its body or why it has none. */
function bodies(lines: string[]): [string, unknown][] {
  return factsOf(lines).tools.map((t) => [nameOf(t), t.body ?? `missing: ${t.bodyMissing?.why}`]);
}

describe("a registered tool's handler held by a const", () => {
  const lines = [
    "export function register(server, p) {",
    "  const count = 42;",
    '  const text = "not a function";',
    "  const first = second;",
    "  const second = first;",
    "  const table = { run: 1 };",
    '  server.tool("count", "C.", count);',
    '  server.tool("text", "T.", text);',
    '  server.tool("cycle", "Y.", first);',
    '  server.tool("table", "O.", table);',
    "}",
  ];

  it("a number, a string and a value defined in terms of itself are no body; an object is its value", () => {
    expect(bodies(lines)).toEqual([
      ["count", "missing: the handler `count` is a const that does not hold a function the census can follow"],
      ["text", "missing: the handler `text` is a const that does not hold a function the census can follow"],
      ["cycle", "missing: the handler `first` is a const that does not hold a function the census can follow"],
      ["table", { k: "local", key: "@6:9", path: [], loc: { line: 6, column: 9 } }],
    ]);
  });

  it("a let holding an object is no body: another value may be there by the time the tool runs", () => {
    expect(bodies(["export function register(server) {", "  let table = { run: 1 };", '  server.tool("table", "O.", table);', "}"])).toEqual([
      ["table", "missing: the handler `table` is a let that does not hold a function the census can follow"],
    ]);
  });
});

describe("a tool's name read from a class's static member", () => {
  it("claims the registration even when the handler is a call the census cannot follow", () => {
    const facts = factsOf(['class Box { static toolName = "boxed"; }', "export function register(server, p) {", '  server.tool(Box.toolName, "B.", wrap(p));', "}"]);
    expect(facts.tools.map((t) => [t.form, t.name, t.bodyMissing])).toEqual([
      [
        "register",
        { k: "get", base: { k: "class", name: "Box", loc: { line: 3, column: 15 } }, path: ["toolName"], loc: { line: 3, column: 15 } },
        {
          why: "the handler is wrapped in `wrap(…)`, which is not a configured adapter",
          fix: 'add "wrap" to discovery.adapters in the config if it returns the function it wraps',
        },
      ],
    ]);
  });

  it("a name read from a parameter with a handler that is a call is another API's method, no tool", () => {
    expect(factsOf(["export function register(server, p) {", '  server.tool(p.name, "P.", wrap(p));', "}"]).tools).toEqual([]);
  });
});

describe("a definition without a name, under a key", () => {
  it("is named by its key through parentheses, `as` and `satisfies`", () => {
    const facts = factsOf([
      "export const tools = {",
      '  paren: (defineTool({ description: "P.", run: async () => "p" })),',
      '  cast: defineTool({ description: "C.", run: async () => "c" }) as Tool,',
      '  checked: defineTool({ description: "S.", run: async () => "s" }) satisfies Tool,',
      '  both: ((defineTool({ description: "B.", run: async () => "b" })) as Tool),',
      "};",
    ]);
    expect(facts.tools.map((t) => [t.name, t.nameLoc])).toEqual([
      [{ k: "string", expr: { k: "str", v: "paren" }, loc: { line: 2, column: 3 }, end: { line: 2, column: 3 } }, { line: 2, column: 3 }],
      [{ k: "string", expr: { k: "str", v: "cast" }, loc: { line: 3, column: 3 }, end: { line: 3, column: 3 } }, { line: 3, column: 3 }],
      [{ k: "string", expr: { k: "str", v: "checked" }, loc: { line: 4, column: 3 }, end: { line: 4, column: 3 } }, { line: 4, column: 3 }],
      [{ k: "string", expr: { k: "str", v: "both" }, loc: { line: 5, column: 3 }, end: { line: 5, column: 3 } }, { line: 5, column: 3 }],
    ]);
  });
});

describe("shorthand properties in a definer's object", () => {
  const facts = factsOf([
    'const run = async () => "s";',
    'const description = "Described.";',
    'export const a = defineTool({ name: "a", description, run });',
    'export const b = defineTool({ name: "b", run: async () => "b", description });',
    'export const c = defineTool({ run, name: "c", description: "C." });',
  ]);

  it("a shorthand body is the function its const holds, located at the shorthand", () => {
    expect(facts.tools.map((t) => [nameOf(t), t.body])).toEqual([
      ["a", { k: "function", key: "run", loc: { line: 3, column: 55 } }],
      ["b", { k: "function", key: "@4:47", loc: { line: 4, column: 47 } }],
      ["c", { k: "function", key: "run", loc: { line: 5, column: 31 } }],
    ]);
  });

  it("a shorthand description is reported where the shorthand is written, and only the matching shorthand", () => {
    expect(facts.tools.map((t) => [nameOf(t), t.descriptionLoc, t.descriptionEnd])).toEqual([
      ["a", { line: 3, column: 42 }, { line: 3, column: 53 }],
      ["b", { line: 4, column: 64 }, { line: 4, column: 75 }],
      ["c", { line: 5, column: 60 }, { line: 5, column: 64 }],
    ]);
  });
});

describe("a registration inside an anonymous default class", () => {
  it("sits in the class named default", () => {
    const facts = factsOf([
      "export default class {",
      "  constructor(server) {",
      '    server.tool("x", "X.", async () => "x");',
      "  }",
      "}",
    ]);
    expect(facts.tools.map((t) => [nameOf(t), t.inClass])).toEqual([["x", "default"]]);
  });
});

describe("a tools/call handler reading the tool name with element accesses", () => {
  it("string and template literal keys read as the name; a variable that happens to be called name does not", () => {
    const facts = factsOf([
      'import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      "export function make(server) {",
      "  server.setRequestHandler(CallToolRequestSchema, async (request) => {",
      '    switch (request["params"]["name"]) {',
      '      case "a": return { content: [] };',
      "    }",
      '    if (request[`params`][`name`] === "b") return { content: [] };',
      '    const name = "x";',
      "    switch (request.params[name]) {",
      '      case "c": return { content: [] };',
      "    }",
      "  });",
      "}",
    ]);
    expect(facts.dispatch).toEqual([
      { k: "branch", name: { k: "str", v: "b" }, key: "@7:44", loc: { line: 7, column: 39 } },
      { k: "branch", name: { k: "str", v: "a" }, key: "@5:7", loc: { line: 5, column: 12 } },
    ]);
  });
});
