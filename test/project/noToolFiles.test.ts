// The no-tool finding counts the tool files it searched, in words a person reads: "1 tool file", "2 tool files".
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const messages = async (files: Record<string, string>) =>
  (await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, ...files }, { tools: ["src/tools/*.ts"] })).findings.map((f) => `${f.rule} ${f.message}`);

const none = (searched: string) =>
  `tool-discovery The census finds no tool in SKU main (${searched} searched); a census that sees nothing cannot vouch for anything: ` +
  "check the tools globs, and name how the server defines its tools in discovery (register, definers, classes, lists)";

describe("a SKU whose tool files define no tool", () => {
  it("one file: 1 tool file searched", async () => {
    expect(await messages({ "src/tools/a.ts": "export const a = 1;\n" })).toEqual([none("1 tool file")]);
  });

  it("two files: 2 tool files searched", async () => {
    expect(await messages({ "src/tools/a.ts": "export const a = 1;\n", "src/tools/b.ts": "export const b = 2;\n" })).toEqual([none("2 tool files")]);
  });
});
