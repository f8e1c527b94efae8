// A trace that fans out wide (one variable written from 300 others, each written once) is cut at the tracer's budget
// of variables walked, with a reason that says so, where a deep chain of variables is cut at its number of hops.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import type { Definition } from "../../src/facts/types.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

function whys(lines: string[]): string[] {
  const text = ['server.registerTool("wide", { description: "Wide." }, async (x: any) => {', ...lines, '  return "{}";', "});", ""].join("\n");
  const [guard] = extractFileFacts("wide.ts", text, options).passThroughs;
  // Each reason once, however deep the variables it stands under (a few levels in these tests).
  const of = (defs: readonly Definition[]): string[] =>
    defs.flatMap((d) => (d.operands ?? []).flatMap((o) => (o.k === "other" ? [o.why] : o.k === "variable" ? of(o.defs) : [])));
  return [...new Set(of(guard!.defs))];
}

it("a value written from more variables than the budget is cut with the budget's reason", () => {
  const n = 300;
  const lines = ["  let v = x.f();"];
  for (let i = 0; i < n; i++) lines.push(`  let a${i} = x.g${i}();`);
  for (let i = 0; i < n; i++) lines.push(`  if (x.c${i}) v = a${i};`);
  lines.push("  if (v) return v;");
  expect(whys(lines)).toEqual(["the value may come from more than 256 variables' writes; follow it by hand"]);
});

it("a chain of variables longer than the hops followed is cut with the hops' reason", () => {
  const lines = ["  let v0 = x.f();"];
  for (let i = 1; i <= 10; i++) lines.push(`  let v${i} = v${i - 1};`);
  lines.push("  if (v10) return v10;");
  expect(whys(lines)).toEqual(["the value passes through more than 8 variables; follow it by hand"]);
});
