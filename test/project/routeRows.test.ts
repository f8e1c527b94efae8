// Each description row's routes and the routes its description never names (src/project/checks/routes.ts), and when
// a word the description names but the tool never returns is reported: not when the census cannot see the description
// or every route. Words are named quoted or as a status, in any case, whatever characters they hold.
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import type { Report } from "../../src/model.js";
import { captureIo } from "../census/io.js";
import { tempTree } from "../config/tempTree.js";

const HELPERS =
  'export function status(w: string, m: string) { return JSON.stringify({ status: w, message: m }); }\n' +
  'export function formatError(o: string, e: unknown) { return status("error", String(e)); }\n' +
  'export function refusal(p: string, s: string) { return status("invalid", s); }\n';

/** A tool file registering `tools` (name → [description source, body statements]) on an McpServer. */
function toolFile(tools: Record<string, [string, string]>): string {
  const registrations = Object.entries(tools).map(
    ([name, [description, body]]) => `  server.registerTool("${name}", { description: ${description} }, async ({ n }: { n: number }) => {\n${body}\n  });\n`,
  );
  return (
    'import { formatError, refusal, status } from "../helpers.js";\n' +
    'import { describe } from "../describe.js";\n' +
    `export function register(server: any): void {\n${registrations.join("")}}\n`
  );
}

const REFUSES_AND_FAILS = '    if (n < 0) return refusal("n", "n must not be negative.");\n    try { return JSON.stringify({ n }); } catch (ex) { return formatError("t", ex); }';

async function census(tools: Record<string, [string, string]>, extra: Record<string, unknown> = {}, files: Record<string, string> = {}) {
  const config = { skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"], ...(extra.sku as object) }], ...extra };
  delete (config as Record<string, unknown>).sku;
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify(config),
    "src/helpers.ts": HELPERS,
    "src/describe.ts": "export function describe(s: string): string { return s.trim(); }\n",
    "src/tools/t.ts": toolFile(tools),
    ...files,
  });
  const io = captureIo(dir);
  await main([dir, "--format", "json", "--no-cache"], io);
  const report = JSON.parse(io.out.join("")) as Report;
  return {
    rows: Object.fromEntries(report.descriptions.map((d) => [d.tool, { routes: d.routes, unmentioned: d.unmentioned, routesUnseen: d.routesUnseen }])),
    routeFindings: report.findings.filter((f) => f.rule === "status-route").map((f) => `${f.tool} ${f.line}: ${f.message}`),
  };
}

describe("a description row's routes", () => {
  it("lists the refusal and failure routes its description never names, and leaves out those it names", async () => {
    const { rows } = await census({
      says_nothing: ['"Counts things."', REFUSES_AND_FAILS],
      says_invalid: ["'Counts things; \"invalid\" for a negative n.'", REFUSES_AND_FAILS],
      says_both: ["'Counts things; \"invalid\" for a negative n, `error` when counting fails.'", REFUSES_AND_FAILS],
    });
    expect(rows).toEqual({
      says_nothing: { routes: ["invalid", "error"], unmentioned: ["invalid", "error"] },
      says_invalid: { routes: ["invalid", "error"], unmentioned: ["error"] },
      says_both: { routes: ["invalid", "error"], unmentioned: [] },
    });
  });

  it("lists the contract's words first, in its order, then other words in the order of their letters, plain text last", async () => {
    const { rows } = await census({
      many: [
        '"Counts things."',
        '    if (n === 1) return status("zeta_state", "Z.");\n    if (n === 2) return "Nothing to count.";\n    if (n === 3) return status("alpha_state", "A.");\n' +
          '    if (n === 4) return status("mid_state", "M.");\n' +
          REFUSES_AND_FAILS,
      ],
    });
    expect(rows.many!.routes).toEqual(["invalid", "error", "alpha_state", "mid_state", "zeta_state", "text"]);
  });

  it("never calls a plain-text answer unnamed", async () => {
    const { rows } = await census({
      text: ['"Counts things."', '    if (n < 0) return refusal("n", "n must not be negative.");\n    return "Nothing to count.";'],
    });
    expect(rows.text).toEqual({ routes: ["invalid", "text"], unmentioned: ["invalid"] });
  });

  it("reads a word named in another case", async () => {
    const { rows, routeFindings } = await census({
      upper: ["'Counts things. Status: INVALID for a negative n; \"Error\" when counting fails.'", REFUSES_AND_FAILS],
    });
    expect(rows.upper).toEqual({ routes: ["invalid", "error"], unmentioned: [] });
    expect(routeFindings).toEqual([]);
  });

  it("reads the guide's tail as named too", async () => {
    const { rows } = await census(
      { guided: ['"Counts things. Reading guide: get_tool_guide."', REFUSES_AND_FAILS] },
      { sku: { guide: "src/guide.ts" } },
      { "src/guide.ts": "export const TOOL_GUIDE: Record<string, string> = {\n  guided: 'A negative n is \"invalid\".',\n};\n" },
    );
    expect(rows.guided).toEqual({ routes: ["invalid", "error"], unmentioned: ["error"] });
  });
});

describe("a word named that the tool never returns", () => {
  it("is reported where the census sees the description and every route", async () => {
    const { routeFindings } = await census({ promises: ["'Counts things; \"not_found\" when there are none.'", REFUSES_AND_FAILS] });
    expect(routeFindings).toHaveLength(1);
    expect(routeFindings[0]).toMatch(/^promises 4: .*not_found/);
  });

  it("is not reported when the census cannot see every route", async () => {
    const { rows, routeFindings } = await census({
      unseen: [
        "'Counts things; \"not_found\" when there are none.'",
        '    if (n < 0) return refusal("n", "n must not be negative.");\n    return Reflect.apply(status, undefined, ["empty", "none"]) as string;',
      ],
    });
    expect(rows.unseen!.routesUnseen).toEqual(expect.any(String));
    expect(routeFindings).toEqual([]);
  });

  it("is not reported from the guide's tail when the census cannot see the description", async () => {
    const { rows, routeFindings } = await census(
      { hidden: ['describe("Counts things. Reading guide: get_tool_guide.")', REFUSES_AND_FAILS] },
      { sku: { guide: "src/guide.ts" } },
      { "src/guide.ts": "export const TOOL_GUIDE: Record<string, string> = {\n  hidden: 'None found is \"not_found\".',\n};\n" },
    );
    expect(rows.hidden!.routes).toEqual(["invalid", "error"]);
    expect(routeFindings).toEqual([]);
  });

  it("is read with the characters of the word as they are, not as a pattern", async () => {
    const words = { contract: { words: { other: ["no.rows", "a+b"] } } };
    const { routeFindings } = await census(
      {
        dotted: ["'Counts things; \"no.rows\" when there are none.'", REFUSES_AND_FAILS],
        // "noXrows" would match the word read as a pattern; "a+b" as a pattern would match "aab", not itself.
        near: ["'Counts things; \"noXrows\" and \"aab\" are not words.'", REFUSES_AND_FAILS],
        plus: ["'Counts things; \"a+b\" when there are none.'", REFUSES_AND_FAILS],
      },
      words,
    );
    expect(routeFindings.map((f) => f.split(" ")[0])).toEqual(["dotted", "plus"]);
  });
});
