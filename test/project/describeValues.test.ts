// How the census names a value that is not what a tool's part must be: a list, a class or a function where a name must
// be a string, a list or a class where the handler must be a function.
import { expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { Report } from "../../src/model.js";
import { captureIo } from "../census/io.js";
import { tempTree } from "../config/tempTree.js";

it("names each kind of value in the finding that says the census cannot see the part", async () => {
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }] }),
    "src/helpers.ts":
      'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
      'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
      'export function refusal(p: string, s: string) { return status("invalid", s); }\n',
    "src/tools/values.ts": 'export const LIST = ["a"];\nexport class K {}\nexport function fn() { return 1; }\nexport const H = [async () => "x"];\n',
    "src/tools/reg.ts":
      'import { LIST, K, fn, H } from "./values.js";\n' +
      'import { formatError } from "../helpers.js";\n' +
      "export function register(server: any) {\n" +
      '  server.tool(LIST, "L.", async () => formatError("a", 1));\n' +
      '  server.tool(K, "K.", async () => formatError("a", 1));\n' +
      '  server.tool(fn, "F.", async () => formatError("a", 1));\n' +
      '  server.tool("h", "H.", H);\n' +
      '  server.tool("k", "K.", K);\n' +
      "}\n",
  });
  const io = captureIo(dir);
  expect(await main([dir, "--format", "json", "--no-cache"], io)).toBe(1);
  const report = JSON.parse(io.out.join("")) as Report;
  const unseenName = (what: string) =>
    `The census cannot see the name of this tool (it is ${what}, not a string), so it cannot count it, nor check its description against a cap, a guide or pins; give the tool a constant name`;
  const unseenBody = (tool: string, what: string) =>
    `Tool ${tool}: the census cannot see this tool's body, so it cannot check its bare sentences: the handler is ${what}, not a function the census can follow; ` +
    "pass a function declared in this file or imported from a module of the monitor";
  expect(report.findings.map((f) => [`${f.line}:${f.column}`, f.message])).toEqual([
    ["4:15", unseenName("a list")],
    ["5:15", unseenName("class `K`")],
    ["6:15", unseenName("a function")],
    ["7:3", unseenBody("h", "a list")],
    ["8:3", unseenBody("k", "class `K`")],
  ]);
});
