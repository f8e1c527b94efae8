// descriptions --serve on the serve fixture: a real McpServer listed over an in-memory client, against the census's static text.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { main } from "../census/main.js";
import { loadSdk } from "../census/serve/sdk.js";
import { UsageError } from "../src/errors.js";
import { captureIo } from "./census/io.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const fixture = join(root, "fixtures", "serve");

async function serve(argv: string[], cwd = root) {
  const io = captureIo(cwd);
  const code = await main(["descriptions", ...argv], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

/** Modules a test writes for itself (a factory that throws, one that exports nothing, ...): they import the fixture by URL. */
let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "payload-census-serve-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function scratchModule(name: string, text: string): string {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
}

const serverUrl = pathToFileURL(join(fixture, "server.mjs")).href;

describe("descriptions --serve: the served descriptions against the census", () => {
  afterEach(() => {
    delete process.env.SERVE_FIXTURE_HOST;
  });

  it("agrees with the census on the fixture's server: sizes side by side, exit 0", async () => {
    const { code, out, err } = await serve(["--serve", "fixtures/serve/server.mjs", "fixtures/serve"]);
    expect(err).toBe("");
    expect(out).toBe(
      [
        "fixtures/serve/server.mjs serves 2 tools; the census of SKU serve sees 2",
        "  tool        static  served  entry≈  entry",
        "  get_status      96      96      41     41  ✓",
        "  list_items      72      72      91     91  ✓",
        "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)",
        "",
        "✓ 2 tools: every served description is the census's text",
        "",
      ].join("\n"),
    );
    expect(code).toBe(0);
  });

  it("flags a description changed at start-up, a served tool the census does not know, and a known tool not served: exit 1", async () => {
    process.env.SERVE_FIXTURE_HOST = "db-7";
    const { code, out, err } = await serve(["--serve", "fixtures/serve/drifted.mjs", "fixtures/serve"]);
    expect(err).toBe("");
    expect(out).toBe(
      [
        "fixtures/serve/drifted.mjs serves 2 tools; the census of SKU serve sees 2",
        "  tool            static  served  entry≈  entry",
        "  get_build_info       –      29       –     27  ✗ not in the census",
        "  get_status          96     108      41     47  ✗ differs from character 97",
        "  list_items          72       –      91      –  ✗ not served",
        "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)",
        "",
        "✗ 3 of 3 tools differ between the census and the running server",
        "",
      ].join("\n"),
    );
    expect(code).toBe(1);
  });

  it("gives the same rows as JSON, and --quiet keeps only the differing ones", async () => {
    process.env.SERVE_FIXTURE_HOST = "a-much-longer-host-name";
    // The fixture as the working folder: no DIR needed, and the module is shown relative to the working folder.
    const inFixture = await serve(["--serve", "drifted.mjs", "--format", "json"], fixture);
    expect(JSON.parse(inFixture.out)).toEqual({
      schemaVersion: 1,
      ok: false,
      sku: "serve",
      module: "drifted.mjs",
      tools: [
        { tool: "get_build_info", static: null, served: 29, status: "not-in-census", firstDifference: null, staticEntryTokens: null, servedEntryTokens: 27 },
        {
          tool: "get_status",
          static: 96,
          served: 96 + " Host: a-much-longer-host-name.".length,
          status: "differs",
          firstDifference: 97,
          staticEntryTokens: 41,
          servedEntryTokens: 51,
        },
        { tool: "list_items", static: 72, served: null, status: "not-served", firstDifference: null, staticEntryTokens: 91, servedEntryTokens: null },
      ],
    });
    expect(inFixture.code).toBe(1);
    const quiet = await serve(["--serve", "server.mjs", "--quiet"], fixture);
    expect(quiet).toEqual({ code: 0, out: "", err: "" });
  });

  it("follows nextCursor: a server serving one tool per page is listed whole", async () => {
    const { code, out } = await serve(["--serve", "fixtures/serve/paged.mjs", "fixtures/serve", "--quiet"]);
    expect(out).toBe("");
    expect(code).toBe(0);
  });

  it("closes the server when done, and when the listing fails", async () => {
    const counted = scratchModule(
      "counted.mjs",
      `// counts closes of the fixture's server
import { createServer as base } from ${JSON.stringify(serverUrl)};
export function createServer() {
  const server = base();
  const close = server.close.bind(server);
  server.close = async () => { globalThis.__servedCloses = (globalThis.__servedCloses ?? 0) + 1; await close(); };
  return server;
}
`,
    );
    const g = globalThis as { __servedCloses?: number };
    g.__servedCloses = 0;
    expect((await serve(["--serve", counted, "fixtures/serve"])).code).toBe(0);
    expect(g.__servedCloses).toBe(1);
    delete g.__servedCloses;
  });
});

describe("descriptions --serve: what it refuses, exit 2", () => {
  it("wants JavaScript: TypeScript is out of scope, and says so", async () => {
    const { code, err } = await serve(["--serve", "fixtures/monitor/full/src/mcp/server.ts", "fixtures/monitor", "--sku", "full"]);
    expect(err).toBe(
      "payload-census: --serve fixtures/monitor/full/src/mcp/server.ts is TypeScript: payload-census imports the module with node as it is and does not compile it; build the monitor and give the built .js (e.g. dist/server.js)\n",
    );
    expect(code).toBe(2);
    expect((await serve(["--serve", "fixtures/serve/payload-census.config.json", "fixtures/serve"])).err).toBe(
      "payload-census: --serve fixtures/serve/payload-census.config.json: give a JavaScript module (.js, .mjs or .cjs) that exports the server factory\n",
    );
    expect((await serve(["--serve", "fixtures/serve/nope.mjs", "fixtures/serve"])).err).toBe(
      "payload-census: --serve fixtures/serve/nope.mjs: no such file (MODULE is relative to the current folder)\n",
    );
  });

  it("wants the SKU named when the config has several, and a SKU the config has", async () => {
    const several = await serve(["--serve", "fixtures/serve/server.mjs", "fixtures/monitor"]);
    expect(several.err).toBe("payload-census: the config has 2 SKUs (full, lite): say which one MODULE serves with --sku NAME\n");
    expect(several.code).toBe(2);
    const unknown = await serve(["--serve", "fixtures/serve/server.mjs", "fixtures/serve", "--sku", "full"]);
    expect(unknown.err).toBe("payload-census: --sku full: no such SKU in the config; its SKUs are serve\n");
    expect(unknown.code).toBe(2);
  });

  it("wants a factory, and says when it throws or returns something that is not a server", async () => {
    const none = scratchModule("none.mjs", "// exports no factory\nexport const name = 'x';\n");
    const nothing = await serve(["--serve", none, "fixtures/serve"]);
    expect(nothing.err).toMatch(/^payload-census: .*none\.mjs exports no server factory: export a function createServer \(or a default export\) that returns an McpServer\n$/);
    expect(nothing.code).toBe(2);

    const throwing = scratchModule("throwing.mjs", "// a factory that fails\nexport async function createServer() { throw new Error('no database configured'); }\n");
    const threw = await serve(["--serve", throwing, "fixtures/serve"]);
    expect(threw.err).toMatch(/^payload-census: createServer\(\) of .*throwing\.mjs threw: Error: no database configured\n/);
    expect(threw.code).toBe(2);

    const plain = scratchModule("plain.mjs", "// a default export that is no server\nexport default () => ({ tools: [] });\n");
    const notServer = await serve(["--serve", plain, "fixtures/serve"]);
    expect(notServer.err).toMatch(/^payload-census: its default export of .*plain\.mjs did not return an MCP server \(an object with connect\(transport\)\)/);
    expect(notServer.code).toBe(2);
  });
});

describe("finding the MCP SDK", () => {
  it("resolves it from the module's folder first", () => {
    const sdk = loadSdk([join(fixture, "server.mjs")]);
    expect(typeof sdk.Client).toBe("function");
    expect(typeof sdk.InMemoryTransport.createLinkedPair).toBe("function");
  });

  it("falls back to the next place, and says how to install it when no place has it", () => {
    const outside = join(scratch, "server.mjs");
    expect(typeof loadSdk([outside, join(fixture, "server.mjs")]).Client).toBe("function");
    expect(() => loadSdk([outside])).toThrow(UsageError);
    expect(() => loadSdk([outside])).toThrow(
      "@modelcontextprotocol/sdk is not installed, neither beside MODULE nor beside payload-census: install it in the monitor (npm install @modelcontextprotocol/sdk)",
    );
  });
});
