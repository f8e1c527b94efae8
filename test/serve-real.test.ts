// descriptions --serve and --stdio on servers as they are written: { server, cleanup } factories, catalogs completed after
// connect, servers that never let go, a tool defined twice, and servers that run as a child process.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { main } from "../census/main.js";
import { parseCommandLine } from "../census/args.js";
import { splitCommandLine } from "../census/serve/commandLine.js";
import { compareServed } from "../census/serve/compare.js";
import { listInProcess } from "../census/serve/inProcess.js";
import { loadSdk } from "../census/serve/sdk.js";
import { UsageError } from "../src/errors.js";
import type { ServedDescription } from "../src/model.js";
import { captureIo } from "./census/io.js";

/** One row of descriptions --serve's JSON. */
function row(tool: string, staticSize: number | null, served: number | null, status: string, firstDifference: number | null, staticEntryTokens: number | null, servedEntryTokens: number | null) {
  return { tool, static: staticSize, served, status, firstDifference, staticEntryTokens, servedEntryTokens };
}

const root = fileURLToPath(new URL("..", import.meta.url));
const fixture = join(root, "fixtures", "serve");

async function descriptions(argv: string[], env: Record<string, string> = {}) {
  const io = captureIo(root, { env });
  const code = await main(["descriptions", ...argv], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

/**
 * The serve fixture's two tools, both as the census sees them: what every well-behaved deployment of it prints. `entry`:
 * the served entries' tokens, when the deployment serves other input schemas than the census's estimate (41 and 91).
 */
function agreeing(shown: string, entry = { get_status: "41", list_items: "91" }): string {
  return [
    `${shown} serves 2 tools; the census of SKU serve sees 2`,
    "  tool        static  served  entry≈  entry",
    `  get_status      96      96      41  ${entry.get_status.padStart(5)}  ✓`,
    `  list_items      72      72      91  ${entry.list_items.padStart(5)}  ✓`,
    "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)",
    "",
    "✓ 2 tools: every served description is the census's text",
    "",
  ].join("\n");
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "payload-census-serve-real-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function scratchModule(name: string, text: string): string {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
}

const serverUrl = pathToFileURL(join(fixture, "server.mjs")).href;
const g = globalThis as { __serveFixtureCleanups?: number };

describe("descriptions --serve: factories as real servers write them", () => {
  afterEach(() => {
    delete g.__serveFixtureCleanups;
  });

  it("connects the server of a { server, cleanup } factory and runs its cleanup once, when done", async () => {
    const { code, out, err } = await descriptions(["--serve", "fixtures/serve/with-cleanup.mjs", "fixtures/serve"]);
    expect(err).toBe("");
    expect(out).toBe(agreeing("fixtures/serve/with-cleanup.mjs"));
    expect(code).toBe(0);
    expect(g.__serveFixtureCleanups).toBe(1);
  });

  it("runs the cleanup when the listing fails, and when what it returned holds no server", async () => {
    const failing = scratchModule(
      "failing.mjs",
      `// a server that cannot connect, with a cleanup
export function createServer() {
  return { server: { connect: async () => { throw new Error("port 5432 refused"); } }, cleanup: () => { globalThis.__serveFixtureCleanups = (globalThis.__serveFixtureCleanups ?? 0) + 1; } };
}
`,
    );
    const failed = await descriptions(["--serve", failing, "fixtures/serve"]);
    expect(failed.err).toMatch(/^payload-census: .*failing\.mjs's server cannot connect to a transport: Error: port 5432 refused\n/);
    expect(failed.code).toBe(2);
    expect(g.__serveFixtureCleanups).toBe(1);

    const serverless = scratchModule(
      "serverless.mjs",
      "// a cleanup without a server\nexport default async () => ({ server: 42, cleanup: async () => { globalThis.__serveFixtureCleanups += 1; } });\n",
    );
    const refused = await descriptions(["--serve", serverless, "fixtures/serve"]);
    expect(refused.err).toMatch(
      /^payload-census: its default export of .*serverless\.mjs did not return an MCP server \(an object with connect\(transport\)\) or \{ server, cleanup \} holding one, so its tools cannot be listed\n$/,
    );
    expect(refused.code).toBe(2);
    expect(g.__serveFixtureCleanups).toBe(2);
  });

  it("stops waiting for a factory that never returns after --timeout MS", async () => {
    const stuck = scratchModule("stuck.mjs", "// a factory waiting for a database that never answers\nexport function createServer() { return new Promise(() => {}); }\n");
    const { code, err } = await descriptions(["--serve", stuck, "fixtures/serve", "--timeout", "100"]);
    expect(err).toMatch(/^payload-census: createServer\(\) of .*stuck\.mjs did not return within 100 ms \(--timeout MS waits longer\)\n$/);
    expect(code).toBe(2);
  });

  it("stops waiting for a tools/list that never answers after --timeout MS", async () => {
    const mute = scratchModule(
      "mute.mjs",
      `// a low-level Server whose tools/list handler never answers
import { Server } from ${JSON.stringify(pathToFileURL(join(root, "node_modules/@modelcontextprotocol/sdk/dist/esm/server/index.js")).href)};
import { ListToolsRequestSchema } from ${JSON.stringify(pathToFileURL(join(root, "node_modules/@modelcontextprotocol/sdk/dist/esm/types.js")).href)};
export function createServer() {
  const server = new Server({ name: "mute", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => new Promise(() => {}));
  return server;
}
`,
    );
    const { code, err } = await descriptions(["--serve", mute, "fixtures/serve", "--timeout", "100"]);
    expect(err).toMatch(/^payload-census: .*mute\.mjs's server did not answer tools\/list: McpError: MCP error -32001: Request timed out\n/);
    expect(code).toBe(2);
  });
});

describe("descriptions --serve: the catalog a client sees once initialised and settled", () => {
  it("lists the tools an McpServer registers in server.server.oninitialized", async () => {
    const { code, out } = await descriptions(["--serve", "fixtures/serve/initialized.mjs", "fixtures/serve"]);
    expect(out).toBe(agreeing("fixtures/serve/initialized.mjs"));
    expect(code).toBe(0);
  });

  it("waits for a low-level Server's async oninitialized to finish before listing", async () => {
    const { code, out } = await descriptions(["--serve", "fixtures/serve/initialized-low.mjs", "fixtures/serve"]);
    // A low-level server's input schemas are its own ({ type: "object" }): the estimate is the registrations' in the tool files.
    expect(out).toBe(agreeing("fixtures/serve/initialized-low.mjs", { get_status: "36", list_items: "35" }));
    expect(code).toBe(0);
  });

  it("lists again on each tools/list_changed until quiet: a tool registered, then changed, after connect", async () => {
    const { code, out } = await descriptions(["--serve", "fixtures/serve/late.mjs", "fixtures/serve"]);
    expect(out).toBe(agreeing("fixtures/serve/late.mjs"));
    expect(code).toBe(0);
  });

  it("without the quiet period, the same server is listed before its catalog is complete", async () => {
    const sdk = loadSdk([join(fixture, "late.mjs")]);
    const once = await listInProcess(join(fixture, "late.mjs"), "late.mjs", sdk, { timeoutMs: 1000, quietMs: 0, maxRounds: 1, closeMs: 100 });
    expect(once.map((t) => t.tool)).toEqual(["list_items"]);
  });

  it("gives up after maxRounds listings of a server that never stops announcing changes, and reports the last", async () => {
    const sdk = loadSdk([join(fixture, "restless.mjs")]);
    const options = { timeoutMs: 1000, quietMs: 50, maxRounds: 3, closeMs: 100 };
    expect(await listInProcess(join(fixture, "restless.mjs"), "restless.mjs", sdk, options)).toEqual([
      { tool: "round_3", description: "Changes all the time.", entry: '{"name":"round_3","description":"Changes all the time.","inputSchema":{"type":"object"}}' },
    ]);
    // The command's own bound: 20 listings.
    const { code, out } = await descriptions(["--serve", "fixtures/serve/restless.mjs", "fixtures/serve", "--format", "json"]);
    expect((JSON.parse(out) as { tools: { tool: string }[] }).tools.map((t) => t.tool)).toEqual(["get_status", "list_items", "round_20"]);
    expect(code).toBe(1);
  });
});

describe("descriptions --serve: a server that never lets go does not keep the CLI from exiting", () => {
  // The built bin (npm test builds first), as a user runs it: only a real process shows whether node exits.
  const bin = join(root, "dist", "census", "bin.js");

  it("prints the report and exits though the factory's setInterval runs on and close() never resolves", { timeout: 15_000 }, async () => {
    const child = spawn(process.execPath, [bin, "descriptions", "--serve", "fixtures/serve/lingering.mjs", "fixtures/serve"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
      const started = Date.now();
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(err).toBe("");
      expect(out).toBe(agreeing("fixtures/serve/lingering.mjs"));
      expect(code).toBe(0);
      // One bounded close (1 s) and the bin's grace period (1 s), with room for a slow machine.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });
});

describe("descriptions --serve: a tool name the census defines twice in one SKU", () => {
  it("says which definition the served text matches: matches-one, with its file, in text and JSON", async () => {
    const lite = await descriptions(["--serve", "fixtures/serve/twice/lite.mjs", "fixtures/serve/twice"]);
    expect(lite.out).toBe(
      [
        "fixtures/serve/twice/lite.mjs serves 2 tools; the census of SKU serve sees 2",
        "  tool        static  served  entry≈  entry",
        "  get_status      41      41       ?     29  ✗ matches tools/status.mjs's text only, of 2 definitions in the SKU",
        "  list_items      72      72      91     91  ✓",
        "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)",
        "",
        "✗ 1 of 2 tools differs between the census and the running server",
        "",
      ].join("\n"),
    );
    expect(lite.code).toBe(1);

    const full = await descriptions(["--serve", "fixtures/serve/server.mjs", "fixtures/serve/twice", "--format", "json"]);
    expect(JSON.parse(full.out)).toEqual({
      schemaVersion: 1,
      ok: false,
      sku: "serve",
      module: "fixtures/serve/server.mjs",
      tools: [
        // Two definitions with two entries: no one estimate.
        { ...row("get_status", 96, 96, "matches-one", null, null, 41), file: "../tools/status.mjs", definitions: 2 },
        row("list_items", 72, 72, "same", null, 91, 91),
      ],
    });
    expect(full.code).toBe(1);
  });

  const definition = (file: string, head: string | null): ServedDescription => ({ sku: "s", tool: "t", file, head, tail: null });
  /** The counted part of a listed entry: its tokens (5) stand beside the census's estimate, which these rows do not give. */
  const ENTRY = '{"name":"t"}';
  const none = { staticEntryTokens: null, servedEntryTokens: 5 };

  it("is same only when every definition has the served text, and never passes an unseen one", () => {
    expect(compareServed([definition("b.ts", "Text."), definition("a.ts", "Text.")], [{ tool: "t", description: "Text.", entry: ENTRY }])).toEqual([
      { tool: "t", static: 5, served: 5, status: "same", firstDifference: null, ...none },
    ]);
    expect(compareServed([definition("b.ts", null), definition("a.ts", "Text.")], [{ tool: "t", description: "Text.", entry: ENTRY }])).toEqual([
      { tool: "t", static: 5, served: 5, status: "matches-one", firstDifference: null, file: "a.ts", definitions: 2, ...none },
    ]);
    expect(compareServed([definition("b.ts", null), definition("a.ts", null)], [{ tool: "t", description: "Text.", entry: ENTRY }])).toEqual([
      { tool: "t", static: null, served: 5, status: "unseen", firstDifference: null, ...none },
    ]);
  });

  it("differs from the closest definition when none matches, and names the first when the tool is not served", () => {
    const statics = [definition("a.ts", "Text one."), definition("b.ts", "Text two, longer.")];
    expect(compareServed(statics, [{ tool: "t", description: "Text two.", entry: ENTRY }])).toEqual([
      { tool: "t", static: 17, served: 9, status: "differs", firstDifference: 9, file: "b.ts", definitions: 2, ...none },
    ]);
    expect(compareServed(statics, [])).toEqual([{ tool: "t", static: 9, served: null, status: "not-served", firstDifference: null, file: "a.ts", definitions: 2, staticEntryTokens: null, servedEntryTokens: null }]);
  });
});

describe("descriptions --stdio: the server as a child process", () => {
  it("lists the tools of a server speaking MCP on stdio, with the same comparison and output as --serve", async () => {
    const { code, out, err } = await descriptions(["--stdio", "node fixtures/serve/stdio-server.mjs", "fixtures/serve"]);
    expect(err).toBe("");
    expect(out).toBe(agreeing("node fixtures/serve/stdio-server.mjs"));
    expect(code).toBe(0);
  });

  it("passes quoted arguments and the environment on: a drifted deployment is flagged, as JSON with the command", async () => {
    const { code, out } = await descriptions(["--stdio", `node "fixtures/serve/stdio-server.mjs" './drifted.mjs'`, "fixtures/serve", "-f", "json"], {
      SERVE_FIXTURE_HOST: "db-7",
    });
    expect(JSON.parse(out)).toEqual({
      schemaVersion: 1,
      ok: false,
      sku: "serve",
      command: `node "fixtures/serve/stdio-server.mjs" './drifted.mjs'`,
      tools: [
        row("get_build_info", null, 29, "not-in-census", null, null, 27),
        row("get_status", 96, 108, "differs", 97, 41, 47),
        row("list_items", 72, null, "not-served", null, 91, null),
      ],
    });
    expect(code).toBe(1);
  });

  it("says in one sentence that a command printing garbage and exiting does not speak MCP, exit 2", async () => {
    const { code, out, err } = await descriptions(["--stdio", "node fixtures/serve/not-mcp.mjs", "fixtures/serve"]);
    expect(out).toBe("");
    expect(err).toBe(
      `payload-census: --stdio "node fixtures/serve/not-mcp.mjs" does not speak MCP: it exited before answering initialize (its stdout is not JSON-RPC: Unexpected token 'H', "Hello! Lis"... is not valid JSON; its stderr says "Error: this is a web server, not an MCP server")\n`,
    );
    expect(code).toBe(2);
  });

  it("stops waiting for a command that never answers after --timeout MS, and ends it", async () => {
    const pidFile = join(scratch, "silent.pid");
    const { code, err } = await descriptions(["--stdio", "node fixtures/serve/silent.mjs", "fixtures/serve", "--timeout", "300"], {
      SERVE_FIXTURE_PID_FILE: pidFile,
    });
    expect(err).toBe(
      `payload-census: --stdio "node fixtures/serve/silent.mjs" does not speak MCP: it did not answer initialize within 300 ms (--timeout MS waits longer)\n`,
    );
    expect(code).toBe(2);
    expect(existsSync(pidFile)).toBe(true);
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(alive(pid)).toBe(false);
  });

  it("says when the command cannot be started", async () => {
    const { code, err } = await descriptions(["--stdio", "payload-census-no-such-server --port 1", "fixtures/serve"]);
    expect(err).toBe(
      `payload-census: --stdio "payload-census-no-such-server --port 1": cannot start payload-census-no-such-server: no such command (it runs without a shell: give a program on PATH or a path to one)\n`,
    );
    expect(code).toBe(2);
  });
});

describe("descriptions --stdio and --timeout on the command line", () => {
  function usageError(argv: string[]): string {
    try {
      parseCommandLine(argv);
    } catch (error) {
      if (error instanceof UsageError) return error.message;
      throw error;
    }
    throw new Error(`no usage error for ${argv.join(" ")}`);
  }

  it("reads --stdio and --timeout, and refuses --serve with --stdio", () => {
    expect(parseCommandLine(["descriptions", "--stdio", "node s.mjs", "--timeout", "2500", "m"])).toMatchObject({
      kind: "descriptions",
      stdio: "node s.mjs",
      timeout: 2500,
      dir: "m",
    });
    expect(usageError(["descriptions", "--serve", "s.js", "--stdio", "node s.js"])).toBe(
      '--serve and --stdio are two ways to run the server: give one of them (--serve MODULE imports it, --stdio "CMD ARGS" starts it)',
    );
    expect(usageError(["descriptions", "--stdio", "node s.js", "a", "b"])).toBe('too many arguments ("a" "b"): type payload-census descriptions --stdio "CMD ARGS" [DIR]');
  });

  it("wants whole milliseconds above 0, and --stdio and --timeout with descriptions only", () => {
    for (const bad of ["0", "1.5", "10s", "-1"]) {
      expect(usageError(["descriptions", "--serve", "s.js", `--timeout=${bad}`])).toBe(`--timeout ${bad}: give whole milliseconds above 0, e.g. --timeout 30000`);
    }
    expect(usageError(["check", "--stdio", "node s.js"])).toBe('--stdio belongs to descriptions: payload-census descriptions --stdio "CMD ARGS" [--timeout MS] [--sku NAME] [DIR]');
    expect(usageError(["--timeout", "100"])).toBe('--timeout belongs to descriptions: payload-census descriptions --serve MODULE | --stdio "CMD ARGS" [--timeout MS] [DIR]');
    expect(usageError(["descriptions", "--stdio"])).toBe('--stdio needs a value: --stdio "CMD ARGS", e.g. --stdio "node dist/server.js"');
  });

  it("splits CMD ARGS as a shell would for simple quoting, without running one", () => {
    expect(splitCommandLine(`node  dist/server.js --name "my server" 'it''s' a\\ b`)).toEqual(["node", "dist/server.js", "--name", "my server", "its", "a b"]);
    expect(splitCommandLine(`node "say \\"hi\\"" 'no \\escape' ""`)).toEqual(["node", 'say "hi"', "no \\escape", ""]);
    // A backslash before an ordinary character stays: Windows paths survive.
    expect(splitCommandLine("node C:\\srv\\server.js")).toEqual(["node", "C:\\srv\\server.js"]);
    expect(splitCommandLine("node 'a | b' \"$HOME\"")).toEqual(["node", "a | b", "$HOME"]);
  });

  it("refuses what only a shell would understand, an unclosed quote, and an empty command", () => {
    expect(() => splitCommandLine("node s.js | tee log")).toThrow(
      '--stdio "node s.js | tee log": `|` means something to a shell, and --stdio runs the command without one; quote it to pass it as an argument, or put the pipeline in a script',
    );
    expect(() => splitCommandLine("node $HOME/s.js")).toThrow("`$` means something to a shell");
    expect(() => splitCommandLine("DEBUG=1 node s.js")).toThrow(
      '--stdio "DEBUG=1 node s.js" starts with DEBUG=, a shell\'s variable assignment: --stdio runs the command without a shell; set the variable for payload-census itself (the server inherits its environment)',
    );
    expect(() => splitCommandLine("node 'server.js")).toThrow(`--stdio "node 'server.js": a ' quote is not closed`);
    expect(() => splitCommandLine("   ")).toThrow('--stdio needs the command that starts the server, e.g. --stdio "node dist/server.js"');
  });

  it("is in --help", async () => {
    const io = captureIo(root);
    expect(await main(["--help"], io)).toBe(0);
    const help = io.out.join("");
    for (const flag of ['--stdio "CMD ARGS"', "--timeout MS", "{ server, cleanup }", "tools/list_changed"]) expect(help).toContain(flag);
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
