// Zod schemas as call chains (an input schema's parameters): rooted at an import from zod or one of its entry points,
// or extending another value with a step only a schema has; each step's arguments as literals, a regex or data.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const withoutPlaces = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === "loc" || key === "end" ? undefined : v)));
const schemasOf = (lines: string[]) => withoutPlaces(extractFileFacts("src/tools/t.ts", lines.join("\n"), options).schemas ?? {});

describe("a chain is a schema", () => {
  it("rooted at zod, with each step's arguments: numbers (negative too), booleans, null, a regex, a callback, data", () => {
    expect(
      schemasOf(['import { z } from "zod";', 'export const S = z.number().int().min(-5).max(10).default(null).catch(true).regex(/^a+$/).refine((v) => v > 0).describe("Rows.");']),
    ).toEqual({
      "2:18": {
        root: { k: "ref", module: "zod", name: "z", path: [] },
        steps: [
          { name: "number", args: [] },
          { name: "int", args: [] },
          { name: "min", args: [{ k: "literal", value: -5 }] },
          { name: "max", args: [{ k: "literal", value: 10 }] },
          { name: "default", args: [{ k: "literal", value: null }] },
          { name: "catch", args: [{ k: "literal", value: true }] },
          { name: "regex", args: [{ k: "regex", source: "^a+$" }] },
          { name: "refine", args: [{ k: "callback" }] },
          { name: "describe", args: [{ k: "data", value: { k: "string", expr: { k: "str", v: "Rows." } } }] },
        ],
      },
    });
  });

  it("a number with a sign is a literal; one under another operator is data", () => {
    expect(schemasOf(['import { z } from "zod";', "export const S = z.number().min(-5).max(+10).multipleOf(~1);"])).toMatchObject({
      "2:18": {
        steps: [
          { name: "number", args: [] },
          { name: "min", args: [{ k: "literal", value: -5 }] },
          { name: "max", args: [{ k: "literal", value: 10 }] },
          { name: "multipleOf", args: [{ k: "data" }] },
        ],
      },
    });
  });

  it("rooted at one of zod's entry points, with a property step between calls", () => {
    expect(schemasOf(['import * as z from "zod/v4";', "export const S = z.coerce.number().optional();"])).toEqual({
      "2:18": {
        root: { k: "ref", module: "zod/v4", name: "*", path: [] },
        steps: [
          { name: "coerce", args: null },
          { name: "number", args: [] },
          { name: "optional", args: [] },
        ],
      },
    });
  });

  it("extending another value with a step only a schema has", () => {
    expect(schemasOf(["declare const Base: any;", "export const S = Base.optional().describe(`x`);"])).toMatchObject({
      "2:18": { steps: [{ name: "optional", args: [] }, { name: "describe" }] },
    });
  });

  it("is not a chain rooted at another import or starting with a step a schema does not own", () => {
    expect(schemasOf(['import { q } from "zodiac";', "export const A = q.number().optional();", "declare const Base: any;", "export const B = Base.parse().optional();", "export const C = f();"])).toEqual({});
  });
});
