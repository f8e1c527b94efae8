// `Object.values(o)` and `Object.entries(o)` read their argument one level below the call, as an array reads its
// elements: the reader's depth (64) cuts a list nested inside them where it would cut it inside one more array.
import { expect, it } from "vitest";
import { innermost, nested, readerOf, x } from "./dataReader.js";

/** The arrays `const probe = Object.<method>(lists)` reads through, and what it finds inside the last. */
function inside(method: "values" | "entries", lists: string) {
  const value = readerOf([`const probe = Object.${method}(${lists});`]).read("probe");
  if (value.k !== method) throw new Error(`read as ${value.k}, not as Object.${method}`);
  return innermost(value.source);
}

it.each(["values", "entries"] as const)("Object.%s of lists nested 63 deep is read to the bottom; 64 deep, the innermost is cut", (method) => {
  // The first bracket's column: after `const probe = Object.` (21 characters), the method's name and `(`.
  const start = 23 + method.length;
  expect(inside(method, nested(63))).toEqual({ arrays: 63, inside: x(1, start + 63) });
  expect(inside(method, nested(64))).toEqual({ arrays: 64, inside: { k: "unknown", why: '`"x"` is nested too deeply to read', loc: { line: 1, column: start + 64 } } });
});

it("the call counts as one level, as an array around the lists would", () => {
  const array = innermost(readerOf([`const probe = [${nested(64)}];`]).read("probe"));
  expect(array.arrays).toBe(65);
  expect(array.inside).toMatchObject({ k: "unknown", why: '`"x"` is nested too deeply to read' });
});
