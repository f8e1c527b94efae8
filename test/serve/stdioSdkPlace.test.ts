// descriptions --stdio looks for the MCP SDK's client beside the working folder's package.json first, then beside
// payload-census: an SDK installed in the working folder that cannot serve is the one the message names.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempTree } from "../config/tempTree.js";
import { captureIo } from "../census/io.js";

const fixture = join(fileURLToPath(new URL("../..", import.meta.url)), "fixtures", "serve");

describe("descriptions --stdio: the SDK of the working folder", () => {
  it("is found in its own node_modules, and named by its package.json when it exports no client", async () => {
    const cwd = tempTree(
      { "node_modules/@modelcontextprotocol/sdk/package.json": JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.0.0", exports: { "./types.js": "./dist/types.js" } }) },
      "stdio-sdk",
    );
    const io = captureIo(cwd);
    const code = await main(["descriptions", "--stdio", "node server.js", fixture], io);
    expect(io.err.join("")).toBe(`payload-census: the @modelcontextprotocol/sdk found from ${join(cwd, "package.json")} has no client/index.js: install version 1.10 or later\n`);
    expect([code, io.out.join("")]).toEqual([2, ""]);
  });
});
