// descriptions --serve and --stdio at their edges: the exact rows and JSON of the comparison, what a --stdio command's
// stderr and stdout make the one-line error say, how the child is ended, and the in-process factory's odd returns.
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../census/main.js";
import { compareServed, formatServe, serveJson, type ServeResult, type ServeRow } from "../../census/serve/compare.js";
import { LATE, within } from "../../census/serve/deadline.js";
import { listInProcess } from "../../census/serve/inProcess.js";
import { loadSdk } from "../../census/serve/sdk.js";
import { listOverStdio } from "../../census/serve/stdio.js";
import type { DescriptionRow, ServedDescription } from "../../src/model.js";
import { readVersion } from "../../src/version.js";
import { captureIo } from "../census/io.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixture = join(root, "fixtures", "serve");
const fixtureModule = (path: string) => JSON.stringify(pathToFileURL(join(fixture, path)).href);

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "payload-census-serve-survivors-"));
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

const sdk = () => loadSdk([join(fixture, "server.mjs")]);
const LISTING = { timeoutMs: 1000, quietMs: 50, maxRounds: 5 };

function definition(file: string, head: string | null, tool = "t"): ServedDescription {
  return { sku: "s", tool, file, head, tail: null };
}
function estimate(tool: string, entryTokens: number | null): DescriptionRow {
  return { sku: "s", tool, served: 1, tail: null, cap: 100, tokens: 1, entryTokens, routes: [], unmentioned: [] };
}
const ENTRY = '{"name":"t"}';

describe("compareServed: rows of a tool defined twice", () => {
  it("keeps one estimate for a tool whose two definitions agree on it, none when they disagree", () => {
    const served = [{ tool: "t", description: "Text.", entry: ENTRY }];
    const statics = [definition("a.ts", "Text."), definition("b.ts", "Text.")];
    expect(compareServed(statics, served, [estimate("t", 7), estimate("t", 7)])[0]!.staticEntryTokens).toBe(7);
    expect(compareServed(statics, served, [estimate("t", 7), estimate("t", 8)])[0]!.staticEntryTokens).toBe(null);
  });

  it("names the first definition by file when the tool is not served, whatever order the census gave them in", () => {
    expect(compareServed([definition("b.ts", "Text two."), definition("a.ts", "Text one, longer.")], [])).toEqual([
      { tool: "t", static: 17, served: null, status: "not-served", firstDifference: null, file: "a.ts", definitions: 2, staticEntryTokens: null, servedEntryTokens: null },
    ]);
  });

  it("differs from the first by file of two definitions that differ from the served text at the same character", () => {
    const statics = [definition("a.ts", "Text A."), definition("b.ts", "Text B, longer.")];
    expect(compareServed(statics, [{ tool: "t", description: "Text C.", entry: ENTRY }])).toEqual([
      { tool: "t", static: 7, served: 7, status: "differs", firstDifference: 6, file: "a.ts", definitions: 2, staticEntryTokens: null, servedEntryTokens: 5 },
    ]);
  });
});

