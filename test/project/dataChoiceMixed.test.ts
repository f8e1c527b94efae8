// A tools/list answer that a condition chooses between a list and something else is no list the census can read:
// the finding says the value depends on a condition, never the tools of the list branch alone.
import { expect, it } from "vitest";
import { discoveryReasons, lowLevelServer, monitorReport } from "./monitorReport.js";

const ALPHA = '{ name: "alpha", description: "Alpha tool.", inputSchema: { type: "object", properties: {} } }';

it("a choice between a list of tools and an object is a value that depends on a condition", async () => {
  const server = lowLevelServer(`const flag = Math.random() > 0.5;\nconst ONE = ${ALPHA};`, `flag ? [ONE] : ONE`);
  const report = await monitorReport({ "src/server.ts": server });
  expect(report.descriptions.map((d) => d.tool)).toEqual([]);
  expect(discoveryReasons(report)).toEqual(["it comes from a list the census cannot see: the value depends on a condition at run time"]);
});
