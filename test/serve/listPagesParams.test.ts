// tools/list as the census asks it of a served catalog (census/serve/listTools.ts): the first page is asked with no
// `params` at all, as the SDK's own client asks it, and each later page with the cursor the page before handed out.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { listInProcess } from "../../census/serve/inProcess.js";
import { loadSdk } from "../../census/serve/sdk.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const sdk = () => loadSdk([join(root, "fixtures", "serve", "server.mjs")]);

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "payload-census-list-params-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A hand-written server of two pages: each tool is named for its page and described by the `params` of the
 * tools/list request that asked for it, as JSON would carry them ("none" when the request has none).
 */
const SERVER = `export function createServer() {
  return {
    async connect(transport) {
      const reply = (message, result) => void transport.send({ jsonrpc: "2.0", id: message.id, result });
      transport.onmessage = (message) => {
        if (message.method === "initialize") {
          reply(message, { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "pages", version: "1.0.0" } });
        } else if (message.method === "tools/list") {
          const asked = JSON.stringify(message.params) ?? "none";
          const second = message.params?.cursor === "page-2";
          reply(message, { tools: [{ name: second ? "second" : "first", description: asked, inputSchema: { type: "object" } }], ...(second ? {} : { nextCursor: "page-2" }) });
        }
      };
      await transport.start();
    },
  };
}
`;

it("asks the first page with no params, the next with the cursor handed out", async () => {
  const file = join(scratch, "pages.mjs");
  writeFileSync(file, SERVER);
  const tools = await listInProcess(file, "pages.mjs", sdk(), { timeoutMs: 1000, quietMs: 50, maxRounds: 5, closeMs: 200 });
  expect(tools.map((t) => [t.tool, t.description])).toEqual([
    ["first", "none"],
    ["second", '{"cursor":"page-2"}'],
  ]);
});
