// The data reader's elements and instances (src/facts/data.ts): a named function mapped over two lists stands for
// one element whichever list it maps, a destructured parameter of such a function is not read as an element, a `Map`
// of the file's own is a class, and `new Map` without arguments is built at run time.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const dataOf = (lines: string[]) => extractFileFacts("src/tools/t.ts", lines.join("\n"), options).data;
const withoutPlaces = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === "loc" || key === "end" ? undefined : v)));

const TOOLS = 'const TOOLS = [{ name: "a" }, { name: "b" }];';
const ELEMENT = { k: "object", entries: [{ key: "name", value: { k: "param", slot: 0, path: ["name"] } }] };

describe("a named function mapped over lists", () => {
  it("mapped over two lists, its parameter is one element: the same slot in both", () => {
    const data = withoutPlaces(dataOf([TOOLS, "function toDef(t: { name: string }) { return { name: t.name }; }", "export const DEFS = TOOLS.map(toDef);", "export const MORE = [...TOOLS].map(toDef);"]));
    expect(data["DEFS"]).toEqual({ k: "map", source: { k: "local", key: "TOOLS", path: [] }, slot: 0, element: ELEMENT });
    expect(data["MORE"]).toEqual({ k: "map", source: { k: "array", items: [{ spread: { k: "local", key: "TOOLS", path: [] } }] }, slot: 0, element: ELEMENT });
  });

  it("a destructured parameter is not an element the reader follows: the map is a call it cannot read", () => {
    const data = withoutPlaces(dataOf([TOOLS, "function toDef({ name }: { name: string }) { return { name }; }", "export const DEFS = TOOLS.map(toDef);"]));
    expect(data["DEFS"]).toEqual({ k: "other", what: "TOOLS.map(toDef)", why: "call to `TOOLS.map()`" });
  });
});

describe("instances", () => {
  it("a class of the file's own given a list is that class, even one named Map", () => {
    const data = withoutPlaces(dataOf(["class Local { constructor(x: unknown) {} }", "export const A = new Local([1]);", "export const B = new Map([[1, 2]]);", "class Map { constructor(x: unknown) {} }"]));
    expect(data).toEqual({ A: { k: "class", name: "Local" }, B: { k: "class", name: "Map" } });
  });

  it("`new Map` without an argument list, and a `Set` made from a list, are built at run time", () => {
    expect(withoutPlaces(dataOf(["export const M = new Map;", 'export const S = new Set(["a", "b"]);']))).toEqual({
      M: { k: "other", what: "new Map", why: "`new Map(...)` is built at run time" },
      S: { k: "other", what: 'new Set(["a", "b"])', why: "`new Set(...)` is built at run time" },
    });
  });
});

describe("members that are no values", () => {
  it("an accessor is built at run time, a method is a function of the file", () => {
    const data = withoutPlaces(dataOf(['export const T = { get name() { return "alpha"; }, set label(v: string) {}, run() { return 1; } };']));
    expect(data["T"]).toEqual({
      k: "object",
      entries: [
        { key: "name", value: { k: "other", what: "an accessor", why: "`name` is an accessor" } },
        { key: "label", value: { k: "other", what: "an accessor", why: "`label` is an accessor" } },
        { key: "run", value: { k: "function", key: expect.any(String) } },
      ],
    });
  });

  it("an accessor whose name is computed may be any key: what the object holds is not known", () => {
    const data = withoutPlaces(dataOf(["const K = String(Date.now());", "export const A = { get [K]() { return 1; } };"]));
    expect(data["A"]).toEqual({ k: "object", entries: [{ spread: { k: "unknown", why: "the key `[K]` cannot be evaluated" }, text: "[K]" }] });
  });

  it("a computed name the file evaluates (`[\"b\"]`, a template) is a key as written", () => {
    const data = withoutPlaces(dataOf(['export const A = { ["b"]: "x", [`c`]: "y" };']));
    expect(data["A"]).toEqual({
      k: "object",
      entries: [
        { key: "b", value: { k: "string", expr: { k: "str", v: "x" } } },
        { key: "c", value: { k: "string", expr: { k: "str", v: "y" } } },
      ],
    });
  });
});

describe("imports", () => {
  it("`import x = require(…)` names no module the data reader can follow, and says so", () => {
    const data = withoutPlaces(dataOf(['import fs = require("fs");', "export const F = fs;"]));
    expect(data["F"]).toEqual({ k: "unknown", why: "`fs` is imported from a module the census cannot name" });
  });
});

