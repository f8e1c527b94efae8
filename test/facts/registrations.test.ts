// A registration without a description (SPEC §1: `tool(name, handler)`, `registerTool(name, config, handler)` whose
// config has none) records none, and the arguments of a call are told apart as nothing, a value or an object.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const factsOf = (lines: string[]) => extractFileFacts("src/tools/t.ts", lines.join("\n"), options);

it("tool(name, handler) and a registerTool config without a description have no description", () => {
  const facts = factsOf([
    "export function register(server) {",
    '  server.tool("a", async () => ({ content: [] }));',
    '  server.registerTool("b", { title: "B" }, async () => ({ content: [] }));',
    '  server.registerTool("c", { description: "C." }, async () => ({ content: [] }));',
    "}",
  ]);
  expect(facts.tools.map((t) => [t.description === null ? null : t.description.k, t.descriptionLoc])).toEqual([
    [null, null],
    [null, null],
    ["string", { line: 4, column: 43 }],
  ]);
});

it("void 0 and undefined are no argument; an object names its keys and whether a spread leaves it open", () => {
  const facts = factsOf(['import { validateTop } from "../helpers.js";', "export function f(x, y) {", "  validateTop(void 0, undefined, { a: 1, ...x }, { b: 2 }, y);", "}"]);
  expect(facts.calls.map((c) => c.args)).toEqual([
    [{ k: "none" }, { k: "none" }, { k: "object", keys: ["a"], open: true }, { k: "object", keys: ["b"], open: false }, { k: "value" }],
  ]);
});

it("server.tool's first argument after the name is its parameters when it is an object or a function, with no text to tell apart", () => {
  const facts = factsOf([
    'import { z } from "zod";',
    "const SCHEMA = { a: z.string() };",
    "export function register(server) {",
    '  server.tool("a", { a: z.string() }, async () => ({ content: [] }));',
    '  server.tool("b", "B.", { a: z.string() }, async () => ({ content: [] }));',
    '  server.tool("c", SCHEMA, async () => ({ content: [] }));',
    "}",
  ]);
  expect(facts.tools.map((t) => [t.input?.k ?? "missing", "inputAfterText" in t ? (t.inputAfterText?.k ?? null) : "none"])).toEqual([
    ["object", "none"],
    ["object", "none"],
    ["local", null],
  ]);
});
