// Edges of a low-level server's tools as data (src/facts/toolLists.ts): an exported function whose result is an object
// with no `tools` key written is no tools/list handler, whatever it spreads; the member a found tool has called is
// read from the name bound to it, never from a string that spells that name.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const HEAD = 'import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";';
const factsOf = (...lines: string[]) => extractFileFacts("src/handlers.ts", [HEAD, ...lines].join("\n"), options);

it("an exported function returning an object that only spreads is no tools/list handler", () => {
  const facts = factsOf("export function settings(base) {", "  return { ...base, verbose: true };", "}");
  expect(facts.tools).toEqual([]);
  const listing = factsOf("export function listTools(base) {", "  return { ...base, tools: [{ name: \"a\", description: \"A.\" }] };", "}");
  expect(listing.tools.map((t) => t.form)).toEqual(["list"]);
});

it("a string spelling the found tool's name is not the tool", () => {
  const facts = factsOf(
    "const tools = [];",
    "export function make(server) {",
    "  server.setRequestHandler(CallToolRequestSchema, async (request) => {",
    "    const tool = tools.find((t) => t.name === request.params.name);",
    "    const answer = tool.handler(request.params.arguments);",
    '    "tool".trim();',
    "    return answer;",
    "  });",
    "}",
  );
  expect(facts.dispatch.map((d) => (d.k === "find" ? d.member : d.k))).toEqual([["handler"]]);
});
