// Why a value that is no string has no text, in the user's words: an enum, a namespace import, an object, and a tagged
// template whose tag is a function of the user's.
import { expect, it } from "vitest";
import { probe, unknown } from "./strExprs.js";

it.each([
  ["an enum", 'enum E { A = "a" }\nconst probe = `${E}`;', unknown("`E` is an enum, not a string", 2, 18)],
  ["a namespace import", 'import * as ns from "./m";\nconst probe = `${ns}`;', unknown("`ns` is a namespace import, not a string", 2, 18)],
  ["an object", 'const O = { a: "1" } as const;\nconst probe = `${O}`;', unknown("`O` is an object, not a string", 2, 18)],
  ["a tagged template", "declare function tag(s: TemplateStringsArray): string;\nconst probe = tag`x`;", unknown("tagged template: call to `tag`", 2, 15)],
])("%s", (_what, source, expected) => {
  expect(probe(source)).toEqual(expected);
});

it.each([
  ["a parameter", "async function f(x: any) { const probe = await x; }", unknown("`await x` is only known at run time", 1, 42)],
  ["a promise", "declare const p: Promise<string>;\nconst probe = await p;", unknown("`await p` is only known at run time", 2, 15)],
])("an awaited value of %s is only known at run time", (_what, source, expected) => {
  expect(probe(source)).toEqual(expected);
});

it.each(["??", "||", "&&"])("a `%s` expression depends on its operands at run time", (op) => {
  expect(probe(`declare const a: string;\nconst probe = a ${op} "x";`)).toEqual(unknown(`\`${op}\` expression \`a ${op} "x"\`: the value depends on its operands at run time`, 2, 15));
});
