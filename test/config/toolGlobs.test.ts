// The tools globs as loading resolves them (src/config/resolve.ts): a "!" glob leaves its files out of every other
// glob's, and a link whose target is gone is still a tool file (the census then says it cannot read it).
import { symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { tempTree } from "./tempTree.js";

function configWith(tools: string[]): string {
  return JSON.stringify({ skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools }] });
}

const files = {
  "src/helpers.ts": "export {};\n",
  "src/tools/a.ts": "export {};\n",
  "src/tools/skip.ts": "export {};\n",
  "src/tools/b.ts": "export {};\n",
};

const toolFiles = (dir: string) => loadConfig({ dir }).skus[0]!.toolFiles.map((f) => path.relative(dir, f).split(path.sep).join("/"));

describe("the tools globs", () => {
  it("leave out what a ! glob names", () => {
    const dir = tempTree({ "payload-census.config.json": configWith(["src/tools/*.ts", "!src/tools/skip.ts"]), ...files });
    expect(toolFiles(dir)).toEqual(["src/tools/a.ts", "src/tools/b.ts"]);
  });

  it("keep a link whose target is gone, under its own path", () => {
    const dir = tempTree({ "payload-census.config.json": configWith(["src/tools/*.ts"]), ...files });
    symlinkSync(path.join(dir, "src", "tools", "nothing-here.ts"), path.join(dir, "src", "tools", "broken.ts"));
    expect(toolFiles(dir)).toEqual(["src/tools/a.ts", "src/tools/b.ts", "src/tools/broken.ts", "src/tools/skip.ts"]);
  });

  it("keep each link whose target is gone in a walk that follows a folder link", () => {
    const dir = tempTree({ "payload-census.config.json": configWith(["src/tools/**/*.ts"]), ...files, "elsewhere/c.ts": "export {};\n" });
    symlinkSync(path.join(dir, "elsewhere"), path.join(dir, "src", "tools", "linked"));
    symlinkSync(path.join(dir, "src", "tools", "gone-1.ts"), path.join(dir, "src", "tools", "broken-1.ts"));
    symlinkSync(path.join(dir, "src", "tools", "gone-2.ts"), path.join(dir, "src", "tools", "broken-2.ts"));
    expect(toolFiles(dir)).toEqual(["src/tools/a.ts", "src/tools/b.ts", "src/tools/broken-1.ts", "src/tools/broken-2.ts", "src/tools/linked/c.ts", "src/tools/skip.ts"]);
  });
});