describe("formatServe and serveJson: the exact report", () => {
  const rows: ServeRow[] = [
    { tool: "ab", static: 5, served: 5, status: "same", firstDifference: null, staticEntryTokens: 12, servedEntryTokens: 11 },
    { tool: "cd", static: null, served: 4, status: "not-in-census", firstDifference: null, staticEntryTokens: null, servedEntryTokens: 9 },
    { tool: "ef", static: 6, served: null, status: "not-served", firstDifference: null, staticEntryTokens: null, servedEntryTokens: null },
  ];
  const result: ServeResult = { ok: false, sku: "s", source: { command: "node x.mjs" }, tools: rows };

  it("pads short tool names to the header's width, with – where a side has no such tool and ? where the census cannot see it", () => {
    expect(formatServe(result, { color: false, quiet: false })).toBe(
      [
        "node x.mjs serves 2 tools; the census of SKU s sees 2",
        "  tool  static  served  entry≈  entry",
        "  ab         5       5      12     11  ✓",
        "  cd         –       4       –      9  ✗ not in the census",
        "  ef         6       –       ?      –  ✗ not served",
        "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)",
        "",
        "✗ 2 of 3 tools differ between the census and the running server",
        "",
      ].join("\n"),
    );
  });

  it("prints only the differing rows under --quiet, one a line", () => {
    expect(formatServe(result, { color: false, quiet: true })).toBe(
      "  cd         –       4       –      9  ✗ not in the census\n  ef         6       –       ?      –  ✗ not served\n",
    );
  });

  it("ends the JSON with a newline, and gives file and definitions only to a tool defined twice", () => {
    const twice: ServeRow = { tool: "t", static: 5, served: 5, status: "matches-one", firstDifference: null, file: "a.ts", definitions: 2, staticEntryTokens: null, servedEntryTokens: 5 };
    const json = serveJson({ ok: false, sku: "s", source: { module: "m.mjs" }, tools: [rows[0]!, twice] });
    expect(json.endsWith("}\n")).toBe(true);
    expect(json).toBe(
      JSON.stringify(
        {
          schemaVersion: 1,
          ok: false,
          sku: "s",
          module: "m.mjs",
          tools: [
            { tool: "ab", static: 5, served: 5, status: "same", firstDifference: null, staticEntryTokens: 12, servedEntryTokens: 11 },
            { tool: "t", static: 5, served: 5, status: "matches-one", firstDifference: null, staticEntryTokens: null, servedEntryTokens: 5, file: "a.ts", definitions: 2 },
          ],
        },
        null,
        2,
      ) + "\n",
    );
  });
});

describe("within: the timer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is cleared as soon as the work settles, so it keeps nothing alive", async () => {
    vi.useFakeTimers();
    expect(await within(Promise.resolve(1), 60_000)).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    const late = within(new Promise(() => {}), 100);
    await vi.advanceTimersByTimeAsync(100);
    expect(await late).toBe(LATE);
  });
});

/** A stand-in server speaking newline-delimited JSON-RPC on stdio; `reply` gets (message) and returns a result, an error, or nothing. */
function stdioServer(name: string, body: string): string {
  return scratchFile(
    name,
    `import { createInterface } from "node:readline";
import { appendFileSync } from "node:fs";
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...m }) + "\\n");
let clientInfo;
${body}
`,
  );
}
const ANSWERS = `createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  if (m.method === "initialize") {
    clientInfo = m.params.clientInfo;
    send({ id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "stand-in", version: "1.0.0" } } });
  } else if (m.method === "tools/list") TOOLS_LIST(m);
});`;

