// How the data reader reads a top-level value, form by form: an instance as its class, a conditional as a choice, and
// each form nested past the reader's depth as one unknown that says so.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import type { DataValue } from "../../src/facts/types.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const dataOf = (lines: string[]) => extractFileFacts("src/tools/t.ts", lines.join("\n"), options).data;
const withoutPlaces = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === "loc" || key === "end" ? undefined : v)));

describe("forms", () => {
  it("an instance of a class is the class (local or imported); one of a built-in is built at run time", () => {
    const data = dataOf(['import { Remote } from "./remote.js";', "class Local {}", "export const A = new Local();", "export const B = new Remote();", "export const C = new Map();"]);
    expect(withoutPlaces({ A: data["A"], B: data["B"], C: data["C"] })).toEqual({
      A: { k: "class", name: "Local" },
      B: { k: "ref", module: "./remote.js", name: "Remote", path: [] },
      C: { k: "other", what: "new Map()", why: "`new Map(...)` is built at run time" },
    });
  });

  it("a conditional is a choice of both arms", () => {
    expect(withoutPlaces(dataOf(['export const D = flag ? "x" : "y";'])["D"])).toEqual({
      k: "choice",
      options: [
        { k: "string", expr: { k: "str", v: "x" } },
        { k: "string", expr: { k: "str", v: "y" } },
      ],
    });
  });
});

describe("nesting past the reader's depth", () => {
  it.each([
    ["conditionals in the true arm", (inner: string) => `(c ? ${inner} : "y")`],
    ["conditionals in the false arm", (inner: string) => `(c ? "y" : ${inner})`],
    ["`||` on the left", (inner: string) => `(${inner} || "y")`],
  ])("%s: 64 levels are read, the 65th is too deep", (_name, wrap) => {
    let deep = '"x"';
    for (let i = 0; i < 70; i++) deep = wrap(deep);
    const value = dataOf([`export const T = ${deep};`])["T"]!;
    // Follow the nesting: the first option for a left-nested form, the last for the false arm.
    let levels = 0;
    let current: DataValue = value;
    while (current.k === "choice") {
      const next = current.options.find((o) => o.k === "choice" || o.k === "unknown" || (o.k === "string" && o.expr.k === "str" && o.expr.v === "x"));
      if (!next) break;
      current = next;
      levels++;
    }
    expect(levels).toBe(64);
    expect(current).toMatchObject({ k: "unknown", why: expect.stringMatching(/is nested too deeply to read$/) });
  });

  it("a chain of property reads 70 long is read 64 deep", () => {
    const source = `export const T = O${".a".repeat(70)};`;
    const value = dataOf(["const O = {} as any;", source])["T"]!;
    expect(value).toMatchObject({ k: "unknown", why: expect.stringMatching(/is nested too deeply to read$/) });
  });
});


describe("a map callback's destructured parameter", () => {
  it("names each element's part by its path: a property (renamed too) or an index; an object's rest is the element", () => {
    const data = dataOf([
      'const DEFS = [{ name: "a", text: "A." }];',
      "export const T1 = DEFS.map(({ name, text: t }) => ({ name, description: t }));",
      "export const T2 = DEFS.map(({ ...rest }) => ({ name: rest.name }));",
      "export const T3 = DEFS.map(([k, v]) => ({ name: k, description: v }));",
    ]);
    const elements = (["T1", "T2", "T3"] as const).map((key) => {
      const value = data[key]!;
      return value.k === "map" ? withoutPlaces(value.element) : value.k;
    });
    expect(elements).toEqual([
      { k: "object", entries: [{ key: "name", value: { k: "param", slot: 0, path: ["name"] } }, { key: "description", value: { k: "param", slot: 0, path: ["text"] } }] },
      { k: "object", entries: [{ key: "name", value: { k: "param", slot: 1, path: ["name"] } }] },
      { k: "object", entries: [{ key: "name", value: { k: "param", slot: 2, path: ["0"] } }, { key: "description", value: { k: "param", slot: 2, path: ["1"] } }] },
    ]);
  });
});
