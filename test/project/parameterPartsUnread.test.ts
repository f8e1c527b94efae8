// A parameter destructured in a way the census does not read (an array's rest, a computed key) is that part of what
// the caller passes, not the whole of it: the census says it cannot read it, and never reads the whole argument instead.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const UNREAD = (name: string) =>
  `The census cannot see the name of this tool (it comes from a list the census cannot see: \`${name}\` is destructured in a way the census does not read)`;

it("the rest of an array parameter is not the whole array its caller passes", async () => {
  const server =
    "function reg(server: any, [first, ...rest]: string[]) {\n" +
    '  for (const n of rest) server.registerTool(n, { description: "D." }, async () => "[]");\n' +
    "}\n" +
    'export function register(server: any) {\n  reg(server, ["a", "b", "c"]);\n}\n';
  const report = await monitorReport({ "src/server.ts": server });
  expect(report.findings.map((f) => f.message.slice(0, UNREAD("rest").length))).toContain(UNREAD("rest"));
  expect(report.counts.tools).toBe(1);
});

it("a part under a computed key is not the whole object its caller passes", async () => {
  const server =
    'const KEY = "names";\n' +
    "function reg(server: any, { [KEY]: names }: { names: string[] }) {\n" +
    '  for (const n of names) server.registerTool(n, { description: "D." }, async () => "[]");\n' +
    "}\n" +
    'export function register(server: any) {\n  reg(server, { names: ["a", "b"] });\n}\n';
  const report = await monitorReport({ "src/server.ts": server });
  expect(report.findings.map((f) => f.message.slice(0, UNREAD("names").length))).toContain(UNREAD("names"));
  expect(report.counts.tools).toBe(1);
});
