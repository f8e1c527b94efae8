// `payload-census routes TOOL`: which line yields which status word, what the description names, and the exit code.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempTree } from "../config/tempTree.js";
import { captureIo } from "./io.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

async function routes(argv: string[]) {
  const io = captureIo(root);
  const code = await main(["routes", ...argv], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

describe("routes TOOL", () => {
  it("lists each route at its line, a helper's through the call that reaches it, and the words the description names", async () => {
    const { code, out, err } = await routes(["get_wait_stats", "fixtures/near-miss/status-route/word-it-returns"]);
    expect(err).toBe("");
    expect(out).toBe(
      [
        "get_wait_stats [main] src/tools/waits.ts:12:3",
        '  no_data  8:10   status("no_data", …)',
        "             via noWaits(…) at src/tools/waits.ts:28",
        "  invalid  21:7   the pass-through `if (hoursError != null) return hoursError;`",
        "  invalid  24:7   the pass-through `if (miss) return miss;`",
        "  error    31:16  formatError(…)",
        "  routes: invalid, error, no_data · its description names: no_data · never named: invalid, error",
        "",
      ].join("\n"),
    );
    expect(code).toBe(0);
  });

  it("exits 1 when the description names a word the tool can never return, and says so", async () => {
    const { code, out } = await routes(["get_server_time", "fixtures/red/status-route/promises-invalid"]);
    expect(out).toBe(
      [
        "get_server_time [main] src/tools/clock.ts:5:3",
        "  no route the census can see",
        "  routes: none · its description names: invalid · never named: none",
        "  ✗ its description names invalid, which it can never return",
        "",
      ].join("\n"),
    );
    expect(code).toBe(1);
  });

  it("exits 1 when one SKU's definition names a word it never returns, though the other's does not", async () => {
    const red = "fixtures/red/status-route/promises-invalid";
    const fixture = (file: string) => readFileSync(fileURLToPath(new URL(`../../${red}/${file}`, import.meta.url)), "utf8");
    const config = JSON.parse(fixture("payload-census.config.json")) as { skus: { name: string; tools: string[] }[] };
    const main = config.skus[0]!;
    const dir = tempTree(
      {
        "payload-census.config.json": JSON.stringify({ skus: [{ ...main, tools: ["src/tools/*.ts"] }, { ...main, name: "lite", tools: ["src/lite/*.ts"] }] }),
        "src/helpers.ts": fixture("src/helpers.ts"),
        "src/resolver.ts": fixture("src/resolver.ts"),
        "src/tools/clock.ts": fixture("src/tools/clock.ts"),
        "src/lite/clock.ts": fixture("src/tools/clock.ts").replace(' A bad request answers {\\"status\\":\\"invalid\\"} with hints.parameter.', ""),
      },
      "routes-skus",
    );
    const { code, out } = await routes(["get_server_time", dir]);
    expect(out.match(/^get_server_time \[\w+\]/gm)).toEqual(["get_server_time [main]", "get_server_time [lite]"]);
    expect(out.match(/never return/g)).toEqual(["never return"]);
    expect(code).toBe(1);
  });

  it("gives every definition, one per SKU, as JSON", async () => {
    const { code, out } = await routes(["get_tool_guide", "fixtures/monitor", "--format", "json"]);
    const trace = JSON.parse(out) as { tool: string; definitions: { sku: string; routes: string[]; sites: { word: string; what: string }[]; unseen: string | null }[] };
    expect(trace.tool).toBe("get_tool_guide");
    expect(trace.definitions.map((d) => [d.sku, d.routes, d.unseen])).toEqual([
      ["full", ["not_found"], null],
      ["lite", ["not_found"], null],
    ]);
    expect(trace.definitions[0]!.sites.map((s) => s.what)).toEqual(['status("not_found", …)']);
    expect(code).toBe(0);
  });

  it("says what it could not see instead of claiming a tool never returns a word", async () => {
    const { code, out } = await routes(["get_top_queries", "fixtures/red/hand-built-status/unknown-word"]);
    expect(out).toContain("  routes may be incomplete: the status word at line 6 of src/tools/top.ts cannot be seen (`word` is a parameter)\n");
    expect(code).toBe(0);
  });

  it("refuses an unknown tool, suggesting the nearest name, and wants one", async () => {
    expect(await routes(["get_wait_stat", "fixtures/monitor"])).toEqual({
      code: 2,
      out: "",
      err: 'payload-census: no tool named "get_wait_stat" in the census: did you mean get_wait_stats?\n',
    });
    expect((await routes([])).err).toBe("payload-census: routes needs a tool's name: type payload-census routes TOOL [DIR], e.g. payload-census routes get_wait_stats\n");
  });
});
