// Where the census places a finding on a tool's description: at the text itself, in the file that holds it — in place
// at the call, in a property of an object of the same file, or in another module's object.
import { expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { Report } from "../../src/model.js";
import { captureIo } from "../census/io.js";
import { tempTree } from "../config/tempTree.js";

it("a description over its cap is reported where its text is written", async () => {
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({
      skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }],
      descriptions: { cap: 5 },
    }),
    "src/helpers.ts":
      'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
      'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
      'export function refusal(p: string, s: string) { return status("invalid", s); }\n',
    "src/tools/texts.ts": '// The texts of the tools.\nexport const FAR = { desc: "A description longer than five." };\n',
    "src/tools/reg.ts":
      'import { FAR } from "./texts.js";\n' +
      'import { formatError } from "../helpers.js";\n' +
      "const NEAR = {\n" +
      '  desc: "Another description longer than five.",\n' +
      "};\n" +
      "export function register(server: any) {\n" +
      '  server.tool("far", FAR.desc, async () => formatError("b", 1));\n' +
      '  server.tool("near", NEAR.desc, async () => formatError("b", 1));\n' +
      '  server.tool("inplace", "In place and long.", async () => formatError("c", 1));\n' +
      "}\n",
  });
  const io = captureIo(dir);
  expect(await main([dir, "--format", "json", "--no-cache"], io)).toBe(1);
  const report = JSON.parse(io.out.join("")) as Report;
  expect(report.findings.map((f) => [f.rule, `${f.file}:${f.line}:${f.column}`, f.message.slice(0, f.message.indexOf(";"))])).toEqual([
    ["description-budget", "src/tools/reg.ts:4:9", "Tool near serves a description of 37 characters, over its cap of 5"],
    ["description-budget", "src/tools/reg.ts:9:26", "Tool inplace serves a description of 18 characters, over its cap of 5"],
    ["description-budget", "src/tools/texts.ts:2:28", "Tool far serves a description of 31 characters, over its cap of 5"],
  ]);
});
