// An input schema written as JSON (a tools/list entry's `inputSchema`) is read 64 levels below its root and no deeper
// (src/project/inputSchema.ts, `json`), whether its levels are an object's values or spreads of objects. Each level
// here is a module of its own, so that no one value nests deeply: only the schema they make does, and the reader's own
// bound is what tells.
import { expect, it } from "vitest";
import { servedEntryText } from "../../src/project/entries.js";
import { TokenCounter } from "../../src/tokens.js";
import { lowLevelServer, monitorReport } from "./monitorReport.js";

/** Modules `src/<prefix>0.ts` … `src/<prefix><n>.ts`: each exports `<P><i>`, `level` of the next one's; the last is `last`. */
function chain(prefix: string, n: number, level: (next: string) => string, last: string): Record<string, string> {
  const P = prefix.toUpperCase();
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) files[`src/${prefix}${i}.ts`] = `import { ${P}${i + 1} } from "./${prefix}${i + 1}.js";\nexport const ${P}${i} = ${level(`${P}${i + 1}`)};\n`;
  files[`src/${prefix}${n}.ts`] = `export const ${P}${n} = ${last};\n`;
  return files;
}

it("the deepest value 64 levels below the schema is read; 65, the schema nests too deeply to read", async () => {
  // V0 = { a: V1 }, …, V63 = { a: V64 }, V64 = 1; S0 = { ...S1 }, …, S63 = { ...S64 }, S64 = {}. Started at V0 (S0),
  // the last is 65 levels below the schema's root; started at V1 (S1), 64.
  const schemas: Record<string, string> = {
    values_64: '{ type: "object", default: V1 }',
    values_65: '{ type: "object", default: V0 }',
    spreads_64: '{ type: "object", ...S1 }',
    spreads_65: '{ type: "object", ...S0 }',
  };
  const list = `[${Object.entries(schemas).map(([name, schema]) => `{ name: ${JSON.stringify(name)}, description: "T.", inputSchema: ${schema} }`).join(", ")}]`;
  const imports = ["V0", "V1", "S0", "S1"].map((name) => `import { ${name} } from "./${name.toLowerCase()}.js";`).join("\n");
  const report = await monitorReport({
    "src/server.ts": lowLevelServer(imports, list, Object.keys(schemas)),
    ...chain("v", 64, (next) => `{ a: ${next} }`, "1"),
    ...chain("s", 64, (next) => `{ ...${next} }`, "{}"),
  });
  let nested: unknown = 1;
  for (let i = 1; i < 64; i++) nested = { a: nested };
  const tokens = (name: string, inputSchema: unknown) => new TokenCounter().count(servedEntryText({ name, description: "T.", inputSchema }));
  const tooDeep = "the census cannot see its input schema: its schema nests too deeply to read";
  expect(report.descriptions.map((d) => [d.tool, d.entryTokens, d.entryUnknown ?? null])).toEqual([
    ["spreads_64", tokens("spreads_64", { type: "object" }), null],
    ["spreads_65", null, tooDeep],
    ["values_64", tokens("values_64", { type: "object", default: nested }), null],
    ["values_65", null, tooDeep],
  ]);
});
