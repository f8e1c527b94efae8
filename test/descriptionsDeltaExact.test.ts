// descriptions --base's comparison and its three outputs to the byte, on hand-made rows: the order of the movers,
// sizes the census cannot see, SKUs on one side only, catalogs that do not move, and the colours of added and removed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareRows, deltaJson, deltaMarkdown, formatDelta, runDescriptionsDelta, type DeltaResult } from "../census/descriptions/delta.js";
import { UsageError } from "../src/errors.js";
import type { DescriptionRow } from "../src/model.js";

const row = (sku: string, tool: string, served: number | null, tokens: number | null): DescriptionRow => ({ sku, tool, served, tail: null, cap: 1024, tokens, entryTokens: null, routes: [], unmentioned: [] });

const BEFORE = [row("full", "grow", 100, 20), row("full", "same", 50, 10), row("full", "gone", 30, 6), row("full", "unseen", null, null), row("lite", "shrink", 80, 16), row("full", "tie_b", 10, 2), row("full", "tie_a", 10, 2), row("zero", "t", 5, 1)];
const AFTER = [row("full", "grow", 130, 26), row("full", "same", 50, 10), row("full", "new", 40, 8), row("full", "unseen", 60, null), row("lite", "shrink", 70, 15), row("full", "tie_b", 11, 2), row("full", "tie_a", 11, 2), row("zero", "t", 5, 1), row("fresh", "x", 7, 2)];

function result(head: DeltaResult["head"] = { rev: "HEAD", commit: "fedcba9876543210" }): DeltaResult {
  return { config: "payload-census.config.json", base: { rev: "main", commit: "0123456789abcdef" }, head, ...compareRows(BEFORE, AFTER) };
}

describe("compareRows", () => {
  it("orders the movers by tokens, then characters, then SKU and name; an unseen size moves by nothing", () => {
    expect(compareRows(BEFORE, AFTER).tools).toStrictEqual([{"sku": "full", "tool": "new", "status": "added", "before": null, "after": {"served": 40, "tokens": 8}, "delta": {"served": 40, "tokens": 8}}, {"sku": "full", "tool": "gone", "status": "removed", "before": {"served": 30, "tokens": 6}, "after": null, "delta": {"served": -30, "tokens": -6}}, {"sku": "full", "tool": "grow", "status": "changed", "before": {"served": 100, "tokens": 20}, "after": {"served": 130, "tokens": 26}, "delta": {"served": 30, "tokens": 6}}, {"sku": "fresh", "tool": "x", "status": "added", "before": null, "after": {"served": 7, "tokens": 2}, "delta": {"served": 7, "tokens": 2}}, {"sku": "lite", "tool": "shrink", "status": "changed", "before": {"served": 80, "tokens": 16}, "after": {"served": 70, "tokens": 15}, "delta": {"served": -10, "tokens": -1}}, {"sku": "full", "tool": "tie_a", "status": "changed", "before": {"served": 10, "tokens": 2}, "after": {"served": 11, "tokens": 2}, "delta": {"served": 1, "tokens": 0}}, {"sku": "full", "tool": "tie_b", "status": "changed", "before": {"served": 10, "tokens": 2}, "after": {"served": 11, "tokens": 2}, "delta": {"served": 1, "tokens": 0}}, {"sku": "full", "tool": "same", "status": "same", "before": {"served": 50, "tokens": 10}, "after": {"served": 50, "tokens": 10}, "delta": {"served": 0, "tokens": 0}}, {"sku": "full", "tool": "unseen", "status": "changed", "before": {"served": null, "tokens": null}, "after": {"served": 60, "tokens": null}, "delta": {"served": null, "tokens": null}}, {"sku": "zero", "tool": "t", "status": "same", "before": {"served": 5, "tokens": 1}, "after": {"served": 5, "tokens": 1}, "delta": {"served": 0, "tokens": 0}}]);
  });

  it("a description of the same size in other tokens has changed", () => {
    expect(compareRows([row("full", "t", 20, 4)], [row("full", "t", 20, 5)]).tools.map((d) => d.status)).toEqual(["changed"]);
  });

  it("a size the census can no longer see moves by nothing it can say", () => {
    expect(compareRows([row("full", "t", 20, 4)], [row("full", "t", null, null)]).tools[0]!.delta).toStrictEqual({ served: null, tokens: null });
  });

  it("totals each SKU's catalog, with the change in percent of the base (none for a base of 0)", () => {
    expect(compareRows(BEFORE, AFTER).catalogs).toStrictEqual([{"sku": "fresh", "before": {"served": 0, "tokens": 0}, "after": {"served": 7, "tokens": 2}, "delta": {"served": 7, "tokens": 2}, "percent": {"served": null, "tokens": null}}, {"sku": "full", "before": {"served": 200, "tokens": 40}, "after": {"served": 302, "tokens": 48}, "delta": {"served": 102, "tokens": 8}, "percent": {"served": 51, "tokens": 20}}, {"sku": "lite", "before": {"served": 80, "tokens": 16}, "after": {"served": 70, "tokens": 15}, "delta": {"served": -10, "tokens": -1}, "percent": {"served": -12.5, "tokens": -6.2}}, {"sku": "zero", "before": {"served": 5, "tokens": 1}, "after": {"served": 5, "tokens": 1}, "delta": {"served": 0, "tokens": 0}, "percent": {"served": 0, "tokens": 0}}]);
  });
});

