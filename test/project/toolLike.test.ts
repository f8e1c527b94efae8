// A SKU with no tool whose tool files hold a call that reads like a tool definition the discovery config does not name
// (`server.addTool({ name, description, execute })`): the no-tool finding names that call and the setting that would
// see it. Configured so, the same server's tools are found.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

const FASTMCP =
  'import { FastMCP } from "fastmcp";\n' +
  'const server = new FastMCP({ name: "Addition", version: "1.0.0" });\n' +
  'server.addTool({ name: "add", description: "Adds two numbers.", execute: async (args: any) => String(args.a + args.b) });\n';

async function census(server: string, discovery?: Record<string, unknown>) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": server }, { discovery });
  return { tools: report.descriptions.map((d) => d.tool), messages: report.findings.map((f) => `${f.rule} ${f.message}`) };
}

describe("no tool, but a call that reads like one", () => {
  it("a member call with one object: name it in register, with its body key", async () => {
    const r = await census(FASTMCP);
    expect(r.tools).toEqual([]);
    expect(r.messages).toEqual([
      "tool-discovery The census finds no tool in SKU main (1 tool file searched); a census that sees nothing cannot vouch for anything: " +
        '`server.addTool({ name, description, execute })` at src/server.ts:3 reads like a tool definition, so name it in discovery (add "addTool" to "register" and set "bodyKey": "execute")',
    ]);
  });

  it("the setting it names finds the tool", async () => {
    const r = await census(FASTMCP, { register: ["registerTool", "tool", "addTool"], bodyKey: "execute" });
    expect(r.tools).toEqual(["add"]);
    expect(r.messages).toEqual([]);
  });

  it("a plain call is a definer's; a body key that is already the configured one is not named again", async () => {
    const r = await census('export const ping = makeTool({ name: "ping", description: "Pings.", run: async () => "{}" });\n');
    expect(r.messages[0]).toContain('`makeTool({ name, description, run })` at src/server.ts:1 reads like a tool definition, so name it in discovery (add "makeTool" to "definers")');
  });

  it("near misses keep the plain finding: no name the census can read, no description, no function", async () => {
    for (const object of [
      '{ name: makeName(), description: "d", execute: async () => "" }',
      '{ name: "n", execute: async () => "" }',
      '{ name: "n", description: "d", execute: "no function" }',
    ]) {
      const r = await census(`server.addTool(${object});\n`);
      expect(r.messages).toEqual([
        "tool-discovery The census finds no tool in SKU main (1 tool file searched); a census that sees nothing cannot vouch for anything: check the tools globs, and name how the server defines its tools in discovery (register, definers, classes, lists)",
      ]);
    }
  });
});
