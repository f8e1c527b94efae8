// descriptions --stdio ends the child whatever the SDK's close does: a child that does not answer gets a SIGTERM at
// once, and one still running a second after the close (it ignores SIGTERM, and the SDK's close did not end it) gets
// a SIGKILL. The SDK that payload-census ships escalates to SIGKILL itself; the monitor's own copy, which is the one
// used when installed, may not, so the close here is a stand-in that leaves the child running.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSdk, type McpSdk } from "../../census/serve/sdk.js";
import { listOverStdio } from "../../census/serve/stdio.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const shipped = loadSdk([join(root, "fixtures", "serve", "server.mjs")]);

/** The SDK with a transport whose close leaves the child as it is. */
const closeLeavesChild: McpSdk = {
  ...shipped,
  StdioClientTransport: class extends shipped.StdioClientTransport {
    override async close(): Promise<void> {}
  },
};

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "payload-census-stdio-backstop-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (!running(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !running(pid);
}

describe.skipIf(process.platform === "win32")("a child that outlives the close", () => {
  it("is killed: it ignores SIGTERM and never answers initialize", async () => {
    const pidFile = join(scratch, "pid");
    const script = join(scratch, "stubborn.cjs");
    writeFileSync(
      script,
      `process.on("SIGTERM", () => {});\nrequire("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));\nsetInterval(() => {}, 1000);\n`,
    );
    let pid: number | undefined;
    try {
      const listing = listOverStdio(`node ${script}`, [process.execPath, script], scratch, { PATH: process.env.PATH }, closeLeavesChild, {
        timeoutMs: 1500,
        quietMs: 0,
        maxRounds: 1,
      });
      await expect(listing).rejects.toThrow(/does not speak MCP: it did not answer initialize within 1500 ms/);
      pid = Number(readFileSync(pidFile, "utf8"));
      expect(await goneWithin(pid, 3000)).toBe(true);
    } finally {
      if (pid !== undefined && running(pid)) process.kill(pid, "SIGKILL");
    }
  });
});