describe("the text table", () => {
  it("every tool, the catalogs and the verdict", () => {
    expect(formatDelta(result(), { color: false, quiet: false })).toBe(
      [
        "base main (0123456) → head HEAD (fedcba9) · config payload-census.config.json",
        "",
        "  sku    tool    chars    →    Δ  tokens   →   Δ",
        "  full   new         –   40  +40       –   8  +8  added",
        "  full   gone       30    –  −30       6   –  −6  removed",
        "  full   grow      100  130  +30      20  26  +6",
        "  fresh  x           –    7   +7       –   2  +2  added",
        "  lite   shrink     80   70  −10      16  15  −1",
        "  full   tie_a      10   11   +1       2   2   0",
        "  full   tie_b      10   11   +1       2   2   0",
        "  full   same       50   50    0      10  10   0",
        "  full   unseen      ?   60    ?       ?   ?   ?",
        "  zero   t           5    5    0       1   1   0",
        "",
        "fresh catalog: 0 → 7 chars (+7), 0 → 2 tokens (+2)",
        "full catalog: 200 → 302 chars (+102, +51%), 40 → 48 tokens (+8, +20%)",
        "lite catalog: 80 → 70 chars (−10, −12.5%), 16 → 15 tokens (−1, −6.2%)",
        "zero catalog: 5 → 5 chars (0, 0%), 1 → 1 tokens (0, 0%)",
        "",
        "10 tools: 5 changed, 2 added, 1 removed, 2 unchanged",
      ].join("\n") + "\n",
    );
  });

  it("quiet: the tools that changed, added in yellow and removed in red", () => {
    expect(formatDelta(result(), { color: true, quiet: true })).toBe("  full   new         –   40  +40       –   8  +8  \u001b[33madded\u001b[39m\n  full   gone       30    –  −30       6   –  −6  \u001b[31mremoved\u001b[39m\n  full   grow      100  130  +30      20  26  +6\n  fresh  x           –    7   +7       –   2  +2  \u001b[33madded\u001b[39m\n  lite   shrink     80   70  −10      16  15  −1\n  full   tie_a      10   11   +1       2   2   0\n  full   tie_b      10   11   +1       2   2   0\n  full   unseen      ?   60    ?       ?   ?   ?\n");
  });

  it("says when neither revision has a tool, and names the working tree as the head", () => {
    // No catalog on either side is no block of its own: one blank line between the blocks there are.
    expect(formatDelta({ ...result(null), tools: [], catalogs: [] }, { color: false, quiet: false })).toBe(
      "base main (0123456) → head the working tree · config payload-census.config.json\n\n  no tool in either revision\n\n0 tools: 0 changed, 0 added, 0 removed, 0 unchanged\n",
    );
  });
});

describe("the Markdown table", () => {
  it("the tools that changed, then the catalogs, then how many did not", () => {
    expect(deltaMarkdown(result())).toBe(
      [
        "### Tool descriptions: `main` → `HEAD`",
        "",
        "| SKU | tool | chars before | chars after | Δ chars | tokens before | tokens after | Δ tokens |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
        "| full | new (added) | – | 40 | +40 | – | 8 | +8 |",
        "| full | gone (removed) | 30 | – | −30 | 6 | – | −6 |",
        "| full | grow | 100 | 130 | +30 | 20 | 26 | +6 |",
        "| fresh | x (added) | – | 7 | +7 | – | 2 | +2 |",
        "| lite | shrink | 80 | 70 | −10 | 16 | 15 | −1 |",
        "| full | tie\\_a | 10 | 11 | +1 | 2 | 2 | 0 |",
        "| full | tie\\_b | 10 | 11 | +1 | 2 | 2 | 0 |",
        "| full | unseen | ? | 60 | ? | ? | ? | ? |",
        "| fresh | **catalog** | 0 | 7 | +7 | 0 | 2 | +2 |",
        "| full | **catalog** | 200 | 302 | +102 (+51%) | 40 | 48 | +8 (+20%) |",
        "| lite | **catalog** | 80 | 70 | −10 (−12.5%) | 16 | 15 | −1 (−6.2%) |",
        "| zero | **catalog** | 5 | 5 | 0 (0%) | 1 | 1 | 0 (0%) |",
        "",
        "2 tools unchanged.",
      ].join("\n") + "\n",
    );
  });

  it("says when every tool changed, and names the working tree as the head", () => {
    const r = result(null);
    r.tools = r.tools.filter((d) => d.status !== "same");
    const lines = deltaMarkdown(r).split("\n");
    expect(lines[0]).toBe("### Tool descriptions: `main` → the working tree");
    expect(lines.slice(-3)).toEqual(["", "Every tool's description changed.", ""]);
  });
});

describe("the JSON", () => {
  it("has every key in a fixed order, and a null head for the working tree", () => {
    const parsed = JSON.parse(deltaJson(result(null))) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(["schemaVersion", "config", "base", "head", "tools", "catalogs"]);
    expect(parsed.head).toEqual({ rev: null, commit: null });
    const r = result();
    expect(deltaJson(r)).toBe(
      JSON.stringify({ schemaVersion: 1, config: "payload-census.config.json", base: { rev: "main", commit: "0123456789abcdef" }, head: { rev: "HEAD", commit: "fedcba9876543210" }, tools: r.tools, catalogs: r.catalogs }, null, 2) + "\n",
    );
  });
});

describe("outside a repository", () => {
  it("names descriptions --base in the usage error", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "payload-census-delta-"));
    try {
      const run = runDescriptionsDelta({ base: "main", head: undefined, configFile: undefined, dir: undefined }, dir);
      await expect(run).rejects.toBeInstanceOf(UsageError);
      await expect(run).rejects.toThrow(/: descriptions --base reads revisions with git, run it from a folder of the repository$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
