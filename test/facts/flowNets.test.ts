// The tracer's nets under the flow walker (reachingDefinitions): every syntax form the census knows is walked, so no
// source leaves a reference unvisited or a write unapplied; should a form ever be missed, the answer must still be no
// guess. The walker's miss is played here by its run being cut short (a spy on Flow.prototype.run).
import { afterEach, describe, expect, it, vi } from "vitest";
import { Flow } from "../../src/facts/flow.js";
import { reachingDefinitions } from "../../src/facts/reachingDefinitions.js";
import { parseSource, ts } from "../../src/ts.js";

afterEach(() => {
  vi.restoreAllMocks();
});

/** The identifier `return x;` of the source's function returns. */
function returned(source: string): ts.Identifier {
  let found: ts.Identifier | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression && ts.isIdentifier(node.expression)) found = node.expression;
    ts.forEachChild(node, visit);
  };
  visit(parseSource("case.ts", source));
  if (!found) throw new Error("no `return x;` in the source");
  return found;
}

const SOURCE = ["export function f(flag: boolean) {", '  let x = "a";', '  if (flag) x = "b";', "  return x;", "}"].join("\n");

const shown = (defs: ReturnType<typeof reachingDefinitions>) =>
  defs.map((d) => ({ kind: d.kind, text: d.node.getText(), ...(d.reason === undefined ? {} : { reason: d.reason }) }));

describe("the nets under the flow walker", () => {
  it("unspied, both writes reach the reference", () => {
    expect(shown(reachingDefinitions(returned(SOURCE))).map((d) => d.text)).toEqual(['x = "a"', 'x = "b"']);
  });

  it("a reference the walker never reached is untraceable, saying so", () => {
    vi.spyOn(Flow.prototype, "run").mockImplementation(() => new Set());
    const reference = returned(SOURCE);
    expect(shown(reachingDefinitions(reference))).toEqual([
      { kind: "untraceable", text: "x", reason: "the control flow to this reference could not be followed" },
    ]);
  });

  it("a write the walker never applied may reach, and is kept", () => {
    const run = Flow.prototype.run;
    vi.spyOn(Flow.prototype, "run").mockImplementation(function (this: Flow, ...args: Parameters<Flow["run"]>) {
      const state = run.apply(this, args);
      // The walker "missed" the write in the `if`: it neither applied it nor let it reach.
      const [missed] = [...this.appliedWrites].filter((node) => node.getText() === 'x = "b"');
      this.appliedWrites.delete(missed!);
      return state === null ? null : new Set([...state].filter((d) => d.def.node !== missed));
    });
    expect(shown(reachingDefinitions(returned(SOURCE))).map((d) => d.text)).toEqual(['x = "a"', 'x = "b"']);
  });
});
