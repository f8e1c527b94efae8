// An error of the child's pipes (a write to a child that has closed its stdin fails with EPIPE) is no line of stdout:
// the transport reports both through onerror, and only a line that did not parse is a clue about what the child
// printed. Whether a real write fails that way depends on when the child closes its stdin, so the transport here
// reports the EPIPE itself as it sends initialize, to a child that exits on its first input.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { loadSdk, type McpSdk } from "../../census/serve/sdk.js";
import { listOverStdio } from "../../census/serve/stdio.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const shipped = loadSdk([join(root, "fixtures", "serve", "server.mjs")]);

/** The SDK with a transport whose every send first reports `error` through onerror, as a failed pipe write does. */
function reporting(error: Error): McpSdk {
  return {
    ...shipped,
    StdioClientTransport: class extends shipped.StdioClientTransport {
      override async send(message: JSONRPCMessage): Promise<void> {
        this.onerror?.(error);
        await super.send(message);
      }
    },
  };
}

let scratch: string;
let script: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "payload-census-stdio-pipe-"));
  script = join(scratch, "exits.cjs");
  writeFileSync(script, `process.stdin.once("data", () => process.exit(3));\n`);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The message listing over `sdk` fails with. */
const failure = (sdk: McpSdk) =>
  listOverStdio(`node ${script}`, [process.execPath, script], scratch, { PATH: process.env.PATH }, sdk, { timeoutMs: 10_000, quietMs: 0, maxRounds: 1 }).then(
    () => "listed",
    (error: Error) => error.message,
  );

describe.skipIf(process.platform === "win32")("errors of the child's pipes", () => {
  it("an EPIPE is no clue about the child's stdout", async () => {
    const epipe = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
    expect(await failure(reporting(epipe))).toBe(`--stdio "node ${script}" does not speak MCP: it exited before answering initialize`);
  });

  it("a line of stdout that is not JSON-RPC is one", async () => {
    expect(await failure(reporting(new SyntaxError("Unexpected token 'h', \"hello\" is not valid JSON")))).toBe(
      `--stdio "node ${script}" does not speak MCP: it exited before answering initialize (its stdout is not JSON-RPC: Unexpected token 'h', "hello" is not valid JSON)`,
    );
  });
});
