// One tool file a glob reaches by several paths (links to it) is named by the first of them in sorted order, whatever
// order the walk met them in: the walk lists a folder's files before its subfolders' (`b.ts` before `a/x.ts`), the
// census names the file as a sorted listing would (`a/x.ts`), the same on every machine.
import { symlinkSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { tempTree } from "./tempTree.js";

it("a file linked from a subfolder and from the folder itself: the sorted first path names it", () => {
  const sku = { name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/**/*.ts"] };
  const dir = tempTree({
    "payload-census.config.json": JSON.stringify({ skus: [sku] }),
    "src/helpers.ts": "export {};\n",
    "src/tools/z/real.ts": "export {};\n",
    "src/tools/a/keep.ts": "export {};\n",
  });
  symlinkSync(path.join(dir, "src/tools/z/real.ts"), path.join(dir, "src/tools/a/x.ts"));
  symlinkSync(path.join(dir, "src/tools/z/real.ts"), path.join(dir, "src/tools/b.ts"));
  const toolFiles = loadConfig({ dir }).skus[0]!.toolFiles.map((f) => path.relative(dir, f).split(path.sep).join("/"));
  expect(toolFiles).toEqual(["src/tools/a/keep.ts", "src/tools/a/x.ts"]);
});
