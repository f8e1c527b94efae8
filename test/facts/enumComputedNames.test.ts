// An enum member is named by what TypeScript allows (an identifier, a string, a computed string): a member whose
// computed name is anything else (a constant, which TypeScript refuses in an enum) names no member, not the constant's
// own name.
import { expect, it } from "vitest";
import { probe } from "./strExprs.js";

it("a member computed from a constant is no member named after that constant", () => {
  const read = probe('const KEY = "k";\nenum E { [KEY] = "x", D = "z" }\nconst probe = E.KEY;');
  expect(read.k).toBe("unknown");
  expect(probe('const KEY = "k";\nenum E { [KEY] = "x", D = "z" }\nconst probe = E.D;')).toEqual({ k: "str", v: "z" });
});
