// A tool's status routes (SPEC §2.6) come from the envelopes it may build: an object whose computed key turns out to be
// another module's constant naming another key than `status` is data, and gives the tool no route of its own.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
import { tempTree } from "../config/tempTree.js";

const helpers = `export function status(word: string, message: string, hints: Record<string, unknown> = {}): string {
  return JSON.stringify({ status: word, message, hints });
}
export function formatError(operation: string, ex: unknown): string {
  return status("error", \`\${operation} failed: \${String(ex)}\`, { operation });
}
export function refusal(parameter: string, sentence: string): string {
  return status("invalid", sentence, { parameter });
}
`;

const tool = `import { formatError } from "../helpers.js";
import { KEY } from "../keys.js";
export function register(server: any): void {
  server.registerTool("get_x", { description: "Lists x." }, async (args: { all: boolean }) => {
    try {
      if (!args.all) return JSON.stringify({ [KEY]: "no_data", rows: [] });
      return JSON.stringify({ rows: [1] });
    } catch (ex) {
      return formatError("get_x", ex);
    }
  });
}
`;

const routes = (key: string) => {
  const config = { skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }] };
  const dir = tempTree({ "payload-census.config.json": JSON.stringify(config), "src/helpers.ts": helpers, "src/tools/t.ts": tool, "src/keys.ts": `export const KEY = ${JSON.stringify(key)};\n` }, "routes-data-key");
  return runCensus(loadConfig({ dir })).report.descriptions.map((d) => [d.tool, d.routes]);
};

it("an object under an imported computed key that is another key gives no route; under `status` it gives its word", () => {
  expect(routes("state")).toEqual([["get_x", ["error"]]]);
  expect(routes("status")).toEqual([["get_x", ["error", "no_data"]]]);
});
