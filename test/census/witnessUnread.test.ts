// The witness over a census whose files cannot be read any more (removed after the census ran): every check whose
// change is to a file offers no site, and says why, rather than mutating a text it does not have; the floor's change is
// to the config alone and stands.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { sitesOf } from "../../census/witness/sites.js";
import { loadConfig } from "../../src/config/load.js";
import { analyzeSku } from "../../src/project/analyzeSku.js";
import { extractingStore } from "../../src/project/census.js";
import { SkuContext } from "../../src/project/context.js";

const monitor = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures", "monitor");
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the witness's sites when the census's files are gone", () => {
  it("are none for a change to a file, each with its reason; the floor's config change stands", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "payload-census-witness-unread-"));
    made.push(dir);
    cpSync(monitor, dir, { recursive: true });
    const config = loadConfig({ dir });
    const store = extractingStore(config);
    const views = config.skus.map((sku) => {
      const ctx = new SkuContext(config, sku, store);
      return { ctx, analysis: analyzeSku(ctx) };
    });
    const kinds = () => sitesOf(config, views).map((s) => [s.rule, "file" in s ? (s.text === null ? "config" : "text") : s.why]);
    expect(kinds().every(([rule, kind]) => kind === (rule === "floor" ? "config" : "text"))).toBe(true);
    rmSync(path.join(dir, "full"), { recursive: true });
    rmSync(path.join(dir, "lite"), { recursive: true });
    expect(kinds()).toEqual([
      ["pass-through-producer", "the census finds no guarded pass-through that passes"],
      ["bare-sentence-roster", "no tool returns a bare sentence written as a literal"],
      ["hand-built-status", "the SKU has no tool file"],
      ["one-failure-producer", "the helpers module declares no function formatError"],
      ["one-refusal-producer", "the helpers module declares no function refusal"],
      ["validator-builds-refusal", "no validator is declared in a validator module"],
      ["floor", "config"],
      ["parse-error", "the SKU has no tool file that parses"],
      ["description-budget", "no tool's description is written as a literal"],
      ["description-pointer", "no tool's description without a tail is written as a literal"],
      ["description-issue-ref", "no tool's description is written as a literal"],
      ["description-pin", "no pinned phrase is written in place in its tool's description"],
      ["status-route", "no tool's description is written as a literal, with every route of the tool in sight and a configured word it never returns"],
      ["parity-pin", "no SKU's instructions hold a pinned fragment in place"],
      ["tool-discovery", "the SKU has no two tools named by string literals"],
    ]);
  });
});
