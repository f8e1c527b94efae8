// The schema's problems in the author's words, for the keywords the other config tests do not reach: an empty string,
// an empty list, a null, a keyword the census has no words for.
import type { ErrorObject } from "ajv";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_FILE_NAME, loadConfig } from "../../src/config/load.js";
import { describeValue, schemaProblems } from "../../src/config/problems.js";
import { ConfigError } from "../../src/errors.js";
import { MONITOR_FILES, shown, tempTree } from "./tempTree.js";

const SKU = { name: "full", root: "full", helpers: "src/mcp/helpers.ts", producers: [{ module: "src/mcp/helpers.ts", category: "validator" }], tools: ["src/mcp/tools/**/*.ts"] };

/** The problem lines (without their place) loading the config `raw` gives. */
function problems(raw: unknown): string[] {
  const dir = tempTree({ ...MONITOR_FILES, [CONFIG_FILE_NAME]: `${JSON.stringify(raw, null, 2)}\n` });
  try {
    loadConfig({ dir });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const file = shown(join(dir, CONFIG_FILE_NAME));
    return (error as ConfigError).message
      .split("\n")
      .slice(1)
      .map((line) => line.replace(`  ${file}:`, "").replace(/^\d+:\d+ {2}/, ""));
  }
  throw new Error("the config loaded");
}

describe("through loadConfig", () => {
  it("an empty SKU name: a non-empty string was expected", () => {
    expect(problems({ skus: [{ ...SKU, name: "" }] })).toEqual(["skus[0].name: expected a non-empty string"]);
  });

  it("no SKU at all: at least 1 item, in the singular", () => {
    expect(problems({ skus: [] })).toEqual(["skus: expected at least 1 item, got 0"]);
  });

  it("a null where a list belongs: got null", () => {
    expect(problems({ skus: [{ ...SKU, tools: null }] })).toEqual(["skus[0].tools: expected array, got null"]);
  });
});

/** An ajv error as the validators report it, with only the fields the words read. */
const ajvError = (fields: Partial<ErrorObject>): ErrorObject => ({ instancePath: "", schemaPath: "#", keyword: "x", params: {}, ...fields }) as ErrorObject;

describe("schemaProblems on errors the shipped schemas do not give", () => {
  it("minItems above one is in the plural", () => {
    expect(schemaProblems([ajvError({ keyword: "minItems", params: { limit: 2 }, data: [1] })], [1])).toEqual([{ path: [], message: "expected at least 2 items, got 1" }]);
  });

  it("a required key whose type the schema does not give: no type in the words", () => {
    const parentSchema = { properties: { a: { description: "untyped" }, b: { type: "string" } } };
    expect(
      schemaProblems(
        [ajvError({ keyword: "required", params: { missingProperty: "a" }, parentSchema }), ajvError({ keyword: "required", params: { missingProperty: "b" }, parentSchema })],
        {},
      ),
    ).toEqual([
      { path: ["a"], message: "missing required key" },
      { path: ["b"], message: "missing required key; expected a string" },
    ]);
  });

  it("a keyword without words of its own: ajv's message, else the keyword named", () => {
    expect(schemaProblems([ajvError({ keyword: "pattern", message: 'must match pattern "^a"' })], "b")).toEqual([{ path: [], message: 'must match pattern "^a"' }]);
    expect(schemaProblems([ajvError({ keyword: "pattern" })], "b")).toEqual([{ path: [], message: 'does not satisfy "pattern"' }]);
  });

  it("the same problem twice is said once", () => {
    const twice = [ajvError({ keyword: "minLength" }), ajvError({ keyword: "minLength" })];
    expect(schemaProblems(twice, "")).toEqual([{ path: [], message: "expected a non-empty string" }]);
  });
});

describe("describeValue", () => {
  it.each([
    [null, "null"],
    [[1], "array"],
    [{ a: 1 }, "object"],
    ["short", 'string "short"'],
    [3, "number 3"],
    [true, "boolean true"],
    ["x".repeat(38), `string "${"x".repeat(38)}"`],
    ["x".repeat(39), "string"],
  ])("%j is %s", (value, words) => {
    expect(describeValue(value)).toBe(words);
  });
});

describe("displayPath", () => {
  it("the working folder itself is `.`; a path below it is relative, with / separators", async () => {
    const { displayPath } = await import("../../src/config/problems.js");
    const path = await import("node:path");
    expect(displayPath(process.cwd())).toBe(".");
    expect(displayPath(path.join(process.cwd(), "a", "b.json"))).toBe("a/b.json");
  });
});
