// `routes TOOL` (traceRoutes) for a tool whose body the census cannot see: no route and no site, and the reason in
// `unseen`, for the reader to follow by hand.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { traceRoutes } from "../../src/project/traceRoutes.js";
import { toolFile, writeMonitor } from "../adversarial/generate.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("routes of a tool whose body is a package's function", () => {
  it("has neither routes nor sites, and says why", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "payload-census-routes-bodiless-"));
    made.push(dir);
    writeMonitor(dir, {
      "src/tools/external.ts": [
        `import { handler } from "some-package";`,
        `export function register(server: any): void {`,
        `  server.registerTool("external", { description: "A tool." }, handler);`,
        `}`,
        ``,
      ].join("\n"),
      "src/tools/fine.ts": toolFile("fine", [`    return "A fine sentence.";`]),
    });
    const trace = traceRoutes(loadConfig({ dir }), "external");
    expect(trace.tools).toEqual(["external", "fine"]);
    expect(trace.definitions).toHaveLength(1);
    const [definition] = trace.definitions;
    expect(definition).toMatchObject({ sku: "main", file: "src/tools/external.ts", line: 3, routes: [], sites: [], unreturned: [], unmentioned: [] });
    expect(definition!.unseen).toMatch(/^the census cannot see its body \(.+\)$/);
  });
});
