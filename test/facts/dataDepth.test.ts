// Data nested deeper than the reader follows (64 levels) is one unknown that says so, not a stack overflow or a guess.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import type { DataValue } from "../../src/facts/types.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";
import { innermost } from "./dataReader.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it("arrays nested 70 deep are read 64 levels down, then reported as too deeply nested", () => {
  const deep = `${"[".repeat(70)}"x"${"]".repeat(70)}`;
  const facts = extractFileFacts("deep.ts", `export const TOOLS = ${deep};\n`, options);
  const { arrays, inside } = innermost(facts.data["TOOLS"]!);
  expect(arrays).toBe(64);
  expect(inside).toEqual({ k: "unknown", why: `\`${"[".repeat(6)}"x"${"]".repeat(6)}\` is nested too deeply to read`, loc: { line: 1, column: 86 } });
});

it("arrays nested 63 deep are read to the bottom", () => {
  const deep = `${"[".repeat(63)}"x"${"]".repeat(63)}`;
  const facts = extractFileFacts("deep.ts", `export const TOOLS = ${deep};\n`, options);
  const { arrays, inside } = innermost(facts.data["TOOLS"]!);
  expect(arrays).toBe(63);
  expect(inside.k).not.toBe("unknown");
});

it("spreads count as nesting too: 70 nested spreads are read 64 levels down", () => {
  const deep = `${"[...".repeat(70)}["x"]${"]".repeat(70)}`;
  const facts = extractFileFacts("deep.ts", `export const TOOLS = ${deep};\n`, options);
  let arrays = 0;
  let current: DataValue = facts.data["TOOLS"]!;
  while (current.k === "array") {
    arrays++;
    const item = current.items[0];
    if (!item || !("spread" in item)) break;
    current = item.spread;
  }
  expect(arrays).toBe(64);
  expect(current).toMatchObject({ k: "unknown", why: expect.stringMatching(/is nested too deeply to read$/) });
});
