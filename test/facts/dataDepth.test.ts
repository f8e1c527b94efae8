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

it("a template whose element part is nested 70 templates deep is not joined: the reader stops 64 levels down, and the evaluator's text stands", () => {
  const nested = (n: number) => `${"`a${".repeat(n)}t.name${"}`".repeat(n)}`;
  const nameOf = (n: number) => {
    const facts = extractFileFacts("deep.ts", `export const TOOLS = ["x"].map((t) => ({ name: ${nested(n)} }));\n`, options);
    const tools = facts.data["TOOLS"]!;
    if (tools.k !== "map" || tools.element.k !== "object") throw new Error("not a map of objects");
    const entry = tools.element.entries[0]!;
    if (!("value" in entry)) throw new Error("not a keyed entry");
    return entry.value;
  };
  expect(nameOf(10).k).toBe("concat");
  expect(nameOf(70)).toMatchObject({ k: "string", expr: { k: "cat", parts: [{ k: "str", v: "a".repeat(70) }, { k: "unknown", why: "`t` is a parameter" }] } });
});
