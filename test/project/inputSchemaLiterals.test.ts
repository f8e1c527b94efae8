// `z.literal` given a list, against the JSON Schema the MCP SDK serves for it: a list of one value is that value, an
// empty list a schema nothing meets, longer lists an enum.
import { expect, it } from "vitest";
import { z } from "zod";
import { readAndServed, servedSchema, type Forms } from "./servedSchemas.js";

const FORMS: Forms = {
  one_string: ['z.literal(["a"])', z.literal(["a"])],
  one_number: ["z.literal([7])", z.literal([7])],
  one_null: ["z.literal([null])", z.literal([null])],
  one_boolean: ["z.literal([false])", z.literal([false])],
  none: ["z.literal([])", z.literal([])],
  two_strings: ['z.literal(["a", "b"])', z.literal(["a", "b"])],
  two_nulls: ["z.literal([null, null])", z.literal([null, null])],
  mixed: ['z.literal([null, "a"])', z.literal([null, "a"])],
};

it("each literal list is read as the SDK serves it", () => {
  const { read, served } = readAndServed(FORMS);
  expect(read).toEqual(served);
  // The forms as the SDK serves them, so that a change of zod's shows here first.
  expect(servedSchema(z.literal(["a"]))).toEqual({ type: "string", const: "a" });
  expect(servedSchema(z.literal([]))).toEqual({ not: {} });
});
