// Tool discovery in every shape SPEC §1 lists: for each fixture under fixtures/shapes/, the census finds exactly the
// tools a real MCP client lists from the running server, with the same served description sizes.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../census/main.js";
import { compareText, type Report } from "../src/model.js";
import { ts } from "../src/ts.js";
import { captureIo } from "./census/io.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const shapesDir = path.join(root, "fixtures", "shapes");
// Under the project's node_modules, so that the twins' imports of @modelcontextprotocol/sdk and zod resolve to the
// project's own copies, as a built monitor's resolve to its own.
const twinsDir = path.join(root, "node_modules", ".cache", "payload-census-test", "shapes");

/** One tool as tools/list serves it: its name and its description's length in UTF-16 code units. */
interface ListedTool {
  name: string;
  /** Null in the census's report when it cannot see the description: never in expected.json. */
  served: number | null;
}

const shapes = readdirSync(shapesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort(compareText);

function expectedTools(shape: string): ListedTool[] {
  return (JSON.parse(readFileSync(path.join(shapesDir, shape, "expected.json"), "utf8")) as { tools: ListedTool[] }).tools;
}

function byName(tools: ListedTool[]): ListedTool[] {
  return [...tools].sort((a, b) => compareText(a.name, b.name));
}

/**
 * The fixture as a built monitor would ship it: every `src/**\/*.ts` transpiled on its own (no type check, as
 * `tsc --isolatedModules` or a bundler would), `.js` import specifiers kept as written. Returns the twin's folder.
 */
function buildTwin(shape: string): string {
  const src = path.join(shapesDir, shape, "src");
  const twin = path.join(twinsDir, shape);
  rmSync(twin, { recursive: true, force: true });
  mkdirSync(twin, { recursive: true });
  writeFileSync(path.join(twin, "package.json"), JSON.stringify({ type: "module" }) + "\n");
  for (const rel of readdirSync(src, { recursive: true, encoding: "utf8" })) {
    if (!rel.endsWith(".ts")) continue;
    const { outputText } = ts.transpileModule(readFileSync(path.join(src, rel), "utf8"), {
      fileName: rel,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    const out = path.join(twin, rel.replace(/\.ts$/, ".js"));
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, outputText);
  }
  return twin;
}

/** What a real MCP client sees: the twin's createServer() listed over an in-memory pair, every page of it. */
async function listServed(twin: string): Promise<ListedTool[]> {
  const { createServer } = (await import(pathToFileURL(path.join(twin, "server.js")).href)) as {
    createServer: () => Promise<{ connect(t: unknown): Promise<void>; close(): Promise<void> }>;
  };
  const server = await createServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "shapes-test", version: "1.0.0" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      tools.push(...page.tools.map((t) => ({ name: t.name, served: (t.description ?? "").length })));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  } finally {
    await client.close();
    await server.close();
  }
}

/** The CLI as a user runs it, from the project's root. */
async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(root);
  const code = await main(argv, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

const twins = new Map<string, string>();
beforeAll(() => {
  for (const shape of shapes) twins.set(shape, buildTwin(shape));
});

// A shape dropped (or a folder added by mistake) would otherwise only change how many tests run.
it("has a fixture for every shape of SPEC §1, and for tools found by name", () => {
  expect(shapes).toEqual([
    "default-names",
    "dispatch-forms",
    "joined-names",
    "key-names",
    "loops",
    "nested-definer",
    "register-and-definer",
    "register-methods",
    "registration-helpers",
    "spreads",
    "tool-classes",
    "tools-as-data",
    "tools-found",
  ]);
});

describe.each(shapes)("%s", (shape) => {
  const fixture = `fixtures/shapes/${shape}`;

  // expected.json is what the running server lists; this keeps it honest, independently of the census.
  it("served: a real MCP client lists exactly the tools of expected.json", async () => {
    expect(byName(await listServed(twins.get(shape)!))).toEqual(expectedTools(shape));
  });

  // The census reads the source and never runs it: it must count the same tools at the same sizes, and find the
  // fixture clean, since every tool keeps the payload contract.
  it("static: the census finds exactly those tools, their descriptions at the served sizes, and no finding", async () => {
    const expected = expectedTools(shape);
    const { code, out, err } = await cli([fixture, "--format", "json"]);
    // A configuration error (exit 2) says so on stderr and prints no report.
    expect(err).toBe("");
    const report = JSON.parse(out) as Report;
    expect(byName(report.descriptions.map((d) => ({ name: d.tool, served: d.served })))).toEqual(expected);
    expect(report.counts.tools).toBe(expected.length);
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(code).toBe(0);
  });

  // descriptions --serve puts the two side by side, text for text: a size can agree by chance, the text cannot.
  it("static against served: descriptions --serve finds every served description is the census's text", async () => {
    const server = path.join(twins.get(shape)!, "server.js");
    const { code, out, err } = await cli(["descriptions", "--serve", server, fixture, "--format", "json"]);
    expect(err).toBe("");
    const result = JSON.parse(out) as { ok: boolean; tools: ({ staticEntryTokens: number | null; servedEntryTokens: number | null } & Record<string, unknown>)[] };
    // One row per tool of either side: a tool the census misses shows as "not-in-census", one it invents as "not-served".
    const same = expectedTools(shape).map((t) => ({ tool: t.name, static: t.served, served: t.served, status: "same", firstDifference: null }));
    expect(result.tools.map(({ staticEntryTokens, servedEntryTokens, ...text }) => text)).toEqual(same);
    // The whole entry: the census's estimate within 5% of the running server's count, where it can see the schema. The
    // nested-definer server serialises its zod objects itself (z.toJSONSchema: draft 2020-12, additionalProperties
    // false), not through the SDK: 7 tokens more per entry than the SDK's serialisation the census estimates.
    const own = shape === "nested-definer" ? 7 : 0;
    for (const row of result.tools) {
      if (row.staticEntryTokens === null) continue;
      const difference = Math.abs(row.staticEntryTokens + own - row.servedEntryTokens!);
      expect(difference, `${String(row.tool)}: ${row.staticEntryTokens} estimated, ${row.servedEntryTokens} served`).toBeLessThanOrEqual(row.servedEntryTokens! * 0.05);
    }
    expect(result.ok).toBe(true);
    expect(code).toBe(0);
  });
});
