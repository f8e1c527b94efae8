// A tool made by a factory reads its parts from the factory's parameters: `name ?? "ping"` is the caller's value or the
// literal when it passes none; a second fallback makes a choice; a literal key reads a const's member.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const withoutPlaces = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === "loc" || key === "end" ? undefined : v)));

it("a factory's parameters, their fallbacks, and a const member by a literal key", () => {
  const source = [
    "export function make(name, opts) {",
    '  return defineTool({ name: name ?? "ping", description: opts.d || "Pings.", async run() { return "ok"; } });',
    "}",
    "export function make2(name, alt) {",
    '  return defineTool({ name: name ?? alt ?? "x", description: D["k"], async run() { return "ok"; } });',
    "}",
    'const D = { k: "Described." } as const;',
  ].join("\n");
  const tools = extractFileFacts("src/tools/t.ts", source, options).tools;
  expect(withoutPlaces(tools.map((t) => ({ name: t.name, description: t.description })))).toEqual([
    {
      name: { k: "arg", fn: "make", index: 0, path: [], fallback: { k: "string", expr: { k: "str", v: "ping" } } },
      description: { k: "arg", fn: "make", index: 1, path: ["d"], fallback: { k: "string", expr: { k: "str", v: "Pings." } } },
    },
    {
      name: {
        k: "choice",
        options: [
          { k: "arg", fn: "make2", index: 0, path: [], fallback: { k: "arg", fn: "make2", index: 1, path: [], fallback: null } },
          { k: "string", expr: { k: "str", v: "x" } },
        ],
      },
      description: { k: "local", key: "D", path: ["k"] },
    },
  ]);
});

it("a member by a key that is not a literal is not read as any member", () => {
  const source = ['const D = { k: "Described." } as const;', "export function make(key) {", '  return defineTool({ name: "n", description: D[key], async run() { return "ok"; } });', "}"].join("\n");
  const [tool] = extractFileFacts("src/tools/t.ts", source, options).tools;
  // A string the evaluator cannot read, and says why: the key is the caller's.
  expect(withoutPlaces(tool!.description)).toEqual({ k: "string", expr: { k: "unknown", why: "`key` is a parameter", line: 3, column: 49 } });
});

