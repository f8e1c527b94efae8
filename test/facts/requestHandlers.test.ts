// The request handlers a low-level server registers (SPEC §1, tools as data): only `tools/list` and `tools/call` are
// tools; a registration missing its parts, a prompts handler that switches on a name, a handler that calls itself or
// hands the name on twice each give what they are, once.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const HEAD = 'import { CallToolRequestSchema, GetPromptRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";';

const factsOf = (...lines: string[]) => extractFileFacts("src/tools/t.ts", [HEAD, ...lines].join("\n"), options);
const branchNames = (facts: ReturnType<typeof factsOf>) => facts.dispatch.map((d) => (d.k === "branch" && d.name.k === "str" ? d.name.v : d.k));

it("a registration without its schema or its handler is no tool and no dispatch", () => {
  const facts = factsOf(
    "export function make(server) {",
    "  server.setRequestHandler();",
    "  server.setRequestHandler(ListToolsRequestSchema);",
    "  server.setRequestHandler(CallToolRequestSchema);",
    "}",
  );
  expect(facts.parseErrors).toEqual([]);
  expect(facts.tools).toEqual([]);
  expect(facts.dispatch).toEqual([]);
});

it("a prompts/get handler that switches on the prompt's name answers no tool", () => {
  const facts = factsOf(
    "export function make(server) {",
    "  server.setRequestHandler(GetPromptRequestSchema, async (request) => {",
    "    switch (request.params.name) {",
    '      case "summarise":',
    '        return { messages: [] };',
    "    }",
    "  });",
    "}",
  );
  expect(facts.dispatch).toEqual([]);
  expect(facts.tools).toEqual([]);
});

it("the schema and an imported handler may be awaited: awaiting them gives them as they are", () => {
  const facts = factsOf(
    'import { handleCall } from "./calls.js";',
    "export async function make(server) {",
    "  server.setRequestHandler(await ListToolsRequestSchema, async () => ({ tools: [{ name: \"ping\", description: \"Pings.\" }] }));",
    "  server.setRequestHandler(CallToolRequestSchema, await handleCall);",
    "}",
  );
  expect(facts.tools.map((t) => t.form)).toEqual(["list"]);
  expect(facts.dispatch.map((d) => d.k)).toEqual(["forward"]);
});

it("a tools/list handler whose result has no `tools` lists nothing", () => {
  const facts = factsOf("export function make(server) {", "  server.setRequestHandler(ListToolsRequestSchema, async () => ({ nextCursor: undefined }));", "}");
  expect(facts.tools).toEqual([]);
});

it("a tools/call handler without a request parameter dispatches on nothing", () => {
  const facts = factsOf(
    "const name = 'ping';",
    "export function make(server) {",
    "  server.setRequestHandler(CallToolRequestSchema, async () => {",
    "    switch (name) {",
    '      case "ping":',
    '        return { content: [] };',
    "    }",
    "  });",
    "}",
  );
  expect(facts.dispatch).toEqual([]);
});

it("a handler that calls itself, or hands the name to one function twice, gives each branch once", () => {
  const itself = factsOf(
    "async function handle(request) {",
    "  if (request.retry) return handle(request);",
    "  switch (request.params.name) {",
    '    case "a":',
    '      return { content: [] };',
    "  }",
    "}",
    "export function make(server) {",
    "  server.setRequestHandler(CallToolRequestSchema, handle);",
    "}",
  );
  expect(branchNames(itself)).toEqual(["a"]);
  const twice = factsOf(
    "function answer(name, args) {",
    "  switch (name) {",
    '    case "b":',
    '      return { content: [] };',
    "  }",
    "}",
    "export function make(server) {",
    "  server.setRequestHandler(CallToolRequestSchema, async (request) => {",
    "    if (request.params.arguments) return answer(request.params.name, request.params.arguments);",
    "    return answer(request.params.name, {});",
    "  });",
    "}",
  );
  expect(branchNames(twice)).toEqual(["b"]);
});

it("the name is followed four functions deep from the handler, and no further", () => {
  // handler → hop1 → … → hopN, the switch in the last: found up to four hops.
  const chain = (hops: number) => {
    const lines: string[] = [];
    for (let i = 1; i <= hops; i++) {
      lines.push(`function hop${i}(name) {`);
      lines.push(i < hops ? `  return hop${i + 1}(name);` : `  switch (name) {\n    case "deep${hops}":\n      return { content: [] };\n  }`);
      lines.push("}");
    }
    return factsOf(...lines, "export function make(server) {", "  server.setRequestHandler(CallToolRequestSchema, async (request) => hop1(request.params.name));", "}");
  };
  expect(branchNames(chain(4))).toEqual(["deep4"]);
  expect(branchNames(chain(5))).toEqual([]);
});