describe("descriptions --stdio: what it tells of a command that does not serve, exit 2", () => {
  /** A command that writes `stderr` and exits with 1 before answering. */
  async function stderrSays(name: string, stderr: string) {
    scratchFile(name, `process.stderr.write(${JSON.stringify(stderr)});\nprocess.exitCode = 1;\n`);
    return descriptions(["--stdio", `node ${name}`, fixture]);
  }
  const exited = (name: string, clue: string) =>
    `payload-census: --stdio "node ${name}" does not speak MCP: it exited before answering initialize (its stderr says ${JSON.stringify(clue)})\n`;

  it("quotes the first stderr line naming an error, trimmed, though more lines follow", async () => {
    const { code, err } = await stderrSays("type-error.mjs", "starting\n   TypeError: cannot read the config   \n    at main (server.js:1:1)\n");
    expect(err).toBe(exited("type-error.mjs", "TypeError: cannot read the config"));
    expect(code).toBe(2);
  });

  it("else quotes the last line, node's version footer aside", async () => {
    const { err } = await stderrSays("footer.mjs", "starting\nboot failed\nrequires Node.js v22\nNode.js v20.0.0\n");
    expect(err).toBe(exited("footer.mjs", "requires Node.js v22"));
  });

  it("keeps only the last 8192 characters of stderr", async () => {
    const { err } = await stderrSays("chatty.mjs", "Error: early\n" + "x".repeat(99).concat("\n").repeat(100) + "last words\n");
    expect(err).toBe(exited("chatty.mjs", "last words"));
  });

  it("quotes a line of exactly 200 characters whole", async () => {
    const line = "Error: " + "y".repeat(193);
    const { err } = await stderrSays("exact.mjs", line + "\n");
    expect(err).toBe(exited("exact.mjs", line));
  });

  it("says only the first line of stdout that is not JSON-RPC", async () => {
    scratchFile("garbage.mjs", 'process.stdout.write("first garbage\\nsecond garbage\\n");\n');
    let said = "";
    try {
      JSON.parse("first garbage");
    } catch (error) {
      said = (error as Error).message;
    }
    const { err } = await descriptions(["--stdio", "node garbage.mjs", fixture]);
    expect(err).toBe(`payload-census: --stdio "node garbage.mjs" does not speak MCP: it exited before answering initialize (its stdout is not JSON-RPC: ${said})\n`);
  });

  it("gives no clue for a command that exits at once, saying nothing", async () => {
    scratchFile("mute.mjs", "process.exit(0);\n");
    const { code, err } = await descriptions(["--stdio", "node mute.mjs", fixture]);
    expect(err).toBe('payload-census: --stdio "node mute.mjs" does not speak MCP: it exited before answering initialize\n');
    expect(code).toBe(2);
  });

  it("reads an initialize refused with -32001 as not answered in time, and gives a refusal only its first line", async () => {
    for (const [name, error] of [
      ["busy.mjs", { code: -32001, message: "busy" }],
      ["refusing.mjs", { code: -32603, message: "no database\nsee the log" }],
    ] as const) {
      stdioServer(
        name,
        `createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  if (m.id !== undefined) send({ id: m.id, error: ${JSON.stringify(error)} });
});`,
      );
    }
    expect(await descriptions(["--stdio", "node busy.mjs", fixture, "--timeout", "1000"])).toEqual({
      code: 2,
      out: "",
      err: 'payload-census: --stdio "node busy.mjs" does not speak MCP: it did not answer initialize within 1000 ms (--timeout MS waits longer)\n',
    });
    expect((await descriptions(["--stdio", "node refusing.mjs", fixture])).err).toBe('payload-census: --stdio "node refusing.mjs" failed to initialize: MCP error -32603: no database\n');
  });

  it("says a command that never answers did not answer in time", async () => {
    scratchFile("quiet.mjs", "setInterval(() => {}, 1000);\n");
    const { code, err } = await descriptions(["--stdio", "node quiet.mjs", fixture, "--timeout", "200"]);
    expect(err).toBe('payload-census: --stdio "node quiet.mjs" does not speak MCP: it did not answer initialize within 200 ms (--timeout MS waits longer)\n');
    expect(code).toBe(2);
  });

  it("names the server by its --stdio command when tools/list fails", async () => {
    stdioServer("no-list.mjs", ANSWERS.replace("TOOLS_LIST(m)", 'send({ id: m.id, error: { code: -32603, message: "no catalog" } })'));
    const { code, err } = await descriptions(["--stdio", "node no-list.mjs", fixture]);
    expect(err.split("\n")[0]).toBe('payload-census: the server of --stdio "node no-list.mjs" did not answer tools/list: McpError: MCP error -32603: no catalog');
    expect(code).toBe(2);
  });
});

