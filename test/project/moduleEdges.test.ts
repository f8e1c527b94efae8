// Edges of following an import to its declaration (src/project/modules.ts), as a pass-through of a validator sees
// them: an index file, a second "paths" target, a circle of re-exports, a missing export, no default through
// `export *`, a star of a package beside the module that has the name, and the runtime module's producers.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import type { TraceDefinition } from "../../src/model.js";
import { runCensus } from "../../src/project/census.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS } from "./monitorReport.js";

const VALIDATE =
  'import { refusal } from "HELPERS";\n' +
  'export function validateTop(top: number): string | null { return top < 1 ? refusal("top", "top must be positive.") : null; }\n';

/** A server whose one tool passes on `${call}`, after `imports`. */
const server = (imports: string, call = "validateTop(top)") =>
  'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n' +
  'import { z } from "zod";\n' +
  `${imports}\n` +
  'const server = new McpServer({ name: "s", version: "1" });\n' +
  'server.registerTool("get_top", { description: "Lists the top.", inputSchema: { top: z.number() } }, async ({ top }) => {\n' +
  `  const err = ${call};\n` +
  "  if (err != null) return err;\n" +
  '  return JSON.stringify({ top });\n' +
  "});\n";

/** The `via` of every definition and part of a trace that has one, depth first. */
const viaOf = (defs: readonly TraceDefinition[]): string[][] =>
  defs.flatMap((d) => [...(d.via.length > 0 ? [d.via] : []), ...viaOf(d.parts ?? [])]);

/** The pass-through findings of a one-SKU monitor (its validators in `validators`), and how many validators it has. */
function census(files: Record<string, string>, validators: string | null) {
  const sku = {
    name: "main",
    root: ".",
    helpers: "src/helpers.ts",
    producers: validators === null ? [] : [{ module: validators, category: "validator" }],
    tools: ["src/server.ts"],
  };
  const dir = tempTree({ "payload-census.config.json": JSON.stringify({ skus: [sku] }), "src/helpers.ts": CONTRACT_HELPERS, ...files });
  const { report } = runCensus(loadConfig({ dir }));
  const passThroughs = report.findings.filter((f) => f.rule === "pass-through-producer");
  return {
    reasons: passThroughs.map((f) => /does not come from a shared producer: (.*); pass through only/.exec(f.message)?.[1] ?? f.message),
    via: passThroughs.flatMap((f) => viaOf(f.trace ?? [])),
    shared: report.counts.passThroughs.validator,
  };
}

describe("an import followed to its validator", () => {
  it("a folder's index file", () => {
    const files = { "src/validate/index.ts": VALIDATE.replace("HELPERS", "../helpers.js"), "src/server.ts": server('import { validateTop } from "./validate";') };
    expect(census(files, "src/validate/index.ts")).toEqual({ reasons: [], via: [], shared: 1 });
  });

  it('a "paths" alias whose first target has no such file, the second has', () => {
    const files = {
      "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@v/*": ["src/a/*", "src/b/*"] } } }),
      "src/b/validate.ts": VALIDATE.replace("HELPERS", "../helpers.js"),
      "src/server.ts": server('import { validateTop } from "@v/validate.js";'),
    };
    expect(census(files, "src/b/validate.ts")).toEqual({ reasons: [], via: [], shared: 1 });
  });

  it("a star of a package beside the star of the module that has the name", () => {
    const files = {
      "src/validate.ts": VALIDATE.replace("HELPERS", "./helpers.js"),
      "src/re.ts": 'export * from "zod";\nexport * from "./validate.js";\n',
      "src/server.ts": server('import { validateTop } from "./re.js";'),
    };
    expect(census(files, "src/validate.ts")).toEqual({ reasons: [], via: [], shared: 1 });
  });
});

describe("an import that leads to no validator says why", () => {
  it("a circle of re-exports", () => {
    const files = {
      "src/a.ts": 'export { validateTop } from "./b.js";\n',
      "src/b.ts": 'export { validateTop } from "./a.js";\n',
      "src/server.ts": server('import { validateTop } from "./a.js";'),
    };
    expect(census(files, null).reasons).toEqual([
      "the census cannot see which function `validateTop` is: `validateTop` is re-exported in a circle through src/a.ts",
    ]);
  });

  it("a name the module does not export", () => {
    const files = { "src/validate.ts": VALIDATE.replace("HELPERS", "./helpers.js"), "src/server.ts": server('import { validateTopp as validateTop } from "./validate.js";') };
    expect(census(files, "src/validate.ts").reasons).toEqual([
      "the census cannot see which function `validateTop` is: src/validate.ts has no export `validateTopp`",
    ]);
  });

  it("a default through `export *`, which brings none", () => {
    const files = {
      "src/validate.ts": `${VALIDATE.replace("HELPERS", "./helpers.js")}export default validateTop;\n`,
      "src/re.ts": 'export * from "./validate.js";\n',
      "src/server.ts": server('import validateTop from "./re.js";'),
    };
    expect(census(files, "src/validate.ts").reasons).toEqual([
      "the census cannot see which function `validateTop` is: src/re.ts has no export `default`",
    ]);
  });

  it("the runtime module's refusal called in the tool: its trace names the module it comes from", () => {
    const files = { "src/server.ts": server('import { refusal } from "payload-census/envelope";', 'top < 1 ? refusal("top", "top must be positive.") : null') };
    const result = census(files, null);
    expect(result.reasons).toEqual(["`refusal` is called here directly instead of inside a shared validator, resolver or gate"]);
    expect(result.via).toEqual([["exported by payload-census/envelope as `refusal`"]]);
  });
});
