// reachingDefinitions through destructuring assignments — the source before the pattern, then each target and default
// from left to right — and through unary operators other than `!`, which say nothing of a condition's branches.
import { describe, expect, it } from "vitest";
import type { ReachingDefinition } from "../../src/facts/definitions.js";
import { reachingDefinitions } from "../../src/facts/reachingDefinitions.js";
import { parseSource, ts } from "../../src/ts.js";

/** The `index`-th identifier called `name` in `source` (0 is the first). */
function identifierAt(source: string, name: string, index: number): ts.Identifier {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(parseSource("case.ts", source));
  const id = found[index];
  if (!id) throw new Error(`no \`${name}\` number ${index} in the case`);
  return id;
}

const described = (defs: readonly ReachingDefinition[]): string[] =>
  defs.map((d) => `${d.kind}: ${d.node.getText().split("\n")[0]}${d.reason === undefined ? "" : ` (${d.reason})`}`);

const reaching = (source: string, index = -1): string[] => {
  const count = source.split(/\berr\b/).length - 1;
  return described(reachingDefinitions(identifierAt(source, "err", index < 0 ? count + index : index)));
};

describe("a destructuring assignment: its source, then its pattern", () => {
  it.each([
    {
      name: "a default of the pattern reads what its source wrote",
      source: `function f(o) { let err = a(); ({ x = use(err) } = (err = b(), o)); }`,
      index: 1,
      expected: ["assignment: err = b()"],
    },
    {
      name: "a default of an array pattern, likewise",
      source: `function f(o) { let err = a(); [x = use(err)] = (err = b(), o); }`,
      index: 1,
      expected: ["assignment: err = b()"],
    },
    {
      name: "a computed key of the pattern reads what its source wrote",
      source: `function f(o) { let err = a(); ({ [use(err)]: x } = (err = b(), o)); }`,
      index: 1,
      expected: ["assignment: err = b()"],
    },
    {
      name: "a shorthand target with a default: the default may or may not run",
      source: `function f(o) { let err = a(); ({ err = b() } = o); return err; }`,
      expected: ["assignment: { err = b() } = o"],
    },
    {
      name: "a computed key's write is seen by the target after it",
      source: `function f(o) { let err = a(); ({ [(err = b(), "k")]: x } = o); return err; }`,
      expected: ["assignment: err = b()"],
    },
    {
      name: "a rest element of an object pattern is a write",
      source: `function f(o) { let err = a(); ({ ...err } = o); return err; }`,
      expected: ["assignment: { ...err } = o"],
    },
    {
      name: "an array pattern's element, after a hole",
      source: `function f(o) { let err = a(); [, err] = o; return err; }`,
      expected: ["assignment: [, err] = o"],
    },
    {
      name: "an array pattern's rest",
      source: `function f(o) { let err = a(); [...err] = o; return err; }`,
      expected: ["assignment: [...err] = o"],
    },
    {
      name: "a nested pattern",
      source: `function f(o) { let err = a(); [{ k: [err] }] = o; return err; }`,
      expected: ["assignment: [{ k: [err] }] = o"],
    },
    {
      name: "a parenthesized target",
      source: `function f(o) { let err = a(); [(err)] = o; return err; }`,
      expected: ["assignment: [(err)] = o"],
    },
    {
      name: "an element's default that writes: taken or not",
      source: `function f(o) { let err = a(); [x = (err = b())] = o; return err; }`,
      expected: ["initializer: err = a()", "assignment: err = b()"],
    },
    {
      name: "a rest element that is itself a pattern with a default",
      source: `function f(o) { let err = a(); [...[x = (err = b())]] = o; return err; }`,
      expected: ["initializer: err = a()", "assignment: err = b()"],
    },
    {
      name: "a property's value that is a pattern with a default",
      source: `function f(o) { let err = a(); ({ k: [x = (err = b())] } = o); return err; }`,
      expected: ["initializer: err = a()", "assignment: err = b()"],
    },
  ])("$name", ({ source, index, expected }) => {
    expect(reaching(source, index)).toEqual(expected);
  });
});

describe("a unary operator other than `!` is no negation", () => {
  it.each([
    { op: "~", source: `function f(c) { let err = a(); if (~(c && (err = b()))) return null; return err; }` },
    { op: "-", source: `function f(c) { let err = a(); if (-(c && (err = b()))) return null; return err; }` },
    { op: "+", source: `function f(c) { let err = a(); if (+(c && (err = b()))) return err; return null; }` },
  ])("$op: both the paths that ran the write and those that did not reach either branch", ({ source }) => {
    expect(reaching(source)).toEqual(["initializer: err = a()", "assignment: err = b()"]);
  });
});
