// hand-built-status at its edges (src/project/checks/builds.ts): a serialised envelope is one whose "status" key holds
// the word, not any key; the builder passed on as a value is a finding in a tool file, not in the helpers module that
// declares it nor inside a producer the contract allows.
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { Report } from "../../src/model.js";
import { captureIo } from "../census/io.js";
import { tempTree } from "../config/tempTree.js";

const HELPERS =
  'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
  'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
  'export function refusal(p: string, s: string) { return status("invalid", s); }\n';

function tool(body: string): string {
  return (
    'import { formatError, refusal, status } from "../helpers.js";\n' +
    "export function register(server: any): void {\n" +
    '  server.registerTool("count", { description: "Counts things." }, async ({ n }: { n: number }) => {\n' +
    '    if (n < 0) return refusal("n", "n must not be negative.");\n' +
    `    ${body}\n` +
    "    return JSON.stringify({ n });\n" +
    "  });\n" +
    "}\n"
  );
}

async function handBuilt(files: Record<string, string>, extra: Record<string, unknown> = {}): Promise<string[]> {
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }], ...extra }),
    "src/helpers.ts": HELPERS,
    ...files,
  });
  const io = captureIo(dir);
  await main([dir, "--format", "json", "--no-cache"], io);
  const report = JSON.parse(io.out.join("")) as Report;
  return report.findings.filter((f) => f.rule === "hand-built-status").map((f) => `${f.file}:${f.line}`);
}

describe("a serialised envelope", () => {
  it("is a string whose status key holds the word", async () => {
    expect(await handBuilt({ "src/tools/t.ts": tool('if (n > 9) return \'{"status":"error","message":"too big"}\';') })).toEqual(["src/tools/t.ts:5"]);
  });

  it("is not one whose other keys hold a failure or refusal word", async () => {
    expect(await handBuilt({ "src/tools/t.ts": tool('if (n > 9) return \'{"status":"no_data","kind":"error","why":"invalid"}\';') })).toEqual([]);
  });
});

describe("the builder passed on as a value", () => {
  it("is a finding in a tool file", async () => {
    expect(await handBuilt({ "src/tools/t.ts": tool("if (n > 9) return [status].map((s) => s(\"error\", \"x\"))[0]!;") })).toEqual(["src/tools/t.ts:5"]);
  });

  it("is none in the helpers module (the builder imported there), nor in a producer the contract allows", async () => {
    const envelope = 'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n';
    const helpers =
      'import { status } from "./envelope.js";\nexport { status };\n' +
      'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
      'export function refusal(p: string, s: string) { return status("invalid", s); }\n' +
      "export const BUILDERS = [status];\n";
    const outcome = 'import { status } from "./helpers.js";\nexport function outcome(w: string, m: string) { return [status][0]!(w, m); }\n';
    const allow = { contract: { allow: [{ callee: "outcome", words: ["invalid"] }] } };
    const outcomeTool = tool('if (n > 9) return outcome("invalid", "n is too large.");').replace(
      'import { formatError, refusal, status } from "../helpers.js";',
      'import { formatError, refusal, status } from "../helpers.js";\nimport { outcome } from "../outcome.js";',
    );
    const files = { "src/envelope.ts": envelope, "src/helpers.ts": helpers, "src/outcome.ts": outcome, "src/tools/t.ts": outcomeTool };
    expect(await handBuilt(files, allow)).toEqual([]);
    // The same reference in a module the contract does not allow is one.
    expect(await handBuilt(files, {})).toEqual(["src/outcome.ts:2"]);
  });
});
