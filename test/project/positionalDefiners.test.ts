// A configured definer called with a name first (`makeTool("ping", "Pings.", schema, handler)`) is read like
// `server.tool(...)`: a tool of that name, description and handler. Called with one argument, or with a first
// argument that is no string the census can read, it defines nothing; a call of a name no setting names is no tool.
import { describe, expect, it } from "vitest";
import { CONTRACT_HELPERS, monitorReport } from "./monitorReport.js";

async function census(server: string, definers: unknown[] = ["makeTool"]) {
  const report = await monitorReport({ "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": server }, { discovery: { definers } });
  return { tools: report.descriptions.map((d) => [d.tool, d.served]), findings: report.findings.map((f) => `${f.rule} ${f.line} ${f.tool ?? "-"}`) };
}

describe("a definer called with its parts in order", () => {
  it("name, description and handler: one tool, its handler the body", async () => {
    const r = await census('export const ping = makeTool("ping", "Pings the server.", async () => "Pong.");\n');
    expect(r.tools).toEqual([["ping", 17]]);
    expect(r.findings).toEqual(["bare-sentence-roster 1 ping"]);
  });

  it("name and handler only: a tool with no description", async () => {
    const r = await census('export const ping = makeTool("ping", async () => "Pong.");\n');
    expect(r.tools).toEqual([["ping", 0]]);
    expect(r.findings).toEqual(["bare-sentence-roster 1 ping"]);
  });

  it("a name from a constant of the file", async () => {
    const r = await census('const NAME = "ping";\nexport const ping = makeTool(NAME, "Pings.", async () => JSON.stringify({}));\n');
    expect(r.tools).toEqual([["ping", 6]]);
  });

  it("near misses: one argument, a first argument that is a call, a name no setting names", async () => {
    for (const [server, definers] of [
      ['export const ping = makeTool("ping");\n', ["makeTool"]],
      ['export const ping = makeTool(nameOf(), "Pings.", async () => "Pong.");\n', ["makeTool"]],
      ['export const ping = makeTool("ping", "Pings.", async () => "Pong.");\n', ["defineTool"]],
    ] as const) {
      const r = await census(server, [...definers]);
      expect(r.tools).toEqual([]);
      // The census sees no tool at all: the one finding says so, and no tool's name or body is reported unseen.
      expect(r.findings).toEqual(["tool-discovery 1 -"]);
    }
  });
});
