// Where the cache lives unless told otherwise (as find-cache-dir does): node_modules/.cache/payload-census of the
// nearest folder above the config's that holds a package.json, or of the config's own folder when none does.
import path from "node:path";
import { expect, it } from "vitest";
import { defaultCacheLocation } from "../../src/project/factCache.js";
import { tempTree } from "../config/tempTree.js";

it("is under the nearest package.json's folder, above the config's", () => {
  const dir = tempTree({ "package.json": "{}\n", "monitor/sub/payload-census.config.json": "{}\n" }, "cache-location");
  expect(defaultCacheLocation(path.join(dir, "monitor", "sub"))).toBe(path.join(dir, "node_modules", ".cache", "payload-census"));
});
