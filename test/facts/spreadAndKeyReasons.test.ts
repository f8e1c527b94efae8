// Why the evaluator cannot read a member of an object that spreads a value that is no object (a number, a boolean, an
// enum), and a member read under a key joined from a part it cannot see: the spread and the part are what it names.
import { expect, it } from "vitest";
import { probe, unknown } from "./strExprs.js";

it("a spread of a number, a boolean or an enum is no `as const` object: the object's members are unknown, and say so", () => {
  expect(probe('const O = { ...1, a: "x" } as const;\nconst probe = O.a;')).toEqual(unknown("spreads `...1`, which is not an `as const` object", 1, 13));
  expect(probe('const O = { ...true, a: "x" } as const;\nconst probe = O.a;')).toEqual(unknown("spreads `...true`, which is not an `as const` object", 1, 13));
  expect(probe('enum E { A = "a" }\nconst O = { ...E, a: "x" } as const;\nconst probe = O.a;')).toEqual(unknown("spreads `...E`, which is not an `as const` object", 2, 13));
});

it("a key joined from a known part and one the evaluator cannot see names the part it cannot see, where it stands", () => {
  const object = 'const O = { ab: "x" } as const;\nfunction f(p: string) {\n';
  expect(probe(`${object}  const probe = O["a" + p];\n}`)).toEqual(unknown("`p` is a parameter", 3, 25));
  expect(probe(`${object}  const probe = O[\`a\${p}\`];\n}`)).toEqual(unknown("`p` is a parameter", 3, 23));
});
