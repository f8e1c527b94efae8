// Where each route of a tool is returned, as `payload-census routes TOOL` shows it: what builds each word (the builder's
// call, an object literal, an assignment, an Object.fromEntries pair, a serialised envelope), in the order of the files
// and places they are written at; a builder handed on as a value leaves the routes unseen, and says where.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { traceRoutes } from "../../src/project/traceRoutes.js";
import { tempTree } from "../config/tempTree.js";

const HELPERS =
  'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
  'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
  'export function refusal(p: string, s: string) { return status("invalid", s); }\n';

function traced(body: string[], files: Record<string, string> = {}) {
  const dir = tempTree(
    {
      "payload-census.config.json": JSON.stringify({ skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }] }),
      "src/helpers.ts": HELPERS,
      "src/tools/t.ts":
        'import { status } from "../helpers.js";\nimport { other } from "../other.js";\n' +
        'export function register(server: any): void {\n  server.registerTool("t", { description: "T." }, async ({ n }: { n: number }) => {\n' +
        body.map((line) => `    ${line}\n`).join("") +
        "    return JSON.stringify({ n });\n  });\n}\n",
      "src/other.ts": 'import { status } from "./helpers.js";\nexport function other() {\n  return status("z_other", "Z.");\n}\n',
      ...files,
    },
    "routes",
  );
  const [definition] = traceRoutes(loadConfig({ dir }), "t").definitions;
  return definition!;
}

describe("the sites of a tool's routes", () => {
  it("say what builds each word, in the order of their files and places", () => {
    const d = traced([
      'if (n === 1) return status("s_call", "A.");',
      'if (n === 2) return JSON.stringify({ status: "s_object", message: "B." });',
      'if (n === 3) { const e: any = {}; e.status = "s_assign"; e.message = "C."; return JSON.stringify(e); }',
      'if (n === 4) return JSON.stringify(Object.fromEntries([["status", "s_entries"], ["message", "D."]]));',
      "if (n === 5) return '{\"status\":\"s_text\",\"message\":\"E.\"}';",
      "if (n === 6) return other();",
    ]);
    expect(d.sites.map((s) => [s.word, s.file, s.line, s.what])).toEqual([
      ["z_other", "src/other.ts", 3, 'status("z_other", …)'],
      ["s_call", "src/tools/t.ts", 5, 'status("s_call", …)'],
      ["s_object", "src/tools/t.ts", 6, 'an object literal with status "s_object"'],
      ["s_assign", "src/tools/t.ts", 7, 'an assignment of status "s_assign"'],
      ["s_entries", "src/tools/t.ts", 8, 'an Object.fromEntries pair with status "s_entries"'],
      ["s_text", "src/tools/t.ts", 9, 'a serialised envelope with status "s_text"'],
      // A returned string literal is a bare sentence (SPEC §2.3), whatever it holds.
      ["text", "src/tools/t.ts", 9, `the bare sentence ${JSON.stringify('{"status":"s_text","message":"E."}')}`],
    ]);
    expect(d.sites[1]!.via).toEqual([]);
    expect(d.unseen).toBeNull();
  });

  it("are read through 16 functions called one from the next, and say so past them", () => {
    // `other` (src/other.ts, which the tool file imports) calls f2, f2 calls f3 …, the last returns a status.
    const name = (i: number) => (i === 1 ? "export function other" : `function f${i}`);
    const chain = (length: number) =>
      Array.from({ length }, (_, k) => k + 1)
        .map((i) => `${name(i)}() { return ${i === length ? 'status("deep", "D.")' : `f${i + 1}()`}; }`)
        .join("\n");
    const through = (length: number) => traced(["if (n === 1) return other();"], { "src/other.ts": `import { status } from "./helpers.js";\n${chain(length)}\n` });
    const sixteen = through(16);
    expect(sixteen.sites.map((s) => s.word)).toEqual(["deep"]);
    expect(sixteen.sites[0]!.via).toHaveLength(16);
    expect(sixteen.unseen).toBeNull();
    const seventeen = through(17);
    expect(seventeen.sites).toEqual([]);
    expect(seventeen.unseen).toBe("its calls nest deeper than 16 functions");
  });

  it("name the failure producer where the helpers module declares it without exporting it", () => {
    const helpers =
      'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
      'function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
      'export function refusal(p: string, s: string) { return status("invalid", s); }\n' +
      "export function fail(o: string, e: unknown) { return formatError(o, e); }\n";
    // `other`, which the tool file imports, is the helpers' `fail` here.
    const d = traced(['if (n === 1) return (other as any)("t", 1);'], { "src/helpers.ts": helpers, "src/other.ts": 'export { fail as other } from "./helpers.js";\n' });
    expect(d.sites.map((s) => [s.word, s.what])).toEqual([["error", "formatError(…)"]]);
  });

  it("are unseen where the body hands the builder on as a value, and say where", () => {
    const d = traced(['if (n === 1) return Reflect.apply(status, null, ["s_ref", "R."]);', 'if (n === 2) return status("s_call", "A.");']);
    expect(d.sites.map((s) => s.word)).toEqual(["s_call"]);
    expect(d.unseen).toBe("it hands the builder status on as a value at line 5 of src/tools/t.ts");
  });
});
