// A module's imports, exports and requests as its facts record them, one form each: what cross-module resolution
// (re-exports, namespaces, defaults, type-only forms left out) reads, pinned form by form.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const shape = (...lines: string[]) => {
  const { imports, exports, requests } = extractFileFacts("src/m.ts", lines.join("\n"), options);
  return { imports, exports, requests };
};

describe("imports", () => {
  it("default, namespace, named and renamed imports; type-only ones are no value", () => {
    expect(
      shape(
        'import D, * as NS from "./a.js";',
        'import { x, y as z, type T } from "./b.js";',
        'import type { U } from "./c.js";',
        'import E, { w } from "./d.js";',
        'import "./setup.js";',
      ),
    ).toEqual({
      imports: {
        D: { module: "./a.js", name: "default" },
        NS: { module: "./a.js", name: "*" },
        x: { module: "./b.js", name: "x" },
        z: { module: "./b.js", name: "y" },
        E: { module: "./d.js", name: "default" },
        w: { module: "./d.js", name: "w" },
      },
      exports: [],
      requests: ["./a.js", "./b.js", "./d.js", "./setup.js"],
    });
  });
});

describe("exports", () => {
  it("export *, export * as, re-exports renamed or not, local lists; type-only ones are none", () => {
    expect(
      shape(
        'export * from "./all.js";',
        'export * as ns from "./ns.js";',
        'export { a, b as c, type T } from "./re.js";',
        "const l = 1, m = 2;",
        "export { l, m as n };",
        'export type { U } from "./types.js";',
        'export type * from "./types2.js";',
      ).exports,
    ).toEqual([
      { star: "./all.js" },
      { name: "ns", from: "./ns.js", importName: "*" },
      { name: "a", from: "./re.js", importName: "a" },
      { name: "c", from: "./re.js", importName: "b" },
      { name: "l", local: "l" },
      { name: "n", local: "m" },
    ]);
  });

  it("the modules a module loads: value imports and re-exports, never type-only ones", () => {
    expect(shape('export * from "./all.js";', 'export type { U } from "./types.js";', 'import type { V } from "./v.js";', 'export { a } from "./re.js";').requests).toEqual([
      "./all.js",
      "./re.js",
    ]);
  });

  it("declarations exported in place: variables (destructured too), functions, classes, enums, defaults", () => {
    expect(
      shape(
        "export const A = 1, { b, c: [d] } = o;",
        "export function f() {}",
        "export class K {}",
        "export enum E { X }",
        "export default function () {}",
      ).exports,
    ).toEqual([
      { name: "A", local: "A" },
      { name: "b", local: "b" },
      { name: "d", local: "d" },
      { name: "f", local: "f" },
      { name: "K", local: "K" },
      { name: "E", local: "E" },
      { name: "default", local: "default" },
    ]);
  });

  it("export default of a name, of an expression, and a named default class; export = is none", () => {
    expect(shape("const T = {};", "export default T;").exports).toEqual([{ name: "default", local: "T" }]);
    expect(shape("export default (T as unknown);", "const T = 1;").exports).toEqual([{ name: "default", local: "T" }]);
    expect(shape("export default { a: 1 };").exports).toEqual([{ name: "default", local: "default" }]);
    expect(shape("export default class Named {}").exports).toEqual([{ name: "default", local: "Named" }]);
    expect(shape("const T = 1;", "export = T;").exports).toEqual([]);
    // An awaited default is the value awaited, not the binding.
    expect(shape("const T = 1;", "export default await T;").exports).toEqual([{ name: "default", local: "default" }]);
  });

  it("types, interfaces and namespaces exported are no value", () => {
    expect(shape("export interface I { a: string }", "export type X = 1;", "export declare namespace N { const a: 1; }").exports).toEqual([]);
  });
});

describe("modules loaded at run time", () => {
  it("import() and require() of a literal; no other call, nor a member named require", () => {
    expect(shape('const a = import("./a.js");', 'const b = require("./b.js");', 'const c = load("./c.js");', 'const d = x.require("./d.js");', "const e = require(name);").requests).toEqual([
      "./a.js",
      "./b.js",
    ]);
  });
});
