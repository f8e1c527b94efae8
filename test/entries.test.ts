// Descriptions as clients pay for them: each served description's tokens (o200k_base), and each whole tools/list entry
// estimated from the source, held against the exact count of the entry a running server lists.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../census/main.js";
import type { Report } from "../src/model.js";
import { ts } from "../src/ts.js";
import { captureIo } from "./census/io.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
// Under the project's node_modules, so that the servers' imports of @modelcontextprotocol/sdk and zod resolve.
const scratch = path.join(root, "node_modules", ".cache", "payload-census-test", "entries");

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(root);
  const code = await main(argv, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

async function report(dir: string): Promise<Report> {
  const { out, err } = await cli([dir, "--format", "json"]);
  expect(err).toBe("");
  return JSON.parse(out) as Report;
}

interface ServeJsonRow {
  tool: string;
  status: string;
  staticEntryTokens: number | null;
  servedEntryTokens: number | null;
}

async function served(module: string, dir: string, sku?: string): Promise<ServeJsonRow[]> {
  const { out, err } = await cli(["descriptions", "--serve", module, dir, "--format", "json", ...(sku ? ["--sku", sku] : [])]);
  expect(err).toBe("");
  return (JSON.parse(out) as { tools: ServeJsonRow[] }).tools;
}

/** Writes a tree of files under the scratch folder; returns its folder. */
function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(scratch, name);
  rmSync(dir, { recursive: true, force: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const SERVE_CONFIG = readFileSync(path.join(root, "fixtures", "serve", "payload-census.config.json"), "utf8").replace('"../../schema', '"../../../../schema');
const SERVE_HELPERS = readFileSync(path.join(root, "fixtures", "serve", "helpers.mjs"), "utf8");

/** A monitor of one tool file in plain ES modules (node runs it as it is), its server registering that file's tools. */
function monitor(name: string, tools: string): string {
  return tree(name, {
    "payload-census.config.json": SERVE_CONFIG,
    "helpers.mjs": SERVE_HELPERS,
    "tools/tools.mjs": tools,
    "server.mjs": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerTools } from "./tools/tools.mjs";
export function createServer() {
  const server = new McpServer({ name: "${name}", version: "1.0.0" });
  registerTools(server);
  return server;
}
`,
  });
}

describe("tokens: each served description in o200k_base", () => {
  it("counts what the tokenizer counts, an em dash and a line break included", async () => {
    const rows = (await report("fixtures/serve")).descriptions;
    const getStatus = rows.find((r) => r.tool === "get_status")!;
    const text = "Health of the service — uptime in seconds and its version.\nNever refuses: it takes no parameter.";
    expect(getStatus).toMatchObject({ served: text.length, tokens: countTokens(text), entryTokens: 41 });
    expect(getStatus.tokens).toBe(20);
  });

  it("counts a character outside the BMP as the tokenizer does, while its size is two UTF-16 code units", async () => {
    const description = "Weather at a station 🌦 — temperature, wind and <|endoftext|> as plain text.";
    const dir = monitor(
      "non-bmp",
      `import { formatError, textTool } from "../helpers.mjs";
export function registerTools(server) {
  server.registerTool("get_weather", { description: ${JSON.stringify(description)} }, textTool(async () => {
    try {
      return JSON.stringify({ temperature: 21 });
    } catch (ex) {
      return formatError("get_weather", ex);
    }
  }));
}
`,
    );
    const [row] = (await report(dir)).descriptions;
    expect(row).toMatchObject({ tool: "get_weather", served: [...description].length + 1, tokens: countTokens(description, { disallowedSpecial: new Set() }) });
    expect(await served(path.join(dir, "server.mjs"), dir)).toEqual([{ tool: "get_weather", served: description.length, static: description.length, status: "same", firstDifference: null, staticEntryTokens: row!.entryTokens, servedEntryTokens: row!.entryTokens }]);
  });
});

describe("entryTokens: the whole tools/list entry, estimated statically", () => {
  it("is the exact count of the serve fixture's entries, side by side with --serve", async () => {
    const rows = await served("fixtures/serve/server.mjs", "fixtures/serve");
    expect(rows.map((r) => [r.tool, r.staticEntryTokens, r.servedEntryTokens])).toEqual([
      ["get_status", 41, 41],
      ["list_items", 91, 91],
    ]);
  });

  it("serialises zod shapes as the SDK does: every form the census reads, exactly", async () => {
    const dir = monitor(
      "zod-forms",
      `import { z } from "zod";
import { formatError, textTool } from "../helpers.mjs";

const Window = z.object({ start: z.string().datetime().describe("ISO 8601 start."), end: z.string().datetime().optional() });
const LIMIT = z.number().int().positive().max(500);

const answer = (tool) => textTool(async () => {
  try {
    return JSON.stringify({});
  } catch (ex) {
    return formatError(tool, ex);
  }
});

export function registerTools(server) {
  server.registerTool("find_rows", {
    description: "Rows of a table matching a filter.",
    inputSchema: {
      table: z.string().min(1).max(128).describe("Table name."),
      mode: z.enum(["exact", "prefix", "regex"]).default("exact").describe("How the filter matches."),
      limit: LIMIT.optional().describe("Most rows (default 50)."),
      columns: z.array(z.string()).min(1).max(20).optional(),
      owner: z.string().email().nullable().optional(),
      id: z.string().uuid().optional(),
      site: z.string().url().optional(),
      code: z.string().regex(/^[A-Z]{3}-\\d+$/).optional(),
      kind: z.literal("rows"),
      key: z.union([z.string(), z.number()]).optional(),
      tags: z.record(z.string(), z.string()).optional(),
      when: Window.optional().describe("The time window."),
      deep: z.boolean().default(false),
      ratio: z.number().gte(0).lte(1).optional(),
      raw: z.any().optional(),
    },
  }, answer("find_rows"));
  server.registerTool("count_rows", {
    description: "How many rows a table holds.",
    inputSchema: z.object({ table: z.string().describe("Table name.") }).extend({ estimate: z.boolean().optional() }),
  }, answer("count_rows"));
  server.tool("ping_db", "Whether the database answers.", { timeout_ms: z.coerce.number().int().nonnegative().optional() }, answer("ping_db"));
}
`,
    );
    const rows = await served(path.join(dir, "server.mjs"), dir);
    expect(rows.map((r) => r.status)).toEqual(["same", "same", "same"]);
    for (const r of rows) expect(r.staticEntryTokens, r.tool).toBe(r.servedEntryTokens);
  });

  it("is null where the census cannot see the schema, and says what it could not see", async () => {
    const dir = monitor(
      "unseen-schema",
      `import { z } from "zod";
import { formatError, textTool } from "../helpers.mjs";
const shapeOf = (names) => Object.fromEntries(names.map((n) => [n, z.string()]));
export function registerTools(server) {
  server.registerTool("get_columns", { description: "Columns of a table.", inputSchema: shapeOf(["table"]) }, textTool(async () => {
    try {
      return JSON.stringify([]);
    } catch (ex) {
      return formatError("get_columns", ex);
    }
  }));
}
`,
    );
    const [row] = (await report(dir)).descriptions;
    expect(row).toMatchObject({ tool: "get_columns", tokens: countTokens("Columns of a table."), entryTokens: null });
    expect(row!.entryUnknown).toBe("the census cannot see its input schema: `shapeOf([\"table\"])` is no zod schema the census can read");
    const { out } = await cli([dir]);
    expect(out).toContain("    get_columns      19       5      ?     –  2048\n");
    expect(out).toContain("whole entries 0 (1 entry the census cannot see left out: --format json says why)");
    // --serve counts what runs; the estimate stays unknown, never a guess.
    const [listed] = await served(path.join(dir, "server.mjs"), dir);
    expect(listed).toMatchObject({ staticEntryTokens: null, servedEntryTokens: expect.any(Number) });
  });
});

describe("the reference monitor's runnable twin: the estimate against the running server", () => {
  const twinDir = path.join(scratch, "monitor");
  beforeAll(() => {
    // Every .ts of the monitor transpiled on its own (as a bundler would), `.js` import specifiers kept as written.
    rmSync(twinDir, { recursive: true, force: true });
    for (const sku of ["full", "lite"]) {
      const src = path.join(root, "fixtures", "monitor", sku, "src");
      for (const rel of readdirSync(src, { recursive: true, encoding: "utf8" })) {
        if (!rel.endsWith(".ts")) continue;
        const { outputText } = ts.transpileModule(readFileSync(path.join(src, rel), "utf8"), {
          fileName: rel,
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
        });
        const out = path.join(twinDir, sku, rel.replace(/\.ts$/, ".js"));
        mkdirSync(path.dirname(out), { recursive: true });
        writeFileSync(out, outputText);
      }
      writeFileSync(path.join(twinDir, sku, "package.json"), JSON.stringify({ type: "module" }) + "\n");
    }
  });

  it.each(["full", "lite"])("%s: every entry, and the catalog, within a twentieth of the served count", async (sku) => {
    const rows = await served(path.join(twinDir, sku, "mcp", "server.js"), "fixtures/monitor", sku);
    expect(rows.length).toBe(sku === "full" ? 34 : 10);
    for (const r of rows) {
      expect(r.status, r.tool).toBe("same");
      expect(Math.abs(r.staticEntryTokens! - r.servedEntryTokens!), `${r.tool}: ${r.staticEntryTokens} estimated, ${r.servedEntryTokens} served`).toBeLessThanOrEqual(
        r.servedEntryTokens! * 0.05,
      );
    }
    const total = (key: "staticEntryTokens" | "servedEntryTokens") => rows.reduce((n, r) => n + r[key]!, 0);
    expect(Math.abs(total("staticEntryTokens") - total("servedEntryTokens"))).toBeLessThanOrEqual(total("servedEntryTokens") * 0.05);
  });
});
