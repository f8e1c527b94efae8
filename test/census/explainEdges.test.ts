// The explanations of `trace` and `routes` at their edges: a definition that fails with no reason given, a carrier that
// does not pass, carriers only among the parts, a failing chain whose every part passes; a route from another file, and
// the exact text and JSON each prints.
import { describe, expect, it } from "vitest";
import { formatRoutes, routesJson } from "../../census/routes.js";
import { formatTrace } from "../../census/trace.js";
import type { RoutesTrace, TraceDefinition, TraceResult } from "../../src/model.js";

const definition = (over: Partial<TraceDefinition>): TraceDefinition => ({ file: "src/t.ts", line: 3, column: 9, text: "const e = v(x)", ok: true, via: [], ...over });
const trace = (ok: boolean, definitions: TraceDefinition[]): TraceResult => ({
  sku: "main",
  file: "src/t.ts",
  line: 4,
  column: 3,
  tool: null,
  guard: "e != null",
  path: "e",
  ok,
  definitions,
});
const text = (t: TraceResult) => formatTrace(t, { color: false });

describe("trace: definitions without a headline", () => {
  it("a failing definition with no reason, a failing carrier: no outcome line, the hops one step in", () => {
    const t = trace(false, [
      definition({ ok: false, via: ["imported as `v` from ./v.js"] }),
      definition({ line: 5, ok: false, category: "carried", via: ["hop"] }),
    ]);
    expect(text(t)).toBe(
      [
        "src/t.ts:4:3  if (e != null) return e;",
        "  3:9  const e = v(x)",
        "    via imported as `v` from ./v.js",
        "  5:9  const e = v(x)",
        "    via hop",
        "fails: 2 of 2 definitions do not come from a shared producer",
        "",
      ].join("\n"),
    );
  });

  it("a passing carrier: the carried line, the hops under it; a verdict that counts a carrier among the parts only", () => {
    const t = trace(true, [definition({ ok: true, parts: [definition({ line: 6, ok: true, category: "carried", via: ["hop"] })] }), definition({ line: 7, ok: true })]);
    expect(text(t)).toBe(
      [
        "src/t.ts:4:3  if (e != null) return e;",
        "  3:9  const e = v(x)",
        "      6:9  const e = v(x)",
        "        → carried: a parameter of a carrier function",
        "          via hop",
        "  7:9  const e = v(x)",
        "passes: every definition comes from a shared producer or a carrier's parameter",
        "",
      ].join("\n"),
    );
  });

  it("a failing chain whose every definition passes on its own", () => {
    expect(text(trace(false, [definition({ ok: true })])).split("\n").at(-2)).toBe("fails: the chain above does not end in a shared producer on every path");
  });
});

describe("routes: where each route comes from", () => {
  const routes: RoutesTrace = {
    tool: "get_x",
    definitions: [
      {
        sku: "main",
        file: "src/tools/x.ts",
        line: 2,
        column: 3,
        routes: ["error", "not_found"],
        sites: [
          { word: "error", file: "src/tools/x.ts", line: 9, column: 14, what: 'status("error", …)', via: [] },
          { word: "not_found", file: "src/helpers.ts", line: 12, column: 5, what: 'status("not_found", …)', via: ["notFound(…) at 10:14"] },
        ],
        named: ["error"],
        unreturned: [],
        unmentioned: ["not_found"],
        unseen: null,
      },
    ],
    tools: ["get_x"],
  };

  it("names the file of a route from another file, and aligns the columns", () => {
    expect(formatRoutes(routes, { color: false })).toBe(
      [
        "get_x [main] src/tools/x.ts:2:3",
        '  error      9:14                 status("error", …)',
        '  not_found  src/helpers.ts:12:5  status("not_found", …)',
        "               via notFound(…) at 10:14",
        "  routes: error, not_found · its description names: error · never named: not_found",
        "",
      ].join("\n"),
    );
  });

  it("separates the definitions of a tool by a blank line", () => {
    const twice: RoutesTrace = { ...routes, definitions: [routes.definitions[0]!, { ...routes.definitions[0]!, sku: "lite", sites: [], routes: [], unmentioned: [] }] };
    expect(formatRoutes(twice, { color: false }).split("\n").slice(5)).toEqual([
      "",
      "get_x [lite] src/tools/x.ts:2:3",
      "  no route the census can see",
      "  routes: none · its description names: error · never named: none",
      "",
    ]);
  });

  it("is the trace as JSON, one line per value, ending in a line break", () => {
    const json = routesJson(routes);
    expect(json.endsWith("}\n")).toBe(true);
    expect(JSON.parse(json)).toEqual({ schemaVersion: 1, tool: "get_x", definitions: routes.definitions });
    expect(json.split("\n")[1]).toBe('  "schemaVersion": 1,');
  });
});
