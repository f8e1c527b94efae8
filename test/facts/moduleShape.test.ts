// What a module's shape records for others: its objects' entries (spreads of other objects followed a bounded number
// of levels) and the modules it loads at run time with require() or import().
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const factsOf = (lines: string[]) => extractFileFacts("src/words.ts", lines.join("\n"), options);
const entryKeys = (lines: string[], name: string) =>
  (factsOf(lines).objects[name] ?? []).map((e) => (e.key.k === "str" ? e.key.v : `? ${(e.key as { why: string }).why}`));

describe("an object's entries", () => {
  it("a spread of another const object brings its entries in place", () => {
    expect(entryKeys(['const BASE = { a: "x" };', 'export const O = { ...BASE, 1: "y", ["c" + "d"]: "z" };'], "O")).toEqual(["a", "1", "cd"]);
  });

  it("spreads are followed 8 levels deep, then one entry says the rest cannot be listed", () => {
    const lines = ['const O0 = { deepest: "x" };'];
    for (let i = 1; i <= 10; i++) lines.push(`const O${i} = { ...O${i - 1}, k${i}: "v" };`);
    lines.push('export const TOP = { ...O10, top: "t" };');
    expect(entryKeys(lines, "TOP")).toEqual([
      "? the object spreads `O2`, whose entries the census cannot list",
      "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10", "top",
    ]);
  });

  it("a spread of something that is no const object is one entry saying so", () => {
    expect(entryKeys(['export const O = { ...make(), a: "x" };'], "O")).toEqual(["? the object spreads `make()`, whose entries the census cannot list", "a"]);
  });
});

describe("modules loaded at run time", () => {
  it("require() and import() with a literal specifier are requests; a local function named require is not", () => {
    expect(factsOf(['const h = require("./h.js");', 'export const load = () => import("./lazy.js");', "export const v = h.x;"]).requests).toEqual(["./h.js", "./lazy.js"]);
    expect(factsOf(["function require(x) { return x; }", 'export const h = require("./h.js");']).requests).toEqual([]);
    expect(factsOf(["export const h = (name) => require(name);"]).requests).toEqual([]);
  });
});
