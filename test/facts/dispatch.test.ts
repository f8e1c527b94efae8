// A tools/call handler's dispatch by name (SPEC §1, tools as data): each case of its switch is a branch whose body is
// the first clause at or below it with statements, so stacked labels share one body.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("stacked case labels share the body below them; a block clause is its own; default is no tool", () => {
  const source = [
    'import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
    "export function make(server) {",
    "  server.setRequestHandler(CallToolRequestSchema, async (request) => {",
    "    switch (request.params.name) {",
    '      case "a":',
    '      case "b":',
    '        return { content: [{ type: "text", text: "ab" }] };',
    '      case "c": {',
    "        return { content: [] };",
    "      }",
    '      case "d":',
    "      default:",
    '        throw new Error("unknown");',
    "    }",
    "  });",
    "}",
  ].join("\n");
  const facts = extractFileFacts("src/tools/t.ts", source, options);
  expect(facts.dispatch).toEqual([
    { k: "branch", name: { k: "str", v: "a" }, key: "@6:7", loc: { line: 5, column: 12 } },
    { k: "branch", name: { k: "str", v: "b" }, key: "@6:7", loc: { line: 6, column: 12 } },
    { k: "branch", name: { k: "str", v: "c" }, key: "@8:7", loc: { line: 8, column: 12 } },
    // `case "d":` falls through to default, whose body throws: still the body that runs for "d".
    { k: "branch", name: { k: "str", v: "d" }, key: "@12:7", loc: { line: 11, column: 12 } },
  ]);
});
