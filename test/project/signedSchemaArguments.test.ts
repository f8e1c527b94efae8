// A zod check's signed argument (src/facts/zodSchemas.ts, `argOf`): a sign before a number literal is that number, as
// the SDK serves it; a sign before anything else (a parenthesized number) is no number the census makes up (never NaN):
// the schema is unseen, and says which text it could not evaluate.
import { expect, it } from "vitest";
import { z } from "zod";
import { readAndServed, type Forms } from "./servedSchemas.js";

it("a signed number literal is read as the SDK serves it", () => {
  const { read, served } = readAndServed({
    minus: ["z.number().max(-5)", z.number().max(-5)],
    plus: ["z.number().min(+2)", z.number().min(+2)],
  });
  expect(read).toEqual(served);
});

it("a sign before a parenthesized number: unseen, the text named", () => {
  const forms: Forms = { minus: ["z.number().max(-(5))", z.number().max(-(5))], plus: ["z.number().min(+(2))", z.number().min(+(2))] };
  expect(readAndServed(forms).read).toEqual({
    minus: { unseen: "a text in its schema cannot be seen: `-(5)` cannot be evaluated statically" },
    plus: { unseen: "a text in its schema cannot be seen: `+(2)` cannot be evaluated statically" },
  });
});
