// descriptions --stdio where no MCP SDK is installed anywhere: the message names the places looked in, the working
// folder and payload-census. The SDK is a dev dependency of this project, so the lookup is made to find none.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { main } from "../../census/main.js";
import { captureIo } from "../census/io.js";
import { tempTree } from "../config/tempTree.js";

vi.mock("../../census/serve/sdk.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../census/serve/sdk.js")>();
  // Every place is looked in, as shipped, and none has the SDK.
  return { ...actual, loadSdk: (_from: readonly (string | URL)[], near?: string) => actual.loadSdk([], near) };
});

const fixture = join(fileURLToPath(new URL("../..", import.meta.url)), "fixtures", "serve");

describe("descriptions --stdio with no SDK installed", () => {
  it("says where it looked: beside the working folder and beside payload-census", async () => {
    const io = captureIo(tempTree({}, "stdio-no-sdk"));
    const code = await main(["descriptions", "--stdio", "node server.js", fixture], io);
    expect(io.err.join("")).toBe(
      "payload-census: @modelcontextprotocol/sdk is not installed, neither beside the working folder nor beside payload-census: install it in the monitor (npm install @modelcontextprotocol/sdk); descriptions --serve and --stdio list the tools with its Client\n",
    );
    expect(code).toBe(2);
  });
});
