// The JSON report's validator table: each shared validator, the parameters its refusals name, the tools calling it.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load.js";
import { runCensus } from "../src/project/census.js";

const table = (dir: string) => runCensus(loadConfig({ dir })).report.validators;

describe("validators", () => {
  it("lists every validator of the reference monitor with the parameters its refusals name and its callers", () => {
    const full = table("fixtures/monitor").filter((v) => v.sku === "full");
    expect(full.map((v) => [v.validator, v.parameters])).toEqual([
      ["validateHoursBack", ["hours_back"]],
      ["validateTop", ["top"]],
      ["validateDatabaseName", ["database"]],
      ["validateSortColumn", ["sort_by"]],
      ["validateSessionId", ["session_id"]],
      ["validateTimeRange", ["end_time", "hours_back", "start_time"]],
      ["validateAsOf", ["as_of"]],
      ["resolveAsOf", ["as_of"]],
    ]);
    expect(full.find((v) => v.validator === "validateTimeRange")!.callers).toEqual(["get_file_io_stats", "get_wait_history"]);
    expect(full.every((v) => v.module === "full/src/mcp/helpers.ts" && v.parametersUnseen === undefined)).toBe(true);
  });

  it("counts a tool calling a validator through another validator among its callers", () => {
    expect(table("fixtures/near-miss/validator-builds-refusal/refusal-names-caller-parameter")).toEqual([
      { sku: "main", validator: "validateTop", module: "src/helpers.ts", parameters: ["top"], callers: ["get_top_queries"] },
      { sku: "main", validator: "validateWindow", module: "src/helpers.ts", parameters: [], callers: ["get_top_queries"] },
      { sku: "main", validator: "validateHoursBack", module: "src/helpers.ts", parameters: ["hours_back"], callers: ["get_top_queries"] },
    ]);
  });
});
