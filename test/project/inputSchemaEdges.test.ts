// Input schemas of a tools/list handler's list (src/project/inputSchema.ts): an element mapped without an
// `inputSchema` is served as a tool without parameters, and a schema with a key the census cannot compute says so in
// the tool's row.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/model.js";
import { discoveryReasons, lowLevelServer, monitorReport } from "./monitorReport.js";

const server = (declarations: string, listExpr: string) => lowLevelServer(declarations, listExpr, ["alpha"]);

const rows = (report: Report) => report.descriptions.map((d) => [d.tool, d.served, d.entryTokens]);

describe("a listed tool's input schema", () => {
  it("an element mapped without an inputSchema is served as one without parameters", async () => {
    const mapped = await monitorReport({
      "src/server.ts": server('const TOOLS = [{ name: "alpha", description: "Alpha tool." }];', "TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))"),
    });
    const empty = await monitorReport({
      "src/server.ts": server('const TOOLS = [{ name: "alpha", description: "Alpha tool.", inputSchema: { type: "object", properties: {} } }];', "TOOLS"),
    });
    expect(discoveryReasons(mapped)).toEqual([]);
    expect(rows(mapped)).toEqual(rows(empty));
  });

  it("an element mapped from a property it lacks is served without parameters; one read deeper is unseen", async () => {
    const lacking = (inputSchema: string) =>
      monitorReport({
        "src/server.ts": server('const TOOLS = [{ name: "alpha", description: "Alpha tool." }];', `TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: ${inputSchema} }))`),
      });
    const empty = await monitorReport({
      "src/server.ts": server('const TOOLS = [{ name: "alpha", description: "Alpha tool.", inputSchema: { type: "object", properties: {} } }];', "TOOLS"),
    });
    expect(rows(await lacking("(t as any).schema"))).toEqual(rows(empty));
    const deeper = await lacking("(t as any).config.schema");
    expect(deeper.descriptions.map((d) => d.entryUnknown)).toEqual(["the census cannot see its input schema: its schema holds a value the census cannot see (it has no property `config.schema`)"]);
  });

  it("a property whose key the census cannot compute: the entry has no size, and its row says which key", async () => {
    const report = await monitorReport({
      "src/server.ts": server(
        'function key() { return "q"; }\nconst TOOLS = [{ name: "alpha", description: "Alpha tool.", inputSchema: { type: "object", properties: { [key()]: { type: "string" } } } }];',
        "TOOLS",
      ),
    });
    // No budget is set, so an entry the census cannot size is no finding; the report's row says why it has no size.
    expect(report.findings).toEqual([]);
    expect(report.descriptions.map((d) => [d.tool, d.entryTokens, d.entryUnknown])).toEqual([
      ["alpha", null, "the census cannot see its input schema: its schema has a key the census cannot see (the key `[key()]` cannot be evaluated: call to `key()`)"],
    ]);
  });
});
