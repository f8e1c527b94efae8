// Metamorphic invariants: rewrites that keep a monitor's meaning (comments, line breaks, parentheses, casts, new local
// names, the other tool shape, another file order) keep its findings, moved only where the rewrite moved the code, and
// its counts. Run on the reference monitor, every red and near-miss fixture, every tool shape, and generated tools.
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { programArb } from "./arbitraries.js";
import { differences, type FileMaps, type QuoteRule } from "./compare.js";
import { legalize, printProgram, TOOL_FRAME } from "./language.js";
import { applyRewrite, casts, comments, hasSyntaxErrors, lineBreaks, parentheses, parse, renameLocals, toolShapes, type Rewrite, type Rewritten } from "./rewrites.js";
import { runParameters } from "./runs.js";
import { TEMPLATE_MONITOR } from "./tracer.js";
import { censusOf, readTree, tempDir, type Tree, writeTree } from "./trees.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");

interface Transformation {
  readonly name: string;
  readonly quotes: QuoteRule;
  /** The rewrite of one file (fresh per file: some count or look up as they go). */
  readonly rewrite: (file: ReturnType<typeof parse>) => Rewrite;
}

const TRANSFORMATIONS: readonly Transformation[] = [
  { name: "comments before every node and statement", quotes: "canonical", rewrite: () => comments },
  { name: "blank lines between statements and line breaks inside expressions", quotes: "canonical", rewrite: () => lineBreaks },
  { name: "parentheses around every value", quotes: "ignored", rewrite: () => parentheses },
  { name: "as / satisfies / ! on every value written, returned or passed", quotes: "ignored", rewrite: () => casts() },
  { name: "every local renamed", quotes: "ignored", rewrite: (sf) => renameLocals(sf) },
  { name: "registerTool(name, { description }, handler) and tool(name, description, handler) swapped", quotes: "exact", rewrite: () => toolShapes },
];

/** The tree with every TypeScript file that parses rewritten, and the map of each rewritten file. */
function transformed(tree: Tree, t: Transformation): { tree: Tree; maps: Map<string, Rewritten> } {
  const out: Tree = new Map();
  const maps = new Map<string, Rewritten>();
  for (const [file, text] of tree) {
    if (!file.endsWith(".ts") || hasSyntaxErrors(file, text)) {
      out.set(file, text);
      continue;
    }
    const sf = parse(file, text);
    const r = applyRewrite(sf, t.rewrite(sf));
    if (hasSyntaxErrors(file, r.after)) throw new Error(`${t.name}: ${file} no longer parses:\n${r.after}`);
    out.set(file, r.after);
    if (r.after !== text) maps.set(file, r);
  }
  return { tree: out, maps };
}

/** Runs the census on `tree` written into a scratch folder (emptied first). */
function censusOfTree(scratch: string, tree: Tree, order?: (files: string[]) => string[]) {
  rmSync(scratch, { recursive: true, force: true });
  writeTree(scratch, tree, order);
  return censusOf(scratch);
}

type Census = ReturnType<typeof censusOf>;

/** Rewrite, census again: the findings agree with `before` once mapped, the counts exactly. Returns the rewritten files. */
function check(scratch: string, label: string, tree: Tree, t: Transformation, before: Census = censusOfTree(scratch, tree)): FileMaps {
  const { tree: after, maps } = transformed(tree, t);
  const now = censusOfTree(scratch, after);
  const diff = differences(before.findings, now.findings, maps, t.quotes);
  expect(diff, `${label}, ${t.name}: findings changed`).toEqual([]);
  expect(now.counts, `${label}, ${t.name}: counts changed`).toEqual(before.counts);
  return maps;
}

/** The reference monitor, every red and near-miss fixture, and every tool shape of fixtures/shapes. */
function cases(): [string, string][] {
  const out: [string, string][] = [["monitor", path.join(fixtures, "monitor")]];
  for (const kind of ["red", "near-miss"]) {
    for (const rule of readdirSync(path.join(fixtures, kind))) {
      if (rule.endsWith(".md")) continue;
      for (const name of readdirSync(path.join(fixtures, kind, rule))) out.push([`${kind}/${rule}/${name}`, path.join(fixtures, kind, rule, name)]);
    }
  }
  for (const shape of readdirSync(path.join(fixtures, "shapes"))) {
    if (!shape.endsWith(".md")) out.push([`shapes/${shape}`, path.join(fixtures, "shapes", shape)]);
  }
  return out.sort();
}

const CASES = cases();

describe("rewrites that keep the meaning keep the findings: reference monitor and fixtures", () => {
  const scratch = tempDir("metamorphic");
  // Each case's own census, run once where it lies and shared by every rewrite.
  const originals = new Map<string, Census>();
  const original = (name: string, dir: string): Census => {
    if (!originals.has(name)) originals.set(name, censusOf(dir));
    return originals.get(name)!;
  };
  for (const t of TRANSFORMATIONS) {
    it(t.name, () => {
      let rewritten = 0;
      for (const [name, dir] of CASES) {
        const tree = readTree(dir);
        tree.delete("expected.json");
        rewritten += check(path.join(scratch, "case"), name, tree, t, original(name, dir)).size;
      }
      // A rewrite that touches nothing proves nothing.
      expect(rewritten, `${t.name}: files rewritten`).toBeGreaterThan(t.name.startsWith("registerTool") ? 10 : 100);
    });
  }

  it("tool files created in another order", () => {
    for (const [name, dir] of CASES) {
      const tree = readTree(dir);
      tree.delete("expected.json");
      const before = original(name, dir);
      for (const order of [(f: string[]) => [...f].reverse(), (f: string[]) => [...f.slice(1), ...f.slice(0, 1)]]) {
        expect(censusOfTree(path.join(scratch, "case"), tree, order), name).toEqual(before);
      }
    }
  });
});

describe("rewrites that keep the meaning keep the findings: generated tools", () => {
  const scratch = tempDir("metamorphic-generated");
  const template = readTree(TEMPLATE_MONITOR);
  template.delete("expected.json");
  template.delete("src/tools/top.ts");

  it("every rewrite, on tools whose bodies the generator drew", () => {
    fc.assert(
      fc.property(programArb, fc.constantFrom(...TRANSFORMATIONS), (raw, t) => {
        const tree = new Map(template);
        tree.set("src/tools/generated.ts", printProgram(legalize(raw), TOOL_FRAME).text);
        check(path.join(scratch, "case"), "a generated tool", tree, t);
      }),
      runParameters(120),
    );
  });
});
