// Enum members by every name TypeScript lets them have: an identifier, a string, or a computed string.
import { expect, it } from "vitest";
import { probe, str } from "./strExprs.js";

it("a member named by a string or a computed string is read as any other", () => {
  expect(probe('enum E { "a-b" = "x" }\nconst probe = E["a-b"];')).toEqual(str("x"));
  expect(probe('enum E { ["a-b"] = "x" }\nconst probe = E["a-b"];')).toEqual(str("x"));
  expect(probe('enum E { [`c`] = "y", D = "z" }\nconst probe = `${E.c}${E.D}`;')).toEqual(str("yz"));
});