describe("listOverStdio: the child, from start to end", () => {
  it("introduces itself as payload-census, and gives the SDK's default environment where a variable is unset", async () => {
    const server = stdioServer(
      "introduced.mjs",
      ANSWERS.replace(
        "TOOLS_LIST(m)",
        'send({ id: m.id, result: { tools: [{ name: "who", description: clientInfo.name + " " + clientInfo.version + " " + (process.env.HOME === undefined ? "no HOME" : "HOME"), inputSchema: { type: "object" } }] } })',
      ),
    );
    const tools = await listOverStdio("node introduced.mjs", [process.execPath, server], scratch, { HOME: undefined }, sdk(), LISTING);
    expect(tools.map((t) => t.description)).toEqual([`payload-census ${readVersion()} HOME`]);
  });

  it("closes a child that served gracefully, through its stdin, without a signal", async () => {
    const log = join(scratch, "graceful.log");
    const server = stdioServer(
      "graceful.mjs",
      `${ANSWERS.replace("TOOLS_LIST(m)", 'send({ id: m.id, result: { tools: [] } })')}
// Leaves a moment after either, so that a SIGTERM beside the closing stdin would be logged too.
process.stdin.on("end", () => { appendFileSync(${JSON.stringify(log)}, "stdin closed\\n"); setTimeout(() => process.exit(0), 100); });
process.on("SIGTERM", () => { appendFileSync(${JSON.stringify(log)}, "SIGTERM\\n"); setTimeout(() => process.exit(0), 100); });`,
    );
    expect(await listOverStdio("node graceful.mjs", [process.execPath, server], scratch, {}, sdk(), LISTING)).toEqual([]);
    expect(readFileSync(log, "utf8")).toBe("stdin closed\n");
  });

  it("sends SIGTERM at once to a child that did not answer, without waiting for it to leave on its stdin closing", async () => {
    const log = join(scratch, "terminated.log");
    const server = scratchFile(
      "terminated.mjs",
      `import { appendFileSync } from "node:fs";
setInterval(() => {}, 1000);
process.stdin.resume();
process.stdin.on("end", () => appendFileSync(${JSON.stringify(log)}, "stdin closed\\n"));
process.on("SIGTERM", () => { appendFileSync(${JSON.stringify(log)}, "SIGTERM\\n"); process.exit(0); });
appendFileSync(${JSON.stringify(log)}, "started\\n");
`,
    );
    const start = Date.now();
    await expect(listOverStdio("node terminated.mjs", [process.execPath, server], scratch, {}, sdk(), { ...LISTING, timeoutMs: 300 })).rejects.toThrow(
      '--stdio "node terminated.mjs" does not speak MCP: it did not answer initialize within 300 ms (--timeout MS waits longer)',
    );
    // The SDK's own close would wait 2 s after closing stdin before its SIGTERM.
    expect(Date.now() - start).toBeLessThan(1500);
    expect(readFileSync(log, "utf8").split("\n")).toContain("SIGTERM");
  });
});

/** A server module that speaks JSON-RPC itself over the in-memory transport: `onMessage` statements see `message`, `transport`, `reply(result)`. */
function handWritten(name: string, { extra = "", onMessage = "", tools = "[]", before = "" }: { extra?: string; onMessage?: string; tools?: string; before?: string }): string {
  return scratchFile(
    name,
    `${before}
export function createServer() {
  return {
    ${extra}
    async connect(transport) {
      const reply = (message, result) => void transport.send({ jsonrpc: "2.0", id: message.id, result });
      transport.onmessage = (message) => {
        ${onMessage}
        if (message.method === "initialize") {
          reply(message, { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: ${JSON.stringify(name)}, version: "1.0.0" } });
        } else if (message.method === "tools/list") {
          reply(message, { tools: ${tools} });
        }
      };
      await transport.start();
    },
  };
}
`,
  );
}

const FIXTURE_TOOLS = `import { LIST_ITEMS, LIST_ITEMS_DESCRIPTION } from ${fixtureModule("tools/items.mjs")};
import { GET_STATUS, STATUS_DESCRIPTION } from ${fixtureModule("tools/status.mjs")};`;
const BOTH = '[{ name: GET_STATUS, description: STATUS_DESCRIPTION, inputSchema: { type: "object" } }, { name: LIST_ITEMS, description: LIST_ITEMS_DESCRIPTION, inputSchema: { type: "object" } }]';
const AGREEING = (shown: string) =>
  [
    `${shown} serves 2 tools; the census of SKU serve sees 2`,
    "  tool        static  served  entry≈  entry",
    "  get_status      96      96      41     36  ✓",
    "  list_items      72      72      91     35  ✓",
    "  (static, served: description characters; entry≈ estimated, entry served: tokens of the tools/list entry)",
    "",
    "✓ 2 tools: every served description is the census's text",
    "",
  ].join("\n");
const IN_PROCESS = { ...LISTING, closeMs: 200 };

