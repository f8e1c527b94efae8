// One SKU's analysis as the library gives it (src/project/analyzeSku.ts): the files it read, sorted, each once, with
// the modules the tool files import however they reach them, and nothing else counted as a module; with no options,
// every description row carries its token counts. And where a fact sits (src/facts/fileIndex.ts siteOf): the keys of
// the functions around it, innermost first, and none outside every function.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { analyzeSku } from "../../src/project/analyzeSku.js";
import { extractingStore } from "../../src/project/census.js";
import { SkuContext } from "../../src/project/context.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { tempTree } from "../config/tempTree.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";
import { CONTRACT_HELPERS } from "./monitorReport.js";

function analysisOf(files: Record<string, string>) {
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }] }),
    "src/helpers.ts": CONTRACT_HELPERS,
    ...files,
  });
  const config = loadConfig({ dir });
  const analysis = analyzeSku(new SkuContext(config, config.skus[0]!, extractingStore(config)));
  return { analysis, rel: (files: readonly string[]) => files.map((f) => path.relative(dir, f).split(path.sep).join("/")) };
}

const TOOL = (name: string, imports: string) =>
  `${imports}export function register(server: any) {\n  server.registerTool("${name}", { description: "Counts ${name}." }, async () => JSON.stringify({}));\n}\n`;

describe("a SKU's analysis", () => {
  it("reads each file once, sorted: the tool files, the helpers and the modules they import, one through another", () => {
    const { analysis, rel } = analysisOf({
      "src/tools/b.ts": TOOL("b", 'import { shared } from "../lib/shared.js";\nimport { helper } from "../lib/helper.js";\n'),
      "src/tools/a.ts": TOOL("a", 'import { helper } from "../lib/helper.js";\n'),
      "src/lib/helper.ts": 'import { deep } from "./deep.js";\nexport const helper = deep;\n',
      "src/lib/deep.ts": "export const deep = 1;\n",
      "src/lib/shared.ts": 'import { helper } from "./helper.js";\nexport const shared = helper;\n',
    });
    expect(rel(analysis.files)).toEqual(["src/helpers.ts", "src/lib/deep.ts", "src/lib/helper.ts", "src/lib/shared.ts", "src/tools/a.ts", "src/tools/b.ts"]);
    expect(analysis.counts.files).toBe(2);
    expect(analysis.counts.modules).toBe(4);
    expect(analysis.findings).toEqual([]);
  });

  it("with no options, counts every description row's tokens", () => {
    const { analysis } = analysisOf({ "src/tools/a.ts": TOOL("a", "") });
    expect(analysis.descriptions.rows.map((r) => [r.tool, r.tokens])).toEqual([["a", 3]]);
  });
});

describe("where a fact sits", () => {
  const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
  const sites = (source: string) => extractFileFacts("src/tools/t.ts", source, options).calls.map((c) => c.site);

  it("is the keys of the functions around it, innermost first, and none outside every function", () => {
    const source =
      'import { f } from "./f.js";\n' +
      "f(1);\n" +
      "export function outer(server: any) {\n" +
      "  f(2);\n" +
      '  server.registerTool("x", { description: "X." }, async () => { f(3); return "{}"; });\n' +
      "}\n";
    expect(sites(source)).toEqual([{ within: [] }, { within: ["outer"] }, { within: ["@5:51", "outer"] }]);
  });
});
