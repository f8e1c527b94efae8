// Formatting `trace` output on hand-made TraceResults: guard, definitions, producers with their hops, reasons, verdicts.
import { describe, expect, it } from "vitest";
import type { TraceResult } from "../../src/model.js";
import { formatTrace, traceJson } from "../../census/trace.js";

function passing(): TraceResult {
  return {
    sku: "full",
    file: "src/mcp/tools/waits.ts",
    line: 42,
    column: 5,
    tool: "get_wait_stats",
    guard: "hoursError != null",
    path: "hoursError",
    ok: true,
    definitions: [
      {
        file: "src/mcp/tools/waits.ts",
        line: 40,
        column: 9,
        text: "hoursError = validateHoursBack(hours_back)",
        ok: true,
        category: "validator",
        producer: { module: "src/mcp/helpers.ts", export: "validateHoursBack", category: "validator" },
        via: ["imported as `validateHoursBack` from ../index.js", "re-exported by src/mcp/index.ts from ./helpers.js"],
      },
    ],
  };
}

function failing(): TraceResult {
  return {
    sku: "full",
    file: "src/mcp/tools/plan.ts",
    line: 18,
    column: 3,
    tool: null,
    guard: "err",
    path: "err",
    ok: false,
    definitions: [
      {
        file: "src/mcp/tools/plan.ts",
        line: 12,
        column: 7,
        text: "err = cached ?? checkPlan(xml)",
        ok: false,
        via: [],
        reason: "one part is not a shared producer",
        parts: [
          {
            file: "src/mcp/tools/plan.ts",
            line: 12,
            column: 13,
            text: "cached",
            ok: true,
            category: "carried",
            via: [],
          },
          {
            file: "src/mcp/tools/plan.ts",
            line: 12,
            column: 23,
            text: "checkPlan(xml)",
            ok: false,
            via: ["imported as `checkPlan` from ./planChecks.js"],
            reason: "`checkPlan` is a local helper, not a function of a producer module",
          },
        ],
      },
      {
        file: "src/mcp/constants.ts",
        line: 3,
        column: 14,
        text: 'NO_PLAN = "No plan."',
        ok: false,
        via: [],
        reason: "an inline string is not an envelope from a shared producer",
      },
    ],
  };
}

describe("formatTrace", () => {
  it("shows the guard, the definition, the producer and the hops to it, and passes", () => {
    expect(formatTrace(passing(), { color: false })).toBe(
      [
        "src/mcp/tools/waits.ts:42:5  if (hoursError != null) return hoursError;  [get_wait_stats]",
        "  40:9  hoursError = validateHoursBack(hours_back)",
        "    → producer validateHoursBack in src/mcp/helpers.ts (validator)",
        "      via imported as `validateHoursBack` from ../index.js",
        "      via re-exported by src/mcp/index.ts from ./helpers.js",
        "passes: every definition comes from a shared producer",
        "",
      ].join("\n"),
    );
  });

  it("names each failing definition's reason, nests the parts, names another file, and fails", () => {
    expect(formatTrace(failing(), { color: false })).toBe(
      [
        "src/mcp/tools/plan.ts:18:3  if (err) return err;",
        "  12:7  err = cached ?? checkPlan(xml)",
        "    ✗ one part is not a shared producer",
        "      12:13  cached",
        "        → carried: a parameter of a carrier function",
        "      12:23  checkPlan(xml)",
        "        ✗ `checkPlan` is a local helper, not a function of a producer module",
        "          via imported as `checkPlan` from ./planChecks.js",
        '  src/mcp/constants.ts:3:14  NO_PLAN = "No plan."',
        "    ✗ an inline string is not an envelope from a shared producer",
        "fails: 2 of 2 definitions do not come from a shared producer",
        "",
      ].join("\n"),
    );
  });

  it("counts failing definitions in the verdict, in the singular too", () => {
    const trace = failing();
    trace.definitions[1] = passing().definitions[0]!;
    expect(formatTrace(trace, { color: false }).split("\n").at(-2)).toBe("fails: 1 of 2 definitions does not come from a shared producer");
  });

  it("says when no definition reaches the guard", () => {
    const trace = failing();
    trace.definitions = [];
    expect(formatTrace(trace, { color: false }).split("\n").at(-2)).toBe("fails: no definition the tracer can see reaches the guard");
  });

  it("mentions carriers in a passing verdict that relies on one", () => {
    const trace = passing();
    trace.definitions = [{ file: trace.file, line: 2, column: 20, text: "health", ok: true, category: "carried", via: [] }];
    expect(formatTrace(trace, { color: false }).split("\n").at(-2)).toBe(
      "passes: every definition comes from a shared producer or a carrier's parameter",
    );
  });

  it("colours only when asked", () => {
    expect(formatTrace(failing(), { color: false })).not.toMatch(/\u001b\[/);
    const coloured = formatTrace(failing(), { color: true });
    expect(coloured).toMatch(/\u001b\[/);
    expect(coloured.replace(/\u001b\[\d+m/g, "")).toBe(formatTrace(failing(), { color: false }));
  });
});

describe("traceJson", () => {
  it("is the TraceResult as JSON", () => {
    const out = traceJson(failing());
    expect(JSON.parse(out)).toEqual(failing());
    expect(out).toBe(JSON.stringify(failing(), null, 2) + "\n");
  });
});
