// Which elements of a choice's options are one definition (src/project/dataResolver.ts, `unionOf` and
// `definitionKey`): the same function, tool or class wherever the list names it, and an object made by nested
// iterations as deep as eight of them; deeper, or of another kind, two elements are two.
import { expect, it } from "vitest";
import { monitorReport } from "./monitorReport.js";

const loop = (list: string) =>
  `export function register(server, flag) {\n  for (const h of ${list}) server.registerTool("t", { description: "D." }, h);\n}\n`;

it("a function named again in the other option is the same one", async () => {
  const handlers = "async function h1() { return { content: [] }; }\nasync function h2() { return { content: [] }; }\n";
  const report = await monitorReport({ "src/server.ts": handlers + loop("flag ? [h1] : [h1, h2]") });
  expect(report.counts.tools).toBe(2);
});

/** `L0` … `L${depth}`: each list's one object binds the element of the list before it. */
const nested = (depth: number) =>
  ["const L0 = [{ n: 1 }];", ...Array.from({ length: depth }, (_, i) => `const L${i + 1} = L${i}.map((e${i}) => ({ e${i} }));`)].join("\n") + "\n";

it("an object bound through eight nested iterations is one definition in both options; through nine, two", async () => {
  const tools = async (depth: number) => (await monitorReport({ "src/server.ts": nested(depth) + loop(`flag ? L${depth} : L${depth}`) })).counts.tools;
  expect(await tools(8)).toBe(1);
  expect(await tools(9)).toBe(2);
});

// The loop's registration when its list is too long: one tool the census cannot name.
const TOO_LONG = "it comes from a list the census cannot see: the list holds more than 10000 elements";

/** A list of 10,000 elements, each `element`. */
const many = (element: string) => `[${Array(10_000).fill(element).join(", ")}]`;

async function unseen(declarations: string, list: string, discovery: Record<string, unknown>) {
  const report = await monitorReport({ "src/server.ts": `${declarations}const A = ${many("a")};\n${loop(list)}` }, { discovery });
  return report.findings.filter((f) => f.message.includes(TOO_LONG)).length;
}

it("a definer's tools: the same tool in the other option adds none to 10,000 elements; another tool of the file, one", async () => {
  const tools =
    'import { defineTool } from "./def.js";\n' +
    'const a = defineTool({ name: "a", description: "A.", run: async () => ({ content: [] }) });\n' +
    'const b = defineTool({ name: "b", description: "B.", run: async () => ({ content: [] }) });\n';
  const discovery = { definers: ["defineTool"], bodyKey: "run" };
  expect(await unseen(tools, "flag ? A : [a]", discovery)).toBe(0);
  expect(await unseen(tools, "flag ? A : [b]", discovery)).toBe(1);
});

it("tool classes: the same class in the other option adds none to 10,000 elements; another class of the file, one", async () => {
  const classes =
    'import { ToolBase } from "./base.js";\n' +
    'class a extends ToolBase { name = "a"; description = "A."; async run() { return { content: [] }; } }\n' +
    'class b extends ToolBase { name = "b"; description = "B."; async run() { return { content: [] }; } }\n';
  const discovery = { classes: [{ extends: "ToolBase", name: "name", description: "description", body: "run" }] };
  expect(await unseen(classes, "flag ? A : [a]", discovery)).toBe(0);
  expect(await unseen(classes, "flag ? A : [b]", discovery)).toBe(1);
});
