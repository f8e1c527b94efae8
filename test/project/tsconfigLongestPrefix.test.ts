// Of the tsconfig.json "paths" patterns a specifier matches, TypeScript takes the one with the longest prefix wherever
// it stands in the object: here the longer one is listed last.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TsconfigAliases } from "../../src/project/tsconfigPaths.js";
import { tempTree } from "../config/tempTree.js";

describe("the longest prefix wins, listed last", () => {
  it.each([
    ["@app/tools/t", ["lib/tools/t"]],
    ["@app/x", ["src/x"]],
  ])("%s", (specifier, expected) => {
    const tsconfig = { compilerOptions: { paths: { "@app/*": ["src/*"], "@app/tools/*": ["lib/tools/*"] } } };
    const dir = tempTree({ "tsconfig.json": JSON.stringify(tsconfig) }, "tsconfig");
    mkdirSync(path.join(dir, "src"), { recursive: true });
    const candidates = new TsconfigAliases(() => "stamp").candidates(path.join(dir, "src", "a.ts"), specifier);
    expect(candidates.map((p) => path.relative(dir, p))).toEqual(expected);
  });
});
