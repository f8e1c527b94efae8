// descriptions --serve MODULE: each TypeScript extension refused as TypeScript, each JavaScript one taken (then looked
// for), anything else refused; an unknown --sku lists every SKU the config has.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../census/main.js";
import { captureIo } from "./census/io.js";

const root = fileURLToPath(new URL("..", import.meta.url));

async function serve(argv: string[]): Promise<{ code: number; err: string }> {
  const io = captureIo(root);
  const code = await main(["descriptions", ...argv], io);
  return { code, err: io.err.join("") };
}

describe("the module's extension", () => {
  it.each([".ts", ".mts", ".cts", ".tsx", ".TS"])("%s is TypeScript", async (ext) => {
    const typed = `fixtures/serve/server${ext}`;
    const { code, err } = await serve(["--serve", typed, "fixtures/serve"]);
    expect(code).toBe(2);
    expect(err).toBe(
      `payload-census: --serve ${typed} is TypeScript: payload-census imports the module with node as it is and does not compile it; build the monitor and give the built .js (e.g. dist/server.js)\n`,
    );
  });

  it.each([".js", ".mjs", ".cjs"])("%s is JavaScript: looked for", async (ext) => {
    const typed = `fixtures/serve/nowhere${ext}`;
    const { err } = await serve(["--serve", typed, "fixtures/serve"]);
    expect(err).toBe(`payload-census: --serve ${typed}: no such file (MODULE is relative to the current folder)\n`);
  });

  it.each([".json", ".d", ""])("%j is neither", async (ext) => {
    const typed = `fixtures/serve/server${ext}`;
    const { err } = await serve(["--serve", typed, "fixtures/serve"]);
    expect(err).toBe(`payload-census: --serve ${typed}: give a JavaScript module (.js, .mjs or .cjs) that exports the server factory\n`);
  });
});

describe("--sku", () => {
  it("a SKU the config does not have: every SKU it has is listed", async () => {
    const { code, err } = await serve(["--serve", "fixtures/serve/server.mjs", "fixtures/monitor", "--sku", "heavy"]);
    expect(code).toBe(2);
    expect(err).toBe("payload-census: --sku heavy: no such SKU in the config; its SKUs are full, lite\n");
  });
});
