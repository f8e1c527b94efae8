// The shipped schema/*.json are the schemas of src/config/schema.ts, byte for byte, and every object in them is closed.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { configSchema, rosterSchema, schemaText } from "../../src/config/schema.js";
import { reportSchema } from "../../src/reportSchema.js";
import { SHIPPED_SCHEMAS } from "../../src/shippedSchemas.js";

/** Every object schema, with its JSON pointer-ish location, found by walking the schema. */
function objectSchemas(schema: unknown, at = "#"): { at: string; schema: Record<string, unknown> }[] {
  if (typeof schema !== "object" || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const own = node.type === "object" ? [{ at, schema: node }] : [];
  const children = Object.entries(node).flatMap(([key, value]) => {
    if (key === "default" || key === "enum" || key === "const") return [];
    return objectSchemas(value, `${at}/${key}`);
  });
  return [...own, ...children];
}

describe("shipped schemas", () => {
  it.each(SHIPPED_SCHEMAS.map((s) => [s.file, s.schema] as const))(
    "%s is byte-identical to the schema in schema.ts (run npm run build to regenerate)",
    (file, schema) => {
      expect(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8")).toBe(schemaText(schema));
    },
  );

  it("ships the config schema, the roster schema and the report schema", () => {
    expect(SHIPPED_SCHEMAS.map((s) => s.schema)).toEqual([configSchema, rosterSchema, reportSchema]);
  });

  it.each([
    ["config", configSchema, 14],
    ["roster", rosterSchema, 2],
  ] as const)("every object of the %s schema is closed: a fixed key set, or a map with typed values", (_name, schema, count) => {
    const objects = objectSchemas(schema);
    expect(objects).toHaveLength(count);
    for (const { at, schema: object } of objects) {
      const extra = object.additionalProperties;
      expect(extra === false || (typeof extra === "object" && extra !== null && object.properties === undefined), at).toBe(true);
    }
  });

  it("documents every key of the config", () => {
    const undocumented = objectSchemas(configSchema).flatMap(({ at, schema }) =>
      Object.entries((schema.properties ?? {}) as Record<string, { description?: string }>)
        .filter(([, property]) => !property.description)
        .map(([key]) => `${at}/${key}`),
    );
    expect(undocumented).toEqual([]);
  });

  it("the top level allows $schema, for editors", () => {
    expect(configSchema.properties.$schema).toMatchObject({ type: "string" });
    expect(rosterSchema.properties.$schema).toMatchObject({ type: "string" });
  });
});