it("a switch on the name inside a function the handler defines (a label for a log) is not where tools are answered", () => {
  const facts = factsOf(
    "const handlers = {};",
    "export function make(server, log) {",
    "  server.setRequestHandler(CallToolRequestSchema, async (request) => {",
    "    const label = () => {",
    "      switch (request.params.name) {",
    '        case "a":',
    '          return "Alpha";',
    "      }",
    "    };",
    "    log(label());",
    "    return handlers[request.params.name](request.params.arguments);",
    "  });",
    "}",
  );
  expect(facts.dispatch.map((d) => d.k)).toEqual(["table"]);
});

/** A tools/call handler whose body is `body` (lines), with `before` (lines) above it in the file. */
const callHandler = (before: string[], body: string[]) =>
  factsOf(...before, "export function make(server, registry) {", "  server.setRequestHandler(CallToolRequestSchema, async (request) => {", ...body, "  });", "}");

it("only the name itself is dispatched on: not the params it is read from, nor another param", () => {
  const onParams = callHandler([], ["    switch (request.params) {", '      case "a":', "        return { content: [] };", "    }"]);
  expect(onParams.dispatch).toEqual([]);
  const onCursor = callHandler([], ["    switch (request.params.cursor) {", '      case "b":', "        return { content: [] };", "    }"]);
  expect(onCursor.dispatch).toEqual([]);
});

it("a function handed another param than the name is not followed", () => {
  const facts = callHandler(
    ["function run(mode) {", "  switch (mode) {", '    case "fast":', "    return { content: [] };", "  }", "}"],
    ["    return run(request.params.cursor);"],
  );
  expect(facts.dispatch).toEqual([]);
});

it("a function handed the name where it takes no parameter is not followed", () => {
  const facts = callHandler(["function answer() {", "  switch (arguments.length) {", "    case 1:", "    return { content: [] };", "  }", "}"], ["    return answer(request.params.name);"]);
  expect(facts.dispatch).toEqual([]);
});

it("an awaited function of the file handed the name is followed as itself", () => {
  const facts = callHandler(["function answer(name) {", "  switch (name) {", '    case "c":', "    return { content: [] };", "  }", "}"], ["    return (await answer)(request.params.name);"]);
  expect(branchNames(facts)).toEqual(["c"]);
});

it("a handler held in a `let` (it may be another by the time a call comes) is not read", () => {
  const facts = factsOf(
    "let handle = async (request) => {",
    "  switch (request.params.name) {",
    '    case "d":',
    "      return { content: [] };",
    "  }",
    "};",
    "export function make(server) {",
    "  server.setRequestHandler(CallToolRequestSchema, handle);",
    "}",
  );
  expect(facts.dispatch).toEqual([]);
});

it("a `get` with more than the name is no lookup in a Map of tools", () => {
  const facts = callHandler([], ["    return registry.get(request.params.name, { strict: true }).run();"]);
  expect(facts.dispatch).toEqual([]);
  const map = callHandler([], ["    return registry.get(request.params.name).run();"]);
  expect(map.dispatch.map((d) => d.k)).toEqual(["find"]);
});

it("the name read through an await, a rest of the params, or a literal key is the name; an array pattern's element is not", () => {
  const awaited = callHandler([], ["    switch (await request.params.name) {", '      case "e":', "        return { content: [] };", "    }"]);
  expect(branchNames(awaited)).toEqual(["e"]);
  const rest = callHandler([], ["    const { ...params } = request.params;", "    switch (params.name) {", '      case "f":', "        return { content: [] };", "    }"]);
  expect(branchNames(rest)).toEqual(["f"]);
  const keyed = callHandler([], ['    switch (request.params[await "name"]) {', '      case "g":', "        return { content: [] };", "    }"]);
  expect(branchNames(keyed)).toEqual(["g"]);
  const element = callHandler([], ["    const [name] = request.params;", "    switch (name) {", '      case "h":', "        return { content: [] };", "    }"]);
  expect(element.dispatch).toEqual([]);
});

it("the tool a lookup found is called through its own member, not through a like-named member of another object", () => {
  const facts = callHandler(
    ["const handlers = {};"],
    ["    const tool = handlers[request.params.name];", "    registry.tool.debug();", "    return tool.run(request.params.arguments);"],
  );
  expect(facts.dispatch).toMatchObject([{ k: "table", member: ["run"] }]);  // The like-named member read after the call as well: the body is searched from its end.
  const after = callHandler(
    ["const handlers = {};"],
    ["    const tool = handlers[request.params.name];", "    const result = tool.run(request.params.arguments);", "    registry.tool.debug();", "    return result;"],
  );
  expect(after.dispatch).toMatchObject([{ k: "table", member: ["run"] }]);
});
