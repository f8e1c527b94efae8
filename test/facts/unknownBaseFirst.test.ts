// A read whose base cannot be seen names the base, not a key read after it: the base is evaluated first, and an
// unknown base ends the read before any key of the chain is (`p[q]` with both parameters is unknown for `p`).
import { expect, it } from "vitest";
import { probe } from "./strExprs.js";

const why = (source: string) => {
  const e = probe(source);
  return e.k === "unknown" ? e.why : e;
};

it.each([
  ["an element read", "function f(p, q) {\n  const probe = `${p[q]}`;\n}", "`p` is a parameter"],
  ["an element read of a property", "function f(p, q) {\n  const probe = `${p.a[q]}`;\n}", "`p` is a parameter"],
  ["a chain of element reads", "function f(p, q, r) {\n  const probe = `${p[q][r]}`;\n}", "`p` is a parameter"],
  ["a key that is imported, after an unknown base", 'import { K } from "./k";\nfunction f(p) {\n  const probe = `${p[K]}`;\n}', "`p` is a parameter"],
])("%s: the base's reason", (_name, source, reason) => {
  expect(why(source)).toBe(reason);
});
