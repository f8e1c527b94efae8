// The paths a tsconfig.json alias gives a bare specifier (src/project/tsconfigPaths.ts), as TypeScript maps them: an
// exact pattern alone, else the matching pattern with the longest prefix (its `*` filled with what the specifier has
// there), then `baseUrl`; `extends` followed for relative files only, 9 deep, the nearest `paths` and `baseUrl` winning;
// a tsconfig.json that holds no object gives way to the one above it.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TsconfigAliases } from "../../src/project/tsconfigPaths.js";
import { tempTree } from "../config/tempTree.js";

/** A folder of `files` (JSON values written as JSON) and the candidates of `specifier` imported from its `src/a.ts`. */
function candidatesIn(files: Record<string, unknown>, specifier: string, from = "src/a.ts"): string[] {
  const dir = tempTree(Object.fromEntries(Object.entries(files).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)])), "tsconfig");
  mkdirSync(path.join(dir, path.dirname(from)), { recursive: true });
  return new TsconfigAliases(() => "stamp").candidates(path.join(dir, from), specifier).map((p) => path.relative(dir, p));
}

const PATHS = {
  compilerOptions: {
    paths: {
      "@app/tools/*": ["lib/tools/*"],
      "@app/*": ["src/*", "gen/*"],
      exact: ["src/exact.ts"],
      "*.css": ["styles/*.css"],
      "ab*ba": ["short/*"],
      "*": ["any/*"],
    },
  },
};

describe("a specifier against tsconfig.json paths", () => {
  it.each([
    ["@app/x", ["src/x", "gen/x"]],
    ["@app/tools/t", ["lib/tools/t"]],
    ["exact", ["src/exact.ts"]],
    ["site.css", ["styles/site.css"]],
    ["site.cssx", ["any/site.cssx"]],
    ["abxba", ["short/x"]],
    ["abba", ["short"]],
    ["aba", ["any/aba"]],
    ["plain", ["any/plain"]],
  ])("%s maps to %j", (specifier, expected) => {
    expect(candidatesIn({ "tsconfig.json": PATHS }, specifier)).toEqual(expected);
  });

  it("with a baseUrl, the path under it comes last, and alone where no pattern matches", () => {
    const config = { compilerOptions: { baseUrl: "./base", paths: { "@app/*": ["src/*"] } } };
    expect(candidatesIn({ "tsconfig.json": config }, "@app/x")).toEqual(["base/src/x", "base/@app/x"]);
    expect(candidatesIn({ "tsconfig.json": config }, "other")).toEqual(["base/other"]);
    expect(candidatesIn({ "tsconfig.json": { compilerOptions: { baseUrl: "." } } }, "other")).toEqual(["other"]);
  });
});

describe("extends", () => {
  it("follows a relative file, with or without .json, and not a package's", () => {
    const base = { compilerOptions: { paths: { "@base/*": ["b/*"] } } };
    expect(candidatesIn({ "tsconfig.json": { extends: "./tsconfig.base" }, "tsconfig.base.json": base }, "@base/x")).toEqual(["b/x"]);
    expect(candidatesIn({ "tsconfig.json": { extends: [5, "./tsconfig.base.json"] }, "tsconfig.base.json": base }, "@base/x")).toEqual(["b/x"]);
    expect(candidatesIn({ "tsconfig.json": { extends: "pkg/tsconfig" }, "pkg/tsconfig.json": base }, "@base/x")).toEqual([]);
    // `paths` that are no object are none: the inherited ones stand.
    expect(candidatesIn({ "tsconfig.json": { extends: "./tsconfig.base.json", compilerOptions: { paths: "src/*" } }, "tsconfig.base.json": base }, "@base/x")).toEqual(["b/x"]);
  });

  it("is followed 9 deep, and a chain that loops ends", () => {
    const chain = (length: number): Record<string, unknown> => {
      const files: Record<string, unknown> = {};
      for (let i = 0; i < length; i++) files[i === 0 ? "tsconfig.json" : `c${i}.json`] = { extends: `./c${i + 1}.json` };
      files[`c${length}.json`] = { compilerOptions: { paths: { "@deep/*": ["d/*"] } } };
      return files;
    };
    expect(candidatesIn(chain(9), "@deep/x")).toEqual(["d/x"]);
    expect(candidatesIn(chain(10), "@deep/x")).toEqual([]);
    expect(candidatesIn({ "tsconfig.json": { extends: "./a.json" }, "a.json": { extends: "./tsconfig.json" } }, "@deep/x")).toEqual([]);
  });
});

describe("the nearest tsconfig.json", () => {
  it("one that holds no object gives way to the one above it", () => {
    const files = { "tsconfig.json": { compilerOptions: { paths: { "@app/*": ["src/*"] } } }, "src/tsconfig.json": "5" };
    expect(candidatesIn(files, "@app/x")).toEqual(["src/x"]);
  });

  it("is read once while no file changes", () => {
    const dir = tempTree({ "tsconfig.json": JSON.stringify(PATHS) }, "tsconfig");
    mkdirSync(path.join(dir, "src"));
    writeFileSync(path.join(dir, "src", "a.ts"), "");
    const stamped: string[] = [];
    const aliases = new TsconfigAliases((file) => (stamped.push(path.relative(dir, file)), "stamp"));
    aliases.candidates(path.join(dir, "src", "a.ts"), "@app/x");
    aliases.candidates(path.join(dir, "src", "b.ts"), "@app/y");
    expect(stamped).toEqual([path.join("src", "tsconfig.json"), "tsconfig.json"]);
  });
});
