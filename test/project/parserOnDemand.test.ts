// withParserOnDemand loads the parser only for the error that asks for it (ParserNeeded): any other error of the step
// is the step's own and ends the call at once, the parser not loaded and the step not run again.
import { describe, expect, it } from "vitest";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/config/load.js";
import { extractOptionsOf, FactStore, ParserNeeded } from "../../src/project/factStore.js";
import { withParserOnDemand } from "../../src/project/parser.js";

const monitor = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures", "monitor");
/** A store with no extractor, as a warm run starts. */
const store = () => new FactStore(extractOptionsOf(loadConfig({ dir: monitor })));

describe("withParserOnDemand", () => {
  it("an error other than ParserNeeded is thrown as it is, after one run of the step, with no parser loaded", async () => {
    const facts = store();
    let runs = 0;
    const failing = new RangeError("the step's own error");
    await expect(
      withParserOnDemand(facts, () => {
        runs++;
        throw failing;
      }),
    ).rejects.toBe(failing);
    expect(runs).toBe(1);
    expect(facts.hasExtractor).toBe(false);
  });

  it("ParserNeeded loads the parser into the store and runs the step again", async () => {
    const facts = store();
    let runs = 0;
    const result = await withParserOnDemand(facts, () => {
      runs++;
      if (!facts.hasExtractor) throw new ParserNeeded("src/a.ts");
      return "done";
    });
    expect([result, runs, facts.hasExtractor]).toEqual(["done", 2, true]);
  });

  it("ParserNeeded with the parser loaded already is thrown: the step cannot be helped", async () => {
    const facts = store();
    let runs = 0;
    const needed = new ParserNeeded("src/a.ts");
    await expect(
      withParserOnDemand(facts, () => {
        runs++;
        if (facts.hasExtractor) throw needed;
        throw new ParserNeeded("src/a.ts");
      }),
    ).rejects.toBe(needed);
    expect(runs).toBe(2);
  });
});
