// `f.call(…)` and `f.apply(…)` are read as calls of `f` only where `f` is a name (a variable, a member, an element):
// on any other object, `.call` and `.apply` are the methods called, matched like any method by an allow-listed
// producer's name, and the object's last operand is never taken for the callee (`(a || status)` is not `status`).
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const base = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const options = { ...base, allowed: [...base.allowed, "call", "apply"] };

const builds = (line: string) =>
  extractFileFacts("src/tools/t.ts", ['import { status } from "../helpers.js";', line].join("\n"), options).builds.map((b) => ({
    k: b.k,
    column: b.loc.column,
    callee: b.callee,
  }));

it("a `.call` on an object that is no name is the method an allow-listed `call` names, its object not the callee", () => {
  expect(builds('export function f(a: any) { return (a || status).call(null, "error", "x"); }')).toEqual([
    {
      k: "call",
      column: 36,
      callee: { name: "call", member: true, ref: { k: "unknown", why: "`(a || status).call` is a method of an object: the census cannot tell which function it is" } },
    },
    {
      k: "reference",
      column: 42,
      callee: { name: "status", member: false, ref: { k: "import", module: "../helpers.js", name: "status", local: "status" } },
    },
  ]);
});

it("an `.apply` on a call's result is the method an allow-listed `apply` names", () => {
  expect(builds('export function f(x: any) { return x.get().apply(null, ["invalid", "x"]); }')).toEqual([
    {
      k: "call",
      column: 36,
      callee: { name: "apply", member: true, ref: { k: "unknown", why: "`x.get().apply` is a method of an object: the census cannot tell which function it is" } },
    },
  ]);
});
