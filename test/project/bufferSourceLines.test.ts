// A finding's line of source (its code frame) comes from the text the census analysed: an editor's unsaved buffer when
// one was given, not the file on disk, whose lines may no longer be the ones the finding counts.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf, FactStore } from "../../src/project/factStore.js";
import { censusOf } from "../../src/project/pipeline.js";
import { tempTree } from "../config/tempTree.js";
import { CONTRACT_HELPERS } from "./monitorReport.js";

const SERVER =
  'import { status } from "./helpers.js";\n' +
  "export function register(server: any): void {\n" +
  '  server.registerTool("get_rows", { description: "Lists rows." }, async ({ top }: { top: number }) => {\n' +
  '    if (top < 1) return status("error", "top must be positive.");\n' +
  "    return JSON.stringify({ top });\n" +
  "  });\n" +
  "}\n";

describe("a finding's source line", () => {
  it("is the buffer's line when a buffer was given for the file", () => {
    const sku = { name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/server.ts"] };
    const dir = tempTree({ "payload-census.config.json": JSON.stringify({ skus: [sku] }), "src/helpers.ts": CONTRACT_HELPERS, "src/server.ts": SERVER });
    const config = loadConfig({ dir });
    const store = new FactStore(extractOptionsOf(config), { extract: extractFileFacts });
    const server = path.join(dir, "src", "server.ts");
    const onDisk = censusOf(config, store).report.findings.filter((f) => f.rule === "hand-built-status");
    store.setText(server, `// A line the editor added.\n${SERVER}`);
    const inBuffer = censusOf(config, store).report.findings.filter((f) => f.rule === "hand-built-status");
    const frame = (f: (typeof onDisk)[number]) => [f.line, f.source];
    expect(onDisk.map(frame)).toEqual([[4, '    if (top < 1) return status("error", "top must be positive.");']]);
    expect(inBuffer.map(frame)).toEqual([[5, '    if (top < 1) return status("error", "top must be positive.");']]);
  });
});
