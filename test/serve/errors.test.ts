// descriptions --serve and --stdio on servers that go wrong on the way to their tools, and on catalogs the comparison
// must flag: each says what happened in one line, exit 2 (or shows the row, exit 1).
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { loadSdk } from "../../census/serve/sdk.js";
import { listOverStdio } from "../../census/serve/stdio.js";
import { UsageError } from "../../src/errors.js";
import { captureIo } from "../census/io.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixture = join(root, "fixtures", "serve");

/** A module of the SDK's ESM build, by URL: the scratch modules live outside the project, where no bare import resolves. */
const sdkModule = (path: string) => JSON.stringify(pathToFileURL(join(root, "node_modules/@modelcontextprotocol/sdk/dist/esm", path)).href);
/** A module of the serve fixture, by URL. */
const fixtureModule = (path: string) => JSON.stringify(pathToFileURL(join(fixture, path)).href);

/** The scratch folder is the working folder: modules and commands are shown as typed, the config is the fixture's. */
let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "payload-census-serve-errors-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function scratchFile(name: string, text: string): string {
  const file = join(scratch, name);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
  return file;
}

async function descriptions(argv: string[], cwd = scratch) {
  const io = captureIo(cwd);
  const code = await main(["descriptions", ...argv], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

interface LowLevel {
  /** The tools/list handler, an expression. */
  handler: string;
  /** Statements run on `server` before it is returned. */
  setUp?: string;
  capabilities?: string;
  /** Statements at the module's top level. */
  before?: string;
}

/** A module whose createServer makes the SDK's low-level Server with the given tools/list handler. */
function lowLevelServer(name: string, { handler, setUp = "", capabilities = "{ tools: {} }", before = "" }: LowLevel): string {
  return scratchFile(
    name,
    `import { Server } from ${sdkModule("server/index.js")};
import { ListToolsRequestSchema } from ${sdkModule("types.js")};
import { LIST_ITEMS, LIST_ITEMS_DESCRIPTION } from ${fixtureModule("tools/items.mjs")};
import { GET_STATUS, STATUS_DESCRIPTION } from ${fixtureModule("tools/status.mjs")};
${before}
export function createServer() {
  const server = new Server({ name: ${JSON.stringify(name)}, version: "1.0.0" }, { capabilities: ${capabilities} });
  server.setRequestHandler(ListToolsRequestSchema, ${handler});
  ${setUp}
  return server;
}
`,
  );
}

const NO_TOOLS = "async () => ({ tools: [] })";

describe("descriptions --serve: a server module that fails before its tools are listed, exit 2", () => {
  it("says the module cannot be imported, with what its import threw", async () => {
    scratchFile("unimportable.mjs", "// fails as it loads\nthrow new Error(\"DATABASE_URL is not set\");\n");
    const { code, out, err } = await descriptions(["--serve", "unimportable.mjs", fixture]);
    const [first, second] = err.split("\n");
    expect(first).toBe("payload-census: cannot import unimportable.mjs: Error: DATABASE_URL is not set");
    // The stack follows: the fault is in the monitor's code.
    expect(second).toMatch(/^ {4}at /);
    expect(out).toBe("");
    expect(code).toBe(2);
  });

  it("says what a factory threw without a stack as its name and message", async () => {
    scratchFile(
      "stackless.mjs",
      `// throws an error that has no stack
export function createServer() {
  const error = new Error("no database configured");
  error.name = "ConfigError";
  error.stack = undefined;
  throw error;
}
`,
    );
    const { code, err } = await descriptions(["--serve", "stackless.mjs", fixture]);
    expect(err).toBe("payload-census: createServer() of stackless.mjs threw: ConfigError: no database configured\n");
    expect(code).toBe(2);
  });

  it("stops waiting for a connect(transport) that never finishes after --timeout MS", async () => {
    scratchFile("unconnected.mjs", "// a server whose connect waits for ever\nexport function createServer() { return { connect: () => new Promise(() => {}) }; }\n");
    const { code, err } = await descriptions(["--serve", "unconnected.mjs", fixture, "--timeout", "200"]);
    expect(err).toBe("payload-census: unconnected.mjs's server did not finish connect(transport) within 200 ms\n");
    expect(code).toBe(2);
  });

  it("says a server that is not the SDK's and refuses initialize did not answer it", async () => {
    scratchFile(
      "refusing.mjs",
      `// a hand-written server: it answers every request with an error
export function createServer() {
  return {
    async connect(transport) {
      transport.onmessage = (message) => {
        if (message.id !== undefined) void transport.send({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: "no database" } });
      };
      await transport.start();
    },
  };
}
`,
    );
    const { code, err } = await descriptions(["--serve", "refusing.mjs", fixture, "--timeout", "1000"]);
    expect(err.split("\n")[0]).toBe("payload-census: refusing.mjs's server did not answer initialize: McpError: MCP error -32603: no database");
    expect(code).toBe(2);
  });

  it("says what the server's oninitialized threw, thrown at once or rejected later", async () => {
    lowLevelServer("throwing-init.mjs", { handler: NO_TOOLS, setUp: 'server.oninitialized = () => { throw new Error("cache warm-up failed"); };' });
    const thrown = await descriptions(["--serve", "throwing-init.mjs", fixture, "--timeout", "1000"]);
    expect(thrown.err.split("\n")[0]).toBe("payload-census: throwing-init.mjs's server's oninitialized threw: Error: cache warm-up failed");
    expect(thrown.code).toBe(2);

    lowLevelServer("rejecting-init.mjs", { handler: NO_TOOLS, setUp: 'server.oninitialized = async () => { throw new Error("cache warm-up failed"); };' });
    const rejected = await descriptions(["--serve", "rejecting-init.mjs", fixture, "--timeout", "1000"]);
    expect(rejected.err.split("\n")[0]).toBe("payload-census: rejecting-init.mjs's server's oninitialized threw: Error: cache warm-up failed");
    expect(rejected.code).toBe(2);
  });

  it("stops waiting for an oninitialized that never finishes after --timeout MS", async () => {
    lowLevelServer("hanging-init.mjs", { handler: NO_TOOLS, setUp: "server.oninitialized = () => new Promise(() => {});" });
    const { code, err } = await descriptions(["--serve", "hanging-init.mjs", fixture, "--timeout", "200"]);
    expect(err).toBe("payload-census: hanging-init.mjs's server's oninitialized did not finish within 200 ms\n");
    expect(code).toBe(2);
  });
});

describe("descriptions --serve: a server written without the SDK", () => {
  it("lists it without waiting for an oninitialized, though it holds a `server` of its own", async () => {
    scratchFile(
      "hand-written.mjs",
      `// speaks JSON-RPC itself; its \`server\` is the HTTP server it has not started yet
import { LIST_ITEMS, LIST_ITEMS_DESCRIPTION } from ${fixtureModule("tools/items.mjs")};
import { GET_STATUS, STATUS_DESCRIPTION } from ${fixtureModule("tools/status.mjs")};
const TOOLS = [
  { name: GET_STATUS, description: STATUS_DESCRIPTION, inputSchema: { type: "object" } },
  { name: LIST_ITEMS, description: LIST_ITEMS_DESCRIPTION, inputSchema: { type: "object" } },
];
export function createServer() {
  return {
    server: null,
    async connect(transport) {
      transport.onmessage = (message) => {
        if (message.method === "initialize") {
          const result = { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "hand-written", version: "1.0.0" } };
          void transport.send({ jsonrpc: "2.0", id: message.id, result });
        } else if (message.method === "tools/list") {
          void transport.send({ jsonrpc: "2.0", id: message.id, result: { tools: TOOLS } });
        }
      };
      await transport.start();
    },
  };
}
`,
    );
    const { code, out, err } = await descriptions(["--serve", "hand-written.mjs", fixture, "--timeout", "1000"]);
    expect(err).toBe("");
    expect(out).toBe(
      [
        "hand-written.mjs serves 2 tools; the census of SKU serve sees 2",
        "  tool        static  served  entry≈  entry",
        "  get_status      96      96      41     36  ✓",
        "  list_items      72      72      91     35  ✓",
        "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)",
        "",
        "✓ 2 tools: every served description is the census's text",
        "",
      ].join("\n"),
    );
    expect(code).toBe(0);
  });
});

describe("descriptions --serve: tools/list as a server pages and changes it", () => {
  it("refuses a pagination that hands out a cursor it gave before", async () => {
    lowLevelServer("repeating.mjs", { handler: 'async () => ({ tools: [], nextCursor: "page-2" })' });
    const { code, err } = await descriptions(["--serve", "repeating.mjs", fixture]);
    expect(err).toBe('payload-census: repeating.mjs\'s server repeats the tools/list cursor "page-2": its pagination never ends\n');
    expect(code).toBe(2);
  });

  it("gives up on a pagination that hands out new cursors for ever, after 10000 pages", async () => {
    lowLevelServer("endless.mjs", { handler: "async (request) => ({ tools: [], nextCursor: String(Number(request.params?.cursor ?? 0) + 1) })" });
    const { code, err } = await descriptions(["--serve", "endless.mjs", fixture]);
    expect(err).toBe("payload-census: endless.mjs's server still hands out tools/list cursors after 10000 pages\n");
    expect(code).toBe(2);
  });

  it("lists again when tools/list_changed came while the first listing ran", async () => {
    lowLevelServer("changing.mjs", {
      before: "let listings = 0;",
      capabilities: "{ tools: { listChanged: true } }",
      handler: `async () => {
    listings++;
    if (listings > 1) return { tools: [{ name: GET_STATUS, description: STATUS_DESCRIPTION, inputSchema: { type: "object" } }, { name: LIST_ITEMS, description: LIST_ITEMS_DESCRIPTION, inputSchema: { type: "object" } }] };
    // The catalog changes while this page is on its way: the client hears of it before the page arrives.
    await server.sendToolListChanged();
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { tools: [{ name: GET_STATUS, description: "Not ready yet.", inputSchema: { type: "object" } }] };
  }`,
    });
    const { code, out, err } = await descriptions(["--serve", "changing.mjs", fixture]);
    expect(err).toBe("");
    expect(out).toBe(
      [
        "changing.mjs serves 2 tools; the census of SKU serve sees 2",
        "  tool        static  served  entry≈  entry",
        "  get_status      96      96      41     36  ✓",
        "  list_items      72      72      91     35  ✓",
        "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)",
        "",
        "✓ 2 tools: every served description is the census's text",
        "",
      ].join("\n"),
    );
    expect(code).toBe(0);
  });
});

describe("descriptions --serve: rows the comparison flags", () => {
  it("reads a tool listed without a description as an empty one, and --quiet prints only the rows that differ", async () => {
    lowLevelServer("undescribed.mjs", {
      handler: 'async () => ({ tools: [{ name: GET_STATUS, inputSchema: { type: "object" } }, { name: LIST_ITEMS, description: LIST_ITEMS_DESCRIPTION, inputSchema: { type: "object" } }] })',
    });
    const full = await descriptions(["--serve", "undescribed.mjs", fixture]);
    expect(full.err).toBe("");
    expect(full.out).toBe(
      [
        "undescribed.mjs serves 2 tools; the census of SKU serve sees 2",
        "  tool        static  served  entry≈  entry",
        "  get_status      96       0      41     13  ✗ differs from character 1",
        "  list_items      72      72      91     35  ✓",
        "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)",
        "",
        "✗ 1 of 2 tools differs between the census and the running server",
        "",
      ].join("\n"),
    );
    expect(full.code).toBe(1);
    const quiet = await descriptions(["--serve", "undescribed.mjs", fixture, "--quiet"]);
    expect(quiet).toEqual({ code: 1, out: "  get_status      96       0      41     13  ✗ differs from character 1\n", err: "" });
  });

  it("names the closest of a tool's two definitions when the served text differs from both", async () => {
    scratchFile(
      "other-status.mjs",
      `import { McpServer } from ${sdkModule("server/mcp.js")};
import { registerItemTools } from ${fixtureModule("tools/items.mjs")};
export function createServer() {
  const server = new McpServer({ name: "other-status", version: "1.0.0" });
  registerItemTools(server);
  server.registerTool("get_status", { description: "Health of the service: uptime in minutes." }, async () => ({ content: [] }));
  return server;
}
`,
    );
    const { code, out, err } = await descriptions(["--serve", "other-status.mjs", join(fixture, "twice")]);
    expect(err).toBe("");
    expect(out).toBe(
      [
        "other-status.mjs serves 2 tools; the census of SKU serve sees 2",
        "  tool        static  served  entry≈  entry",
        "  get_status      41      41       ?     29  ✗ differs from character 34 of tools/status.mjs's text (the closest of 2 definitions)",
        "  list_items      72      72      91     91  ✓",
        "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)",
        "",
        "✗ 1 of 2 tools differs between the census and the running server",
        "",
      ].join("\n"),
    );
    expect(code).toBe(1);
  });

  it("never passes a tool whose description the census cannot see: ? for its size, in text, --quiet and JSON", async () => {
    // A monitor of its own: one tool, its description read from the environment when the server starts.
    scratchFile(
      "unseen/payload-census.config.json",
      JSON.stringify({ skus: [{ name: "env", root: ".", helpers: "helpers.mjs", producers: [], tools: ["tools/*.mjs"] }], discovery: { adapters: ["textTool"] } }),
    );
    scratchFile("unseen/helpers.mjs", "export function textTool(body) {\n  return async (args) => ({ content: [{ type: \"text\", text: await body(args) }] });\n}\n");
    scratchFile(
      "unseen/tools/env.mjs",
      `import { textTool } from "../helpers.mjs";
export function registerEnvTools(server) {
  server.registerTool("get_region", { description: process.env.SERVE_ERRORS_REGION_TEXT }, textTool(async () => "{}"));
}
`,
    );
    scratchFile(
      "unseen/server.mjs",
      `import { McpServer } from ${sdkModule("server/mcp.js")};
import { registerEnvTools } from "./tools/env.mjs";
export function createServer() {
  process.env.SERVE_ERRORS_REGION_TEXT = "Region of the service.";
  const server = new McpServer({ name: "unseen", version: "1.0.0" });
  registerEnvTools(server);
  return server;
}
`,
    );
    const monitor = join(scratch, "unseen");
    try {
      const text = await descriptions(["--serve", "server.mjs"], monitor);
      expect(text.err).toBe("");
      expect(text.out).toBe(
        [
          "server.mjs serves 1 tool; the census of SKU env sees 1",
          "  tool        static  served  entry≈  entry",
          "  get_region       ?      22       ?     25  ✗ the census cannot see its description",
          "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)",
          "",
          "✗ 1 of 1 tool differs between the census and the running server",
          "",
        ].join("\n"),
      );
      expect(text.code).toBe(1);
      const quiet = await descriptions(["--serve", "server.mjs", "--quiet"], monitor);
      expect(quiet).toEqual({ code: 1, out: "  get_region       ?      22       ?     25  ✗ the census cannot see its description\n", err: "" });
      const json = await descriptions(["--serve", "server.mjs", "--format", "json"], monitor);
      expect(JSON.parse(json.out)).toEqual({
        schemaVersion: 1,
        ok: false,
        sku: "env",
        module: "server.mjs",
        tools: [{ tool: "get_region", static: null, served: 22, status: "unseen", firstDifference: null, staticEntryTokens: null, servedEntryTokens: 25 }],
      });
      expect(json.code).toBe(1);
    } finally {
      delete process.env.SERVE_ERRORS_REGION_TEXT;
    }
  });
});

describe("descriptions --stdio: a command that does not get as far as initialize, exit 2", () => {
  it("refuses a command line with an unclosed double quote", async () => {
    const { code, out, err } = await descriptions(["--stdio", 'node "server.mjs', fixture]);
    expect(err).toBe('payload-census: --stdio "node "server.mjs": a " quote is not closed\n');
    expect(out).toBe("");
    expect(code).toBe(2);
  });

  it("says why a command that exists cannot be started", async () => {
    const script = scratchFile("server.sh", "#!/bin/sh\nexec node server.mjs\n");
    chmodSync(script, 0o644);
    const { code, err } = await descriptions(["--stdio", "./server.sh --port 1", fixture]);
    expect(err).toBe('payload-census: --stdio "./server.sh --port 1": cannot start ./server.sh: spawn ./server.sh EACCES\n');
    expect(code).toBe(2);
  });

  it("says a command whose stdout is JSON but not JSON-RPC does not speak MCP", async () => {
    scratchFile("json-out.mjs", '// prints its state as JSON, not as JSON-RPC\nconsole.log(JSON.stringify({ ready: true, port: 8080 }));\n');
    const { code, err } = await descriptions(["--stdio", "node json-out.mjs", fixture]);
    expect(err).toBe('payload-census: --stdio "node json-out.mjs" does not speak MCP: it exited before answering initialize (its stdout is JSON but not JSON-RPC)\n');
    expect(code).toBe(2);
  });

  it("shortens a long line of stderr to 200 characters", async () => {
    scratchFile("long-error.mjs", '// complains at length on stderr and exits\nconsole.error("Error: " + "the configuration file is missing; ".repeat(10));\nprocess.exitCode = 1;\n');
    const { code, err } = await descriptions(["--stdio", "node long-error.mjs", fixture]);
    const said =
      "Error: the configuration file is missing; the configuration file is missing; the configuration file is missing; the configuration file is missing; the configuration file is missing; the configuration…";
    expect(said).toHaveLength(200);
    expect(err).toBe(`payload-census: --stdio "node long-error.mjs" does not speak MCP: it exited before answering initialize (its stderr says "${said}")\n`);
    expect(code).toBe(2);
  });

  it("says a command answering initialize with an error failed to initialize", async () => {
    scratchFile(
      "refusing-stdio.mjs",
      `// answers every request with an error, and stays up
import { createInterface } from "node:readline";
createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: "no database" } }) + "\\n");
});
`,
    );
    const { code, err } = await descriptions(["--stdio", "node refusing-stdio.mjs", fixture]);
    expect(err).toBe('payload-census: --stdio "node refusing-stdio.mjs" failed to initialize: MCP error -32603: no database\n');
    expect(code).toBe(2);
  });

  it("wants a command, when called without one", async () => {
    const sdk = loadSdk([join(fixture, "server.mjs")]);
    await expect(listOverStdio("", [], scratch, {}, sdk, { timeoutMs: 1000, quietMs: 0, maxRounds: 1 })).rejects.toThrow(
      '--stdio needs the command that starts the server, e.g. --stdio "node dist/server.js"',
    );
  });
});

describe("finding the MCP SDK: an installation that cannot serve", () => {
  /** A folder whose node_modules holds an SDK with the given package.json `exports`, and a server module beside it. */
  function installedSdk(folder: string, exports: Record<string, string>): string {
    scratchFile(join(folder, "node_modules/@modelcontextprotocol/sdk/package.json"), JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.0.0", exports }));
    return scratchFile(join(folder, "server.mjs"), "// never imported: the SDK beside it is found first\nexport function createServer() {}\n");
  }

  it("says the SDK beside the module is too old when it exports no client/index.js", async () => {
    const server = installedSdk("old-sdk", { "./types.js": "./dist/types.js" });
    const { code, out, err } = await descriptions(["--serve", "server.mjs", fixture], join(scratch, "old-sdk"));
    expect(err).toBe(`payload-census: the @modelcontextprotocol/sdk found from ${server} has no client/index.js: install version 1.10 or later\n`);
    expect(out).toBe("");
    expect(code).toBe(2);
  });

  it("passes any other failure to resolve the SDK on as it is", () => {
    // A target outside the package: node refuses it as invalid, which no version of the SDK ships.
    const server = installedSdk("broken-sdk", { "./client/index.js": "../elsewhere.js" });
    let thrown: unknown;
    try {
      loadSdk([server]);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as NodeJS.ErrnoException).code).toBe("ERR_INVALID_PACKAGE_TARGET");
    expect(thrown).not.toBeInstanceOf(UsageError);
  });
});
