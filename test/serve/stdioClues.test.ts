// descriptions --stdio with a child that does not speak MCP: which line of what it left on stderr the census quotes
// (the first naming an error, else the last, node's version footer aside; trimmed; only the last 8 KiB kept; long
// lines shortened), which of its stdout lines it reports (the first that is not JSON-RPC), what it is given in its
// environment, and the name the census introduces itself with.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSdk } from "../../census/serve/sdk.js";
import { listOverStdio } from "../../census/serve/stdio.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const sdk = loadSdk([join(root, "fixtures", "serve", "server.mjs")]);

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "payload-census-stdio-clues-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The one-sentence error of listing the tools of a child running `script` (a CommonJS module), given `env`. */
async function failure(script: string, env: Record<string, string | undefined> = {}): Promise<string> {
  const file = join(scratch, `child-${Math.random().toString(36).slice(2)}.cjs`);
  writeFileSync(file, script);
  try {
    await listOverStdio(`node ${file}`, [process.execPath, file], scratch, { PATH: process.env.PATH, ...env }, sdk, { timeoutMs: 10_000, quietMs: 0, maxRounds: 1 });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the child's tools were listed");
}

/** A child that writes `stderr` and exits before answering. */
const exitsAfter = (stderr: string) => `process.stderr.write(${JSON.stringify(stderr)}, () => process.exit(1));\n`;
const said = (message: string) => /its stderr says (".*")\)$/.exec(message)?.[1];

describe("the line of stderr quoted", () => {
  it("is the first that names an error, trimmed, lines broken at \\n or \\r\\n", async () => {
    expect(said(await failure(exitsAfter("starting up\r\n   TypeError: boom   \nlater line\nNode.js v20.0.0\n")))).toBe('"TypeError: boom"');
  });

  it("is the last when none names an error, node's version footer aside", async () => {
    expect(said(await failure(exitsAfter("one\ntwo\nthree\nNode.js v20.11.1\n")))).toBe('"three"');
    // Only a line that starts with the footer is the footer.
    expect(said(await failure(exitsAfter("one\nstarted on Node.js v20\n")))).toBe('"started on Node.js v20"');
  });

  it("names an error by a word ending in Error or Exception, not by a word holding it", async () => {
    expect(said(await failure(exitsAfter("first\nUnhandledPromiseRejection: RangeException thrown\nlast\n")))).toBe('"UnhandledPromiseRejection: RangeException thrown"');
    expect(said(await failure(exitsAfter("first\nErrors: none\nlast\n")))).toBe('"last"');
  });

  it("is kept whole up to 200 characters and shortened past them", async () => {
    const exact = "x".repeat(200);
    expect(said(await failure(exitsAfter(`${exact}\n`)))).toBe(JSON.stringify(exact));
    expect(said(await failure(exitsAfter(`${"y".repeat(201)}\n`)))).toBe(JSON.stringify(`${"y".repeat(199)}…`));
  });

  it("comes from the last 8 KiB of stderr only", async () => {
    const filler = Array.from({ length: 400 }, (_, i) => `line ${i} ${"-".repeat(20)}`).join("\n");
    expect(said(await failure(exitsAfter(`TypeError: too early\n${filler}\nthe end\n`)))).toBe('"the end"');
  });
});

describe("the child's stdout", () => {
  it("is reported by the first line that is not JSON-RPC, whatever comes after it", async () => {
    const message = await failure('process.stdout.write("hello there\\n{\\"x\\":1}\\n", () => setTimeout(() => process.exit(1), 200));\n');
    expect(message).toContain("its stdout is not JSON-RPC:");
    expect(message).not.toContain("its stdout is JSON but not JSON-RPC");
  });
});

describe("the child's environment", () => {
  it("holds the variables given, without those given as undefined", async () => {
    const script = 'process.stderr.write(`TypeError: ${"GIVEN" in process.env} ${process.env.GIVEN} ${"UNSET" in process.env}\\n`, () => process.exit(1));\n';
    expect(said(await failure(script, { GIVEN: "yes", UNSET: undefined }))).toBe('"TypeError: true yes false"');
  });
});

describe("the census's introduction", () => {
  it("names it payload-census", async () => {
    const script =
      'process.stdin.once("data", (chunk) => {\n' +
      "  const request = JSON.parse(String(chunk).split('\\n')[0]);\n" +
      "  process.stderr.write(`TypeError: client ${request.params.clientInfo.name}\\n`, () => process.exit(1));\n" +
      "});\n";
    expect(said(await failure(script))).toBe('"TypeError: client payload-census"');
  });
});
