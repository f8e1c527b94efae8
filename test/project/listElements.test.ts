// An element of a list read by its index (`LIST[10].name`): any number of digits is an index, and a key that only
// holds digits (`LIST["1a"]`, `LIST.a1`) is a property a list does not have; an index past the end names itself.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

it("reads an element by a two-digit index, and says which key a list lacks", async () => {
  const register = (name: string) => `  server.registerTool(${name}, { description: "D." }, async () => ({ content: [] }));`;
  const source = [
    'const LIST = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"].map((name) => ({ name }));',
    "export function register(server) {",
    register("LIST[10].name"),
    register('LIST["1a"].name'),
    register("LIST.a1.name"),
    register("LIST[11].name"),
    "}",
  ].join("\n");
  const report = await monitorReport({ "src/server.ts": source });
  expect(report.descriptions.map((d) => d.tool)).toEqual(["k"]);
  expect(report.findings.map((f) => `${f.rule} ${f.line} ${/\(([^)]*)\)/.exec(f.message)?.[1]}`)).toEqual([
    "tool-discovery 4 a list has no property `1a`",
    "tool-discovery 5 a list has no property `a1`",
    "tool-discovery 6 the list has no element 11",
  ]);
});

it("a loop over a string says why the string is unseen where it is, else that a string is no list", async () => {
  const reason = async (declaration: string) => {
    const source = `${declaration}\nexport function register(server) {\n  for (const t of LIST) server.registerTool(t.name, { description: "D." }, async () => ({ content: [] }));\n}\n`;
    const report = await monitorReport({ "src/server.ts": source });
    return report.findings.map((f) => `${f.rule} ${f.line} ${/list the census cannot see: (.*)\), so it/.exec(f.message)?.[1]}`);
  };
  expect(await reason("const LIST = `${Math.random()}`;")).toEqual(["tool-discovery 3 call to `Math.random()`"]);
  expect(await reason('const LIST = "abc";')).toEqual(["tool-discovery 3 a string is not a list"]);
});