describe("descriptions --serve: factories and servers at the edges", () => {
  it("says a factory that returns null or nothing did not return a server", async () => {
    for (const [name, value] of [["null.mjs", "null"], ["nothing.mjs", "undefined"]]) {
      scratchFile(name!, `export function createServer() { return ${value}; }\n`);
      expect(await descriptions(["--serve", name!, fixture])).toEqual({
        code: 2,
        out: "",
        err: `payload-census: createServer() of ${name} did not return an MCP server (an object with connect(transport)) or { server, cleanup } holding one, so its tools cannot be listed\n`,
      });
    }
  });

  it("says what a factory threw that is not an Error as it is", async () => {
    scratchFile("string-thrown.mjs", 'export function createServer() { throw "no database"; }\n');
    expect((await descriptions(["--serve", "string-thrown.mjs", fixture])).err).toBe("payload-census: createServer() of string-thrown.mjs threw: no database\n");
  });

  it("stops waiting for initialize after --timeout MS", async () => {
    scratchFile("deaf.mjs", "export function createServer() { return { async connect(transport) { transport.onmessage = () => {}; await transport.start(); } }; }\n");
    const { code, err } = await descriptions(["--serve", "deaf.mjs", fixture, "--timeout", "200"]);
    expect(err.split("\n")[0]).toBe("payload-census: deaf.mjs's server did not answer initialize: McpError: MCP error -32001: Request timed out");
    expect(code).toBe(2);
  }, 5000);

  it("does not wait for an oninitialized of a server that has only half of the SDK Server's methods", async () => {
    for (const [name, method] of [["notifying.mjs", "setNotificationHandler() {},"], ["capable.mjs", "getClientCapabilities() {},"]]) {
      handWritten(name!, { before: FIXTURE_TOOLS, extra: method, tools: BOTH });
      expect(await descriptions(["--serve", name!, fixture, "--timeout", "300"])).toEqual({ code: 0, out: AGREEING(name!), err: "" });
    }
  });

  it("closes the client's end, so a server whose own close does nothing sees its transport closed", async () => {
    const g = globalThis as { __survivorsClosed?: boolean };
    handWritten("closed.mjs", {
      before: FIXTURE_TOOLS,
      tools: BOTH,
      extra: "async close() {},",
      onMessage: "transport.onclose = () => { globalThis.__survivorsClosed = true; };",
    });
    try {
      expect(await descriptions(["--serve", "closed.mjs", fixture])).toEqual({ code: 0, out: AGREEING("closed.mjs"), err: "" });
      expect(g.__survivorsClosed).toBe(true);
    } finally {
      delete g.__survivorsClosed;
    }
  });
});

describe("listInProcess: what the client sends and hears", () => {
  it("introduces itself as payload-census", async () => {
    const file = handWritten("introduce.mjs", {
      before: "let who = '';",
      onMessage: 'if (message.method === "initialize") who = message.params.clientInfo.name + " " + message.params.clientInfo.version;',
      tools: '[{ name: "who", description: who, inputSchema: { type: "object" } }]',
    });
    const tools = await listInProcess(file, "introduce.mjs", sdk(), IN_PROCESS);
    expect(tools.map((t) => t.description)).toEqual([`payload-census ${readVersion()}`]);
  });

  /** A server whose first listing sends `method` before it answers: "first" the first time, "again" after. */
  function announcing(name: string, method: string): string {
    return handWritten(name, {
      before: "let listings = 0;",
      onMessage: `if (message.method === "tools/list" && ++listings === 1) void transport.send({ jsonrpc: "2.0", method: ${JSON.stringify(method)} });`,
      tools: '[{ name: listings === 1 ? "first" : "again", inputSchema: { type: "object" } }]',
    });
  }

  it("lists again after tools/list_changed, and not after another notification", async () => {
    const changed = await listInProcess(announcing("announcing.mjs", "notifications/tools/list_changed"), "announcing.mjs", sdk(), IN_PROCESS);
    expect(changed.map((t) => t.tool)).toEqual(["again"]);
    const other = await listInProcess(announcing("chattering.mjs", "notifications/custom"), "chattering.mjs", sdk(), IN_PROCESS);
    expect(other.map((t) => t.tool)).toEqual(["first"]);
  });

  it("refuses a pagination that needs a 10001st page", async () => {
    const file = handWritten("pages.mjs", {
      onMessage: `if (message.method === "tools/list") {
          const page = Number(message.params?.cursor ?? 0);
          void transport.send({ jsonrpc: "2.0", id: message.id, result: page === 10000 ? { tools: [] } : { tools: [], nextCursor: String(page + 1) } });
          return;
        }`,
    });
    await expect(listInProcess(file, "pages.mjs", sdk(), IN_PROCESS)).rejects.toThrow("pages.mjs's server still hands out tools/list cursors after 10000 pages");
  }, 20_000);
});
