// `Object.values` of an object that spreads a value the census cannot see (a package's export, a call, a choice, an
// object built at run time): the finding gives that value's own reason, not the words for a value seen and of another kind.
import { expect, it } from "vitest";
import { discoveryReasons, lowLevelServer, monitorReport } from "./monitorReport.js";

const FROM_LIST = (why: string) => `it comes from a list the census cannot see: ${why}`;
const GAMMA = "gamma: { name: 'gamma', description: 'G.', inputSchema: {} }";

async function reasons(spread: string, declarations: string): Promise<string[]> {
  const server = lowLevelServer(`import { EXT } from "some-package";\n${declarations}`, `Object.values({ ...${spread}, ${GAMMA} })`);
  return discoveryReasons(await monitorReport({ "src/server.ts": server }));
}

it("a spread of a package's export, of a call, of a choice and of an object built at run time each say their own reason", async () => {
  expect(await reasons("EXT", "")).toEqual([FROM_LIST('"some-package" is a package (or an alias no tsconfig.json "paths" maps), not a module of this monitor')]);
  expect(await reasons("make()", "function make(): object { return {}; }")).toEqual([FROM_LIST("call to `make()`")]);
  expect(await reasons("(flag ? A : B)", "const flag = Math.random() > 0.5;\nconst A = {};\nconst B = {};")).toEqual([FROM_LIST("the value depends on a condition at run time")]);
  expect(await reasons("M", "const M = new Map();")).toEqual([FROM_LIST("`new Map(...)` is built at run time")]);
});

it("an object spreading a chain of objects across modules deeper than the census follows says so; a shorter one is read", async () => {
  const files = (n: number): Record<string, string> => {
    const out: Record<string, string> = {};
    for (let i = 0; i < n; i++) out[`src/chain/o${i}.ts`] = i === 0 ? `export const O0 = { ${GAMMA} };\n` : `import { O${i - 1} } from "./o${i - 1}.js";\nexport const O${i} = { ...O${i - 1} };\n`;
    out["src/server.ts"] = lowLevelServer(`import { O${n - 1} } from "./chain/o${n - 1}.js";`, `Object.values({ ...O${n - 1} })`);
    return out;
  };
  expect(discoveryReasons(await monitorReport(files(70)))).toEqual([FROM_LIST("constant chain too deep or circular")]);
  expect((await monitorReport(files(20))).descriptions.map((d) => d.tool)).toEqual(["gamma"]);
});

it("an object spreading seventy objects side by side lists every tool: a spread read leaves no depth behind", async () => {
  const declarations = Array.from({ length: 70 }, (_, i) => `const A${i} = { t${i}: { name: "t${i}", description: "T.", inputSchema: {} } };`).join("\n");
  const spreads = Array.from({ length: 70 }, (_, i) => `...A${i}`).join(", ");
  const report = await monitorReport({ "src/server.ts": lowLevelServer(declarations, `Object.values({ ${spreads} })`) });
  expect(report.descriptions.map((d) => d.tool)).toEqual(Array.from({ length: 70 }, (_, i) => `t${i}`).sort());
});
