// loadRoster: a missing roster is empty, a valid one keeps each entry's line, a broken one is a ConfigError naming the entry's JSON path.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_FILE_NAME, loadConfig, loadRoster } from "../../src/config/load.js";
import { ConfigError } from "../../src/errors.js";
import { shown, tempTree } from "./tempTree.js";

const CONFIG = JSON.stringify({
  skus: [{ name: "only", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }],
  roster: "census/roster.json",
});

function monitor(roster?: string): string {
  return tempTree({
    "src/helpers.ts": "export {};\n",
    "src/tools/waits.ts": "export {};\n",
    [CONFIG_FILE_NAME]: CONFIG,
    ...(roster === undefined ? {} : { "census/roster.json": roster }),
  });
}

const ROSTER = `{
  "$schema": "../node_modules/payload-census/schema/roster.schema.json",
  "schemaVersion": 1,
  "entries": [
    { "file": "src/tools/waits.ts", "tool": "get_wait_stats", "sentence": "No waits recorded." },
    // two returns of the same sentence
    {
      "file": "src/tools/plans.ts",
      "tool": "get_plan",
      "sentence": "No plan XML provided for \${…}.",
      "count": 2,
      "note": "the SDK shows it as text",
    },
  ],
}
`;

/** `line:column` of `snippet` on a 1-based line of `text`, counted from the text rather than by hand. */
function place(text: string, line: number, snippet: string): string {
  const column = (text.split("\n")[line - 1] ?? "").indexOf(snippet);
  expect(column, `${snippet} on line ${line}`).toBeGreaterThanOrEqual(0);
  return `${line}:${column + 1}`;
}

describe("loadRoster", () => {
  it("a missing roster file: empty, exists false", () => {
    const dir = monitor();
    expect(loadRoster(loadConfig({ dir }))).toEqual({ file: join(dir, "census/roster.json"), exists: false, entries: [] });
  });

  it("a valid roster (JSON with comments): entries as written, each with the line of its {", () => {
    const dir = monitor(ROSTER);
    expect(loadRoster(loadConfig({ dir }))).toEqual({
      file: join(dir, "census/roster.json"),
      exists: true,
      entries: [
        { file: "src/tools/waits.ts", tool: "get_wait_stats", sentence: "No waits recorded.", line: 5, column: 5 },
        {
          file: "src/tools/plans.ts",
          tool: "get_plan",
          sentence: "No plan XML provided for ${…}.",
          count: 2,
          note: "the SDK shows it as text",
          line: 7,
          column: 5,
        },
      ],
    });
  });

  it("an invalid entry: ConfigError with the roster file and the entry's JSON path", () => {
    const text = ROSTER.replace('"sentence": "No waits recorded."', '"sentence": 42').replace('"count": 2', '"count": 0');
    const dir = monitor(text);
    const config = loadConfig({ dir });
    const file = join(dir, "census/roster.json");
    let caught: unknown;
    try {
      loadRoster(config);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.file).toBe(file);
    expect(error.jsonPath).toBe("entries[0].sentence");
    expect(error.message.split("\n")).toEqual([
      `Invalid roster ${shown(file)} (2 problems):`,
      `  ${shown(file)}:${place(text, 5, '"sentence"')}  entries[0].sentence: expected string, got number 42`,
      `  ${shown(file)}:${place(text, 11, '"count"')}  entries[1].count: expected an integer ≥ 1, got 0`,
    ]);
  });

  it("a wrong schemaVersion, a missing key and an unknown key", () => {
    const text = '{ "schemaVersion": 2, "entries": [ { "file": "a.ts", "sentence": "x", "tools": "t" } ] }';
    const dir = monitor(text);
    const file = shown(join(dir, "census/roster.json"));
    expect(() => loadRoster(loadConfig({ dir }))).toThrow(
      [
        `Invalid roster ${file} (3 problems):`,
        `  ${file}:${place(text, 1, '"schemaVersion"')}  schemaVersion: expected 1, got 2`,
        // A missing key is placed at its object.
        `  ${file}:${place(text, 1, "{ \"file\"")}  entries[0].tool: missing required key; expected a string`,
        `  ${file}:${place(text, 1, '"tools"')}  entries[0].tools: unknown key "tools" (did you mean "tool"?); allowed keys: file, tool, sentence, count, note`,
      ].join("\n"),
    );
  });

  it("a roster that is not JSON: the line and column of the syntax error", () => {
    const dir = monitor('{\n  "schemaVersion": 1,\n  "entries": [\n    { "file": "a.ts", }\n    { }\n  ]\n}\n');
    const file = shown(join(dir, "census/roster.json"));
    // The path is where the parser was: still after the first entry, which the missing ',' never closed.
    expect(() => loadRoster(loadConfig({ dir }))).toThrow(`\n  ${file}:5:5  entries[0]: invalid JSON: expected ','`);
  });
});
