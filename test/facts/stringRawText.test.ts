// A `String.raw` template is a string written in place like any literal (its text as written): a hand-serialised
// envelope joined from one is a build, a tool returning one returns a bare sentence, and a tag that only looks like
// String.raw (a local `String`) is neither.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
import { tempTree } from "../config/tempTree.js";

const helpers = `export function status(word: string, message: string): string {
  return JSON.stringify({ status: word, message, hints: {} });
}
export function formatError(operation: string, ex: unknown): string {
  return status("error", \`\${operation} failed: \${String(ex)}\`);
}
export function refusal(parameter: string, sentence: string): string {
  return status("invalid", sentence);
}
`;

const findings = (body: string, prelude = "") => {
  const tool = `import { formatError } from "../helpers.js";
${prelude}export function register(server: any): void {
  server.registerTool("get_x", { description: "Lists x." }, async (args: { id: string }) => {
    try {
${body}
      return JSON.stringify({ rows: [1] });
    } catch (ex) {
      return formatError("get_x", ex);
    }
  });
}
`;
  const config = { skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }] };
  const dir = tempTree({ "payload-census.config.json": JSON.stringify(config), "src/helpers.ts": helpers, "src/tools/t.ts": tool }, "string-raw");
  return runCensus(loadConfig({ dir }))
    .report.findings.filter((f) => f.rule === "hand-built-status" || f.rule === "bare-sentence-roster")
    .map((f) => `${f.rule} ${f.line}:${f.column} ${f.message}`);
};

const HAND_BUILT_FAILURE =
  'hand-built-status 5:28 Tool get_x: this hand-serialised JSON string builds a failure envelope (status "error") by hand; use formatError(operation, ex) for a failure, or refusal(parameter, sentence) if the caller must change a parameter';
const bare = (sentence: string) =>
  `bare-sentence-roster 5:28 Tool get_x returns the bare sentence ${JSON.stringify(sentence)}, which is not in the roster; return an envelope (refusal(parameter, sentence) for a refusal) or, if it is deliberate, add it to the roster (payload-census roster --write)`;

it("an envelope serialised by hand from a String.raw template joined with a value is a hand-built failure, as from a template", () => {
  const raw = findings('      if (!args.id) return String.raw`{"status":"error","message":"no id ` + args.id + \'"}\';');
  expect(raw).toEqual([bare('{"status":"error","message":"no id ${…}"}'), HAND_BUILT_FAILURE]);
  expect(findings('      if (!args.id) return `{"status":"error","message":"no id ` + args.id + \'"}\';')).toEqual(raw);
});

it("a String.raw template a tool returns is a bare sentence, read as written", () => {
  expect(findings("      if (!args.id) return String.raw`No id\\given.`;")).toEqual([bare("No id\\given.")]);
  expect(findings("      if (!args.id) return String.raw`No ${args.id}\\here.` + '!';")).toEqual([bare("No ${…}\\here.!")]);
});

it("a tag that only looks like String.raw, a local String, builds nothing and returns no sentence", () => {
  const prelude = "const String = { raw: (parts: TemplateStringsArray) => parts.join('') };\n";
  expect(findings('      if (!args.id) return String.raw`{"status":"error"}` + args.id;', prelude)).toEqual([]);
  expect(findings("      if (!args.id) return String.raw`No id given.`;", prelude)).toEqual([]);
});
